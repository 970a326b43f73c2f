export { RENDER_FORMATS, EXPORT_FORMATS, type RenderFormat, type ExportFormat } from './formats';
export { buildGmd } from './gmd-builder';
export { createRenderer, RenderError, type Renderer, type RenderSet } from './renderer';
export { StylesheetCompileError, type CompileOptions } from './stylesheet-compiler';
export { RENDER_PLAN, type RenderStage } from './render-plan';
export { NS, mdbNamespaces } from './xml-namespaces';
export type { RenderDocument, RenderInput } from './document-forms';
export { crosswalk, isoSchemaOf, CrosswalkError, type IsoSchema } from './crosswalk';
