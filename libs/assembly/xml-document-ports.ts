import { AppError } from '../errors';
import type { XmlDocumentPorts } from '../catalogue/record-xml-edits';
import { importMetadataXml, isImportMappingError } from '../import';
import { createXsdValidator, type XsdValidator } from '../import/xsd/xsd-validator';
import { XmlInputError, xmlInputToAppError } from '../xml/safe-parse';

/**
 * The XML view's ports (libs/catalogue/record-xml-edits.ts) on libs/import: the import mapping
 * (safe parse: no DTD, no entity expansion, no file or network access) and the wasm XSD validator,
 * which runs in its own worker thread per call. One validator per process.
 */
export function xmlDocumentPorts(validator: XsdValidator = createXsdValidator()): XmlDocumentPorts {
  return {
    read(xml) {
      try {
        const r = importMetadataXml(xml);
        return { doc: r.doc, warnings: r.warnings, ...(r.document ? { document: r.document } : {}) };
      } catch (err) {
        if (err instanceof XmlInputError) throw xmlInputToAppError(err);
        if (isImportMappingError(err)) {
          throw new AppError('VALIDATION_FAILED', 'Dokumen XML tidak dapat dipetakan ke rekaman metadata.', {
            extras: { errors: [{ path: err.element, message: err.message }] },
          });
        }
        throw err;
      }
    },
    async xsd(document) {
      const [report] = await validator.validate([{ xml: document.xml, schema: document.schema }]);
      return report!;
    },
  };
}
