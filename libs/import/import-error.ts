/**
 * A document that parsed as XML but cannot become a MetadataDoc: an unsupported root, no title,
 * a code-list value outside our reference lists, a bbox with non-numeric corners, …
 * The REST layer turns it into a 422 problem with `errors: [{ path: element, message }]`;
 * the CLI prints it per file. Parsing failures (DOCTYPE, malformed XML) stay XmlInputError.
 */
export class ImportMappingError extends Error {
  constructor(
    /** qualified name or simple path of the element at fault, e.g. `gmd:MD_Metadata/gmd:identificationInfo` */
    readonly element: string,
    message: string,
  ) {
    super(message);
    this.name = 'ImportMappingError';
  }
}

export const isImportMappingError = (e: unknown): e is ImportMappingError => e instanceof ImportMappingError;
