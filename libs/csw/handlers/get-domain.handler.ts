import { invalid } from '../csw-error';
import { findDomainParameter } from '../capabilities';
import { resolveQueryable } from '../../search/queryables';
import type { SearchCore } from '../../search/search-core';
import type { GetDomainRequest } from '../request/csw-request';
import { writeGetDomainResponse } from '../responses/get-domain.writer';

/**
 * GetDomain: a request parameter's allowed values come from the capabilities table; a
 * property's values are the distinct values over PUBLISHED records (pick lists for
 * harvesters). Non-enumerable properties (geometry, AnyText) answer without ListOfValues.
 */
export async function handleGetDomain(core: SearchCore, req: GetDomainRequest): Promise<string> {
  if (req.parameterName !== undefined) {
    const p = findDomainParameter(req.parameterName);
    if (!p) throw invalid('parametername', `ParameterName "${req.parameterName}" tidak dikenal.`);
    return writeGetDomainResponse({ kind: 'ParameterName', name: req.parameterName, values: p.values });
  }
  const name = req.propertyName ?? '';
  const q = resolveQueryable(name);
  if (!q) throw invalid('propertyname', `PropertyName "${name}" bukan queryable yang dikenal.`);
  // the search core is handed the queryable's canonical name, never a query
  const values = await core.domain(q.name);
  return writeGetDomainResponse({ kind: 'PropertyName', name, values });
}
