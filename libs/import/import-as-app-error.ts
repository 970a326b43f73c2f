import { AppError } from '../errors';
import { XmlInputError, xmlInputToAppError } from '../xml/safe-parse';
import { isImportMappingError } from './import-error';
import { importMetadataXml, type ImportResult } from './index';

/**
 * An uploaded XML document imported for a request (the REST upload and the workbench's XML view):
 * what cannot be read becomes the request's error — a parse problem (malformed, a DTD, too large)
 * the 400 of the safe parser, a document that is not metadata a 422 naming the element — so that
 * both entry points answer the same problem+json for the same body.
 */
export function importUploadedXml(text: string): ImportResult {
  try {
    return importMetadataXml(text);
  } catch (err) {
    if (err instanceof XmlInputError) throw xmlInputToAppError(err);
    if (isImportMappingError(err)) {
      throw new AppError('VALIDATION_FAILED', 'Dokumen XML tidak dapat dipetakan ke rekaman metadata.', {
        extras: { errors: [{ path: err.element, message: err.message }] },
      });
    }
    throw err;
  }
}
