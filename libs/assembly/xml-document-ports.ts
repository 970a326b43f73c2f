import type { XmlDocumentPorts } from '../catalogue/record-xml-edits';
import { importUploadedXml } from '../import/import-as-app-error';
import { createXsdValidator, type XsdValidator } from '../import/xsd/xsd-validator';

/**
 * The XML view's ports (libs/catalogue/record-xml-edits.ts) on libs/import: the import mapping
 * (safe parse: no DTD, no entity expansion, no file or network access) and the wasm XSD validator,
 * which runs in its own worker thread per call. One validator per process.
 */
export function xmlDocumentPorts(validator: XsdValidator = createXsdValidator()): XmlDocumentPorts {
  return {
    read(xml) {
      const r = importUploadedXml(xml);
      return { doc: r.doc, warnings: r.warnings, ...(r.document ? { document: r.document } : {}) };
    },
    async xsd(document) {
      const [report] = await validator.validate([{ xml: document.xml, schema: document.schema }]);
      return report!;
    },
  };
}
