import { CSW_SCHEMA_LOCATION, NS } from '../namespaces';
import { XML_DECLARATION, el, textEl } from '../../xml/xml-text';

export interface DomainValuesInput {
  kind: 'ParameterName' | 'PropertyName';
  name: string;
  /** undefined: the domain is not enumerable (geometry, free text) — no ListOfValues */
  values: readonly string[] | undefined;
}

export function writeGetDomainResponse(d: DomainValuesInput): string {
  const list = d.values && d.values.length > 0 ? el('csw:ListOfValues', {}, ...d.values.map((v) => textEl('csw:Value', v))) : '';
  return (
    XML_DECLARATION +
    el(
      'csw:GetDomainResponse',
      { 'xmlns:csw': NS.csw, 'xmlns:xsi': NS.xsi, 'xsi:schemaLocation': CSW_SCHEMA_LOCATION },
      el('csw:DomainValues', { type: 'csw:Record' }, textEl(`csw:${d.kind}`, d.name), list),
    )
  );
}
