/**
 * Item identifiers in the OAI identifier scheme (`oai:{repositoryIdentifier}:{local}`, the
 * protocol's guideline document "Specification and XML Schema for the OAI Identifier Format").
 * OAI-PMH requires identifiers to be URIs, and clients check it (Perl HTTP::OAI refuses a
 * plain UUID), so the record's fileIdentifier becomes the local part: characters the scheme
 * does not allow — and `%` itself, so decoding is unambiguous — are percent-encoded (UTF-8).
 */

/** oai-identifier `repositoryIdentifier`: a domain name */
export const REPOSITORY_IDENTIFIER = /^[a-zA-Z][a-zA-Z0-9-]*(\.[a-zA-Z][a-zA-Z0-9-]*)+$/;
/**
 * characters written unencoded: the URI "unreserved" ones and `:`. The scheme allows more
 * (`;/?@&=+$,`), but those mean something in a query string, and a harvester that forgets to
 * encode an identifier it sends back would then ask for another one; encoding them is allowed.
 */
const LOCAL_SAFE = /[a-zA-Z0-9\-_.!~*'():]/;

export function encodeLocal(id: string): string {
  let out = '';
  for (const ch of id) {
    if (LOCAL_SAFE.test(ch)) out += ch;
    else for (const b of Buffer.from(ch, 'utf8')) out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export function toOaiIdentifier(repositoryIdentifier: string, recordId: string): string {
  return `oai:${repositoryIdentifier}:${encodeLocal(recordId)}`;
}

/** The record id an OAI identifier of this repository names; undefined for any other string. */
export function fromOaiIdentifier(repositoryIdentifier: string, identifier: string): string | undefined {
  const prefix = `oai:${repositoryIdentifier}:`;
  if (!identifier.startsWith(prefix) || identifier.length === prefix.length) return undefined;
  const local = identifier.slice(prefix.length);
  if (![...local].every((ch) => ch === '%' || LOCAL_SAFE.test(ch))) return undefined;
  try {
    const id = decodeURIComponent(local);
    // only the canonical spelling names the item (no second encoding of the same id)
    return encodeLocal(id) === local ? id : undefined;
  } catch {
    return undefined;
  }
}
