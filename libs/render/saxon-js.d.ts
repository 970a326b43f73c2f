/**
 * The part of the SaxonJS 2.7 runtime API the renderer uses (the package ships no types).
 * Nodes are SaxonJS's own DOM objects; nothing outside libs/render touches them.
 */
declare module 'saxon-js' {
  /** A DOM node as SaxonJS builds and reads it (a document, here). */
  export interface SaxonNode {
    readonly nodeType: number;
  }

  export interface TransformOptions {
    /** the compiled stylesheet (SEF) as a parsed JSON object */
    stylesheetInternal: object;
    sourceNode: SaxonNode;
    destination: 'serialized' | 'document' | 'raw';
    stylesheetParams?: Record<string, unknown>;
    /** base against which xsl:result-document hrefs are resolved (must be an absolute URI) */
    baseOutputURI?: string;
    /** where each xsl:result-document goes; "serialized" keeps it in resultDocuments */
    deliverResultDocument?: (uri: string) => { destination: 'serialized' | 'document' | 'raw' };
  }

  export interface TransformResult {
    /** a string for destination "serialized", a document node for "document" */
    principalResult: unknown;
    /** xsl:result-document outputs by absolute URI (with deliverResultDocument) */
    resultDocuments?: Record<string, string>;
  }

  export interface SaxonJSApi {
    transform(options: TransformOptions, mode: 'sync'): TransformResult;
    /** Serialises a node with XSLT serialisation parameters (method, indent, omit-xml-declaration, …). */
    serialize(node: SaxonNode, params?: Record<string, string | boolean>): string;
    getPlatform(): {
      parseXmlFromString(xml: string): SaxonNode;
      /** an empty document of SaxonJS's own DOM, to build a source tree in directly */
      createDocument(): SaxonNode;
    };
  }

  // a CommonJS module object: import it as the default export (esModuleInterop)
  const SaxonJS: SaxonJSApi;
  export default SaxonJS;
}
