import type { LightElement as Element } from '../../xml/light-dom';
import { localName, parentElement } from './dom';

/** The 19139 → 19115-1 renames of classes and properties (cw:class3, cw:prop3). */

/** 19139 class names that ISO 19115-1 renamed (namespace-independent). */
export const CLASS_RENAMES: ReadonlyMap<string, string> = new Map([
  ['MI_Metadata', 'MD_Metadata'], ['RS_Identifier', 'MD_Identifier'], ['DQ_Scope', 'MD_Scope'], ['Country', 'CountryCode'],
  ['DQ_NonQuantitativeAttributeAccuracy', 'DQ_NonQuantitativeAttributeCorrectness'], ['DQ_Usability', 'DQ_UsabilityElement'],
  ['QE_Usability', 'DQ_UsabilityElement'], ['CI_ResponsibleParty', 'CI_Responsibility'], ['MD_AggregateInformation', 'MD_AssociatedResource'],
]);

/** cw:class3 */
export const class3 = (el: Element): string => {
  const local = localName(el);
  return CLASS_RENAMES.get(local) ?? local;
};

/** cw:prop3: (class of 19139, property) → 19115-1 property name */
export function prop3(p: Element): string {
  const n = localName(p);
  const parent = parentElement(p);
  const c = parent ? localName(parent) : '';
  switch (n) {
    case 'languageCode': return c === 'PT_Locale' ? 'language' : n;
    case 'descriptor': return 'description';
    case 'restrictions': return c === 'SV_ServiceIdentification' ? 'resourceConstraints' : n;
    case 'keywords': return c === 'SV_ServiceIdentification' ? 'descriptiveKeywords' : n;
    case 'DCP': return 'distributedComputingPlatform';
    case 'parameters': return c === 'SV_OperationMetadata' ? 'parameter' : n;
    case 'valueType': return c === 'DQ_QuantitativeResult' ? 'valueRecordType' : n;
    case 'aggregationInfo': return 'associatedResource';
    case 'collectiveTitle': return 'otherCitationDetails';
    case 'dateTime': return c.endsWith('ProcessStep') ? 'stepDateTime' : n;
    default: return n;
  }
}
