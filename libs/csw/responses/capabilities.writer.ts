import type { CswIdentity } from '../csw-identity';
import {
  COMMON_CONSTRAINTS, COMMON_PARAMETERS, FILTER_CAPABILITIES, OPERATIONS, SERVICE_TYPE, SUPPORTED_VERSION, type Domain,
} from '../capabilities';
import { CSW_SCHEMA_LOCATION, NS } from '../namespaces';
import type { CapabilitiesSection } from '../request/csw-request';
import { XML_DECLARATION, el, textEl } from '../../xml/xml-text';

export interface CapabilitiesInput {
  identity: CswIdentity;
  /** public base URL without trailing slash; operations are advertised at `${baseUrl}/metadata/csw` */
  baseUrl: string;
  /** undefined = all sections; [] = abbreviated (root + the mandatory ogc:Filter_Capabilities) */
  sections: CapabilitiesSection[] | undefined;
  updateSequence?: string;
}

const optText = (name: string, value: string): string => (value.trim() === '' ? '' : textEl(name, value));

const domains = (tag: 'ows:Parameter' | 'ows:Constraint', list: readonly Domain[]): string =>
  list
    .filter((d) => d.values.length > 0) // ows:DomainType needs at least one Value
    .map((d) => el(tag, { name: d.name }, ...d.values.map((v) => textEl('ows:Value', v))))
    .join('');

function serviceIdentification(id: CswIdentity): string {
  return el(
    'ows:ServiceIdentification',
    {},
    optText('ows:Title', id.title),
    optText('ows:Abstract', id.abstract),
    el('ows:Keywords', {}, textEl('ows:Keyword', 'katalog'), textEl('ows:Keyword', 'metadata'), textEl('ows:Keyword', 'CSW'), textEl('ows:Type', 'theme', { codeSpace: 'ISOTC211/19115' })),
    textEl('ows:ServiceType', SERVICE_TYPE, { codeSpace: 'OGC' }),
    textEl('ows:ServiceTypeVersion', SUPPORTED_VERSION),
    textEl('ows:Fees', 'NONE'),
    textEl('ows:AccessConstraints', 'NONE'),
  );
}

function serviceProvider(id: CswIdentity): string {
  const phone = id.voice.trim() ? el('ows:Phone', {}, textEl('ows:Voice', id.voice)) : '';
  const address = id.electronicMailAddress.trim() ? el('ows:Address', {}, textEl('ows:ElectronicMailAddress', id.electronicMailAddress)) : '';
  const contactInfo = el('ows:ContactInfo', {}, phone, address, optText('ows:HoursOfService', id.hoursOfService), optText('ows:ContactInstructions', id.contactInstructions));
  return el(
    'ows:ServiceProvider',
    {},
    textEl('ows:ProviderName', id.providerName),
    el(
      'ows:ServiceContact',
      {},
      optText('ows:IndividualName', id.individualName),
      optText('ows:PositionName', id.positionName),
      contactInfo === '<ows:ContactInfo/>' ? '' : contactInfo,
      id.role.trim() ? textEl('ows:Role', id.role, { codeSpace: 'ISOTC211/19115' }) : '',
    ),
  );
}

function operationsMetadata(baseUrl: string): string {
  const href = `${baseUrl.replace(/\/+$/, '')}/metadata/csw`;
  const dcp = el(
    'ows:DCP',
    {},
    el('ows:HTTP', {}, el('ows:Get', { 'xlink:type': 'simple', 'xlink:href': href }), el('ows:Post', { 'xlink:type': 'simple', 'xlink:href': href })),
  );
  return el(
    'ows:OperationsMetadata',
    {},
    ...OPERATIONS.map((op) => el('ows:Operation', { name: op.name }, dcp, domains('ows:Parameter', op.parameters), domains('ows:Constraint', op.constraints))),
    domains('ows:Parameter', COMMON_PARAMETERS),
    domains('ows:Constraint', COMMON_CONSTRAINTS),
  );
}

export function writeFilterCapabilities(): string {
  const f = FILTER_CAPABILITIES;
  return el(
    'ogc:Filter_Capabilities',
    {},
    el(
      'ogc:Spatial_Capabilities',
      {},
      el('ogc:GeometryOperands', {}, ...f.geometryOperands.map((g) => textEl('ogc:GeometryOperand', g))),
      el('ogc:SpatialOperators', {}, ...f.spatialOperators.map((s) => el('ogc:SpatialOperator', { name: s }))),
    ),
    el(
      'ogc:Scalar_Capabilities',
      {},
      f.logicalOperators ? '<ogc:LogicalOperators/>' : '',
      el('ogc:ComparisonOperators', {}, ...f.comparisonOperators.map((c) => textEl('ogc:ComparisonOperator', c))),
      f.functions.length
        ? el(
            'ogc:ArithmeticOperators',
            {},
            el('ogc:Functions', {}, el('ogc:FunctionNames', {}, ...f.functions.map((fn) => textEl('ogc:FunctionName', fn, { nArgs: '1' })))),
          )
        : '',
    ),
    el('ogc:Id_Capabilities', {}, ...f.idCapabilities.map((i) => `<ogc:${i}/>`)),
  );
}

export function writeCapabilities(input: CapabilitiesInput): string {
  const want = (s: CapabilitiesSection): boolean => input.sections === undefined || input.sections.includes('All') || input.sections.includes(s);
  return (
    XML_DECLARATION +
    el(
      'csw:Capabilities',
      {
        'xmlns:csw': NS.csw,
        'xmlns:ows': NS.ows,
        'xmlns:ogc': NS.ogc,
        'xmlns:gml': NS.gml,
        'xmlns:xlink': NS.xlink,
        'xmlns:xsi': NS.xsi,
        version: SUPPORTED_VERSION,
        updateSequence: input.updateSequence,
        'xsi:schemaLocation': CSW_SCHEMA_LOCATION,
      },
      want('ServiceIdentification') ? serviceIdentification(input.identity) : '',
      want('ServiceProvider') ? serviceProvider(input.identity) : '',
      want('OperationsMetadata') ? operationsMetadata(input.baseUrl) : '',
      // csw:CapabilitiesType requires ogc:Filter_Capabilities, so even the abbreviated document has it
      writeFilterCapabilities(),
    )
  );
}
