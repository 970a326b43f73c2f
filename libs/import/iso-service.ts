import type { Element } from '@xmldom/xmldom';
import type { MetadataDoc, OperatesOn, ServiceOperation } from '../catalogue/record.types';
import { clean, first, propText, select, textAt, textsAt, type NsPredicate } from './dom';
import type { MapContext } from './map-context';
import { XLINK } from './rich-view-text';
import { normaliseUrl } from './values';

/**
 * srv:SV_ServiceIdentification's own properties (issue 19 §4): serviceTypeVersion, couplingType,
 * containsOperations and operatesOn. ISO 19139 (srv 2005) and ISO 19115-3 (srv 2.0) share the
 * local names except the operation's platform: srv:DCP (19139) / srv:distributedComputingPlatform.
 */
export function readService(ident: Element, ns: NsPredicate, ctx: MapContext): Pick<MetadataDoc, 'serviceTypeVersions' | 'couplingType' | 'operations' | 'operatesOn'> {
  const out: Pick<MetadataDoc, 'serviceTypeVersions' | 'couplingType' | 'operations' | 'operatesOn'> = {};
  const versions = [...new Set(textsAt(ident, 'serviceTypeVersion', ns))];
  if (versions.length) out.serviceTypeVersions = versions;
  const coupling = ctx.enumCode('/couplingType', first(ident, 'couplingType', ns));
  if (coupling) out.couplingType = coupling;
  const operations = select(ident, 'containsOperations/SV_OperationMetadata', ns).map((op) => readOperation(op, ns, ctx))
    .filter((op): op is ServiceOperation => op !== undefined);
  if (operations.length) out.operations = operations;
  const operatesOn = select(ident, 'operatesOn', ns).map((o) => readOperatesOn(o, ctx)).filter((o): o is OperatesOn => o !== undefined);
  if (operatesOn.length) out.operatesOn = operatesOn;
  return out;
}

function readOperation(op: Element, ns: NsPredicate, ctx: MapContext): ServiceOperation | undefined {
  const name = textAt(op, 'operationName', ns);
  if (!name) return undefined;
  const out: ServiceOperation = { name };
  const dcpEl = first(op, 'DCP', ns) ?? first(op, 'distributedComputingPlatform', ns);
  const dcp = dcpEl ? clean(first(dcpEl, 'DCPList', ns)?.getAttribute('codeListValue')) ?? propText(dcpEl) : undefined;
  if (dcp) out.dcp = dcp;
  // the first connect point that is a fetchable address (our schema); every connect point is also a distribution
  const linkages = select(op, 'connectPoint/CI_OnlineResource/linkage', ns).map(propText).filter((x): x is string => !!x);
  const url = linkages.map(normaliseUrl).find(Boolean);
  if (url) out.url = url;
  else if (linkages.length) ctx.warn(`Alamat operasi ${name} "${linkages[0]}" bukan URL http/https/ftp; disimpan di dokumen saja.`);
  return out;
}

/** By reference: @uuidref, @xlink:href (a fetchable address only, our schema) and @xlink:title. */
function readOperatesOn(o: Element, ctx: MapContext): OperatesOn | undefined {
  const out: OperatesOn = {};
  const uuidref = clean(o.getAttribute('uuidref'));
  const rawHref = clean(o.getAttributeNS(XLINK, 'href'));
  const title = clean(o.getAttributeNS(XLINK, 'title'));
  if (uuidref) out.uuidref = uuidref;
  const href = normaliseUrl(rawHref);
  if (href) out.href = href;
  else if (rawHref) ctx.warn(`Tautan operatesOn "${rawHref}" bukan URL http/https/ftp; disimpan di dokumen saja.`);
  if (title) out.title = title;
  return Object.keys(out).length ? out : undefined;
}
