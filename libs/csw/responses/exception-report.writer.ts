import type { CswError, OwsExceptionCode } from '../csw-error';
import { NS, OWS_EXCEPTION_SCHEMA_LOCATION } from '../namespaces';
import { XML_DECLARATION, el, textEl } from '../../xml/xml-text';

/**
 * ows:ExceptionReport 1.2.0 (OWS Common 1.0 schema, as CSW 2.0.2 peers answer). The text
 * is the error's message only — never a stack or an internal error's message.
 */
export function writeExceptionReport(err: Pick<CswError, 'code' | 'locator' | 'message'>): string {
  return (
    XML_DECLARATION +
    el(
      'ows:ExceptionReport',
      { 'xmlns:ows': NS.ows, 'xmlns:xsi': NS.xsi, version: '1.2.0', language: 'id', 'xsi:schemaLocation': OWS_EXCEPTION_SCHEMA_LOCATION },
      el('ows:Exception', { exceptionCode: err.code, locator: err.locator }, textEl('ows:ExceptionText', err.message)),
    )
  );
}

/**
 * HTTP status of an exception report. CSW 2.0.2 peers always answer 200; OWS Common 1.1+
 * maps parameter errors to 400, unsupported operations to 501 and internal errors to 500.
 */
export function exceptionHttpStatus(code: OwsExceptionCode, mode: 'csw202' | 'ows11'): number {
  if (mode === 'csw202') return 200;
  switch (code) {
    case 'OperationNotSupported':
      return 501;
    case 'NoApplicableCode':
      return 500;
    default:
      return 400;
  }
}
