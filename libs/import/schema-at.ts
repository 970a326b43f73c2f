import { METADATA_SCHEMA, type JsonSchema } from '../catalogue/metadata.schema';

/**
 * The part of the metadata JSON Schema that governs a JSON Pointer (`/extent/vertical/crs`,
 * `/conformity/0/specificationDateType`): the importers take text limits and the ISO code lists
 * the schema spells out as enums from here, so the schema stays their one source.
 */
export function schemaAt(pointer: string): JsonSchema | undefined {
  let node: JsonSchema | undefined = METADATA_SCHEMA;
  for (const part of pointer.split('/').slice(1)) {
    if (!node) return undefined;
    if (node.type === 'array') node = node.items as JsonSchema | undefined;
    else node = (node.properties as Record<string, JsonSchema> | undefined)?.[part];
  }
  return node;
}

/** The enum values of a code field (`*` or an index for array items), empty when it has none. */
export function schemaEnum(pointer: string): readonly string[] {
  const s = schemaAt(pointer);
  const values = (s?.type === 'array' ? (s.items as JsonSchema | undefined)?.enum : s?.enum) as unknown;
  return Array.isArray(values) ? (values as string[]) : [];
}
