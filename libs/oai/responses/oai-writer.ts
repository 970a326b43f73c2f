import type { OaiError } from '../oai-errors';
import type { OaiItem } from '../oai.ports';
import { toOaiIdentifier } from '../request/oai-identifiers';
import { itemSetSpecs } from '../oai-sets';
import { el, escapeText, textEl } from '../../xml/xml-text';

/** The OAI-PMH response document: envelope, headers, records, errors (protocol section 3.2). */

export const OAI_NS = 'http://www.openarchives.org/OAI/2.0/';
export const OAI_SCHEMA_LOCATION = `${OAI_NS} http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd`;
export const OAI_CONTENT_TYPE = 'text/xml; charset=UTF-8';

export interface RequestEcho {
  baseUrl: string;
  /** the request's arguments; left out for badVerb / badArgument answers, as the protocol says */
  args?: Record<string, string>;
  verb?: string;
}

export function envelope(responseDate: string, echo: RequestEcho, body: string): string {
  const attrs: Record<string, string> = {};
  if (echo.args) {
    if (echo.verb) attrs.verb = echo.verb;
    for (const [k, v] of Object.entries(echo.args)) attrs[k] = v;
  }
  return '<?xml version="1.0" encoding="UTF-8"?>\n'
    + `<OAI-PMH xmlns="${OAI_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${OAI_SCHEMA_LOCATION}">`
    + textEl('responseDate', responseDate)
    + textEl('request', echo.baseUrl, attrs)
    + body
    + '</OAI-PMH>\n';
}

export function errorsBody(errors: readonly OaiError[]): string {
  return errors.map((e) => textEl('error', e.message, { code: e.code })).join('');
}

/** `repositoryIdentifier` makes the item's OAI identifier (oai-identifiers.ts) */
export function header(item: OaiItem, repositoryIdentifier: string): string {
  return el(
    'header',
    item.deleted ? { status: 'deleted' } : undefined,
    textEl('identifier', toOaiIdentifier(repositoryIdentifier, item.fileIdentifier)),
    textEl('datestamp', item.datestamp),
    ...itemSetSpecs(item).map((s) => textEl('setSpec', s)),
  );
}

/** A record: a deleted item carries its header only; otherwise the metadata fragment (if any). */
export function record(item: OaiItem, metadata: string | undefined, repositoryIdentifier: string): string {
  return el('record', undefined, header(item, repositoryIdentifier), item.deleted || metadata === undefined ? '' : `<metadata>${metadata}</metadata>`);
}

export interface TokenInfo {
  token: string | undefined;
  completeListSize: number;
  cursor: number;
  expirationDate?: string;
}

/** Omitted on a complete first page; empty (with the counts) on the last page of a resumed list. */
export function resumptionToken(t: TokenInfo | undefined): string {
  if (!t) return '';
  const attrs = { expirationDate: t.token ? t.expirationDate : undefined, completeListSize: t.completeListSize, cursor: t.cursor };
  return t.token ? textEl('resumptionToken', t.token, attrs) : el('resumptionToken', attrs);
}

export { el, textEl, escapeText };
