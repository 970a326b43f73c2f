import type { MetadataDoc } from '../../catalogue/record.types';
import { jsonEqual } from '../../catalogue/merge-patch';

/**
 * The import reads some fields from the same elements: every aggregation's identifier is in
 * `relations` as well as in its `associatedResources` entry. An edit that removes an associated
 * resource and leaves `relations` as it was would have the render write the removed resource
 * back as a relation (an aggregation of its own), and the edit would not hold. The edit of one
 * field carries over to the other: the identifiers of the resources the edit removed leave
 * `relations` too (those still named by another entry, or added to `relations` by this edit, stay).
 */
export function withDerivedFields(before: MetadataDoc, after: MetadataDoc): MetadataDoc {
  if (jsonEqual(before.associatedResources ?? null, after.associatedResources ?? null)) return after;
  if (!jsonEqual(before.relations ?? null, after.relations ?? null)) return after;
  const ids = (list: MetadataDoc['associatedResources']): Set<string> =>
    new Set((list ?? []).map((a) => a.identifier?.trim()).filter((x): x is string => !!x));
  const kept = ids(after.associatedResources);
  const removed = [...ids(before.associatedResources)].filter((id) => !kept.has(id));
  if (removed.length === 0 || !after.relations) return after;
  const relations = after.relations.filter((r) => !removed.includes(r.trim()));
  const out: MetadataDoc = { ...after, relations };
  if (relations.length === 0) delete out.relations;
  return out;
}
