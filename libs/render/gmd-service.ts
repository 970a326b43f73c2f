import type { XmlNodeBuilder as XMLBuilder } from './gmd-tree';
import type { MetadataRecord } from '../catalogue/record.types';
import { codeIn, nil, str, xmlAttr, xmlText } from './gmd-xml';
import { GMD_TOPIC_CATEGORIES, decimal, positiveInteger, present } from './gmd-values';

/** A record is a service when its hierarchy level says so (MD_ScopeCode service). */
export function isService(r: MetadataRecord): boolean {
  return r.hierarchyLevel?.trim() === 'service';
}

/**
 * The srv properties of srv:SV_ServiceIdentification, in the srv schema's order: serviceType,
 * serviceTypeVersion, extent (written by `writeExtent`), couplingType, containsOperations,
 * operatesOn. couplingType and containsOperations are mandatory in ISO 19139: without a value
 * they carry a nil reason.
 */
export function serviceProperties(id: XMLBuilder, r: MetadataRecord, writeExtent: () => void): void {
  if (present(r.serviceType)) id.ele('srv:serviceType').ele('gco:LocalName').txt(xmlText(r.serviceType.trim()));
  else nil(id, 'srv:serviceType');
  for (const v of r.serviceTypeVersions ?? []) str(id, 'srv:serviceTypeVersion', v);
  writeExtent();
  if (present(r.couplingType)) codeIn(id, 'srv:couplingType', 'srv', 'SV_CouplingType', r.couplingType);
  else nil(id, 'srv:couplingType');
  const ops = (r.operations ?? []).filter((o) => present(o.name));
  if (ops.length === 0) nil(id, 'srv:containsOperations');
  for (const o of ops) {
    const op = id.ele('srv:containsOperations').ele('srv:SV_OperationMetadata');
    str(op, 'srv:operationName', o.name);
    if (present(o.dcp)) codeIn(op, 'srv:DCP', 'srv', 'DCPList', o.dcp);
    else nil(op, 'srv:DCP', 'unknown');
    if (present(o.url)) op.ele('srv:connectPoint').ele('gmd:CI_OnlineResource').ele('gmd:linkage').ele('gmd:URL').txt(xmlText(o.url.trim()));
    else nil(op, 'srv:connectPoint');
  }
  for (const d of r.operatesOn ?? []) {
    if (!present(d.uuidref) && !present(d.href)) continue;
    id.ele('srv:operatesOn', {
      uuidref: present(d.uuidref) ? xmlAttr(d.uuidref.trim()) : undefined,
      'xlink:href': present(d.href) ? xmlAttr(d.href.trim()) : undefined,
      'xlink:title': present(d.title) ? xmlAttr(d.title) : undefined,
    });
  }
}

/**
 * What ISO 19139's service identification cannot hold but 19115-3's can (topic categories,
 * spatial representation, resolutions): the mdb2018 stylesheet gets it from the record as
 * parameters, so a service's 19115-3 form keeps them. Empty for other records.
 */
export function serviceStylesheetParams(r: MetadataRecord): Record<string, string> {
  if (!isService(r)) return { 'service-topics': '', 'service-representation': '', 'service-resolutions': '' };
  const resolutions: string[] = [];
  for (const res of [r.spatialResolution, ...(r.additionalResolutions ?? [])]) {
    if (!res) continue;
    const scale = positiveInteger(res.scaleDenominator);
    if (scale) resolutions.push(`scale:${scale}`);
    const dist = res.distance !== undefined ? decimal(res.distance) : undefined;
    if (dist !== undefined) resolutions.push(`distance:${dist}:${present(res.distanceUom) ? res.distanceUom.trim().replace(/\s+/g, '') : 'm'}`);
  }
  return {
    'service-topics': (r.topicCategories ?? []).filter((t) => GMD_TOPIC_CATEGORIES.has(t)).join(' '),
    'service-representation': present(r.spatialRepresentationType) ? r.spatialRepresentationType.trim() : '',
    'service-resolutions': resolutions.join(' '),
  };
}
