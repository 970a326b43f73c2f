import { invalid } from '../csw-error';
import { findDomainParameter } from '../capabilities';
import { domainSql, resolveQueryable } from '../../search/queryables';
import type { GetDomainRequest } from '../request/csw-request';
import { writeGetDomainResponse } from '../responses/get-domain.writer';
import type { CswServiceDeps } from './handler-deps';

/**
 * GetDomain: a request parameter's allowed values come from the capabilities table; a
 * property's values are the distinct values over PUBLISHED records (pick lists for
 * harvesters). Non-enumerable properties (geometry, AnyText) answer without ListOfValues.
 */
export async function handleGetDomain(deps: CswServiceDeps, req: GetDomainRequest): Promise<string> {
  if (req.parameterName !== undefined) {
    const p = findDomainParameter(req.parameterName);
    if (!p) throw invalid('parametername', `ParameterName "${req.parameterName}" tidak dikenal.`);
    return writeGetDomainResponse({ kind: 'ParameterName', name: req.parameterName, values: p.values });
  }
  const name = req.propertyName ?? '';
  const q = resolveQueryable(name);
  if (!q) throw invalid('propertyname', `PropertyName "${name}" bukan queryable yang dikenal.`);
  const sql = domainSql(q);
  const values = sql !== undefined ? await deps.store.domainValues(sql) : undefined;
  return writeGetDomainResponse({ kind: 'PropertyName', name, values });
}
