import { CswError, invalid, missing } from '../csw-error';
import { SERVICE_TYPE, SUPPORTED_VERSION, findDomainParameter } from '../capabilities';
import { resolveQueryable } from '../../search/queryables';
import type { GetDomainRequest } from './csw-request';

/** Checks every request encoding shares: service, version, unsupported operations, GetDomain. */
export const UNSUPPORTED_OPERATIONS = ['Transaction', 'Harvest'] as const;
export const VERSIONED_OPERATIONS = ['GetRecords', 'GetRecordById', 'DescribeRecord', 'GetDomain'] as const;

export function checkService(value: string | undefined): void {
  if (value === undefined) throw missing('service', 'Parameter service wajib diisi (nilai: CSW).');
  if (value !== SERVICE_TYPE) throw invalid('service', `Nilai service "${value}" tidak valid; harus CSW.`);
}

export function checkVersion(value: string | undefined): void {
  if (value === undefined) throw missing('version', `Parameter version wajib diisi (nilai: ${SUPPORTED_VERSION}).`);
  if (value !== SUPPORTED_VERSION) throw invalid('version', `Versi "${value}" tidak didukung; harus ${SUPPORTED_VERSION}.`);
}

export function unsupportedOperation(name: string): CswError {
  return new CswError('OperationNotSupported', 'request', `Operasi ${name} tidak didukung oleh katalog ini (hanya penelusuran).`);
}

export function buildGetDomain(parameterName: string | undefined, propertyName: string | undefined): GetDomainRequest {
  const param = parameterName?.trim() || undefined;
  const prop = propertyName?.trim() || undefined;
  if (param === undefined && prop === undefined) {
    throw missing('parametername', 'GetDomain memerlukan ParameterName atau PropertyName.');
  }
  if (param !== undefined && prop !== undefined) {
    throw invalid('propertyname', 'GetDomain menerima ParameterName atau PropertyName, tidak keduanya.');
  }
  if (param !== undefined && !findDomainParameter(param)) {
    throw invalid('parametername', `ParameterName "${param}" tidak dikenal; gunakan bentuk Operasi.parameter (mis. GetRecords.resultType).`);
  }
  if (prop !== undefined && !resolveQueryable(prop)) {
    throw invalid('propertyname', `PropertyName "${prop}" bukan queryable yang dikenal.`);
  }
  return { operation: 'GetDomain', parameterName: param, propertyName: prop };
}
