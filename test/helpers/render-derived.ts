import type { MetadataDoc } from '../../libs/catalogue/record.types';

/**
 * What a JSON → ISO → JSON round trip adds by design (issue 19 §4): the render writes some fields
 * of a record that has no value of its own for them from other fields — the first resource contact
 * as gmd:contact, the licence as MD_LegalConstraints/otherConstraints, `relations` as
 * aggregationInfo — and the import reads those elements back into `metadataContacts`,
 * `constraints.legal` and `associatedResources`. A round trip of a record without them is compared
 * without them; a record that sets them is compared as it is.
 */
export function withoutRenderDerived(got: MetadataDoc, source: MetadataDoc): MetadataDoc {
  const out = structuredClone(got);
  if (!source.metadataContacts) delete out.metadataContacts;
  if (!source.associatedResources) delete out.associatedResources;
  if (!source.constraints?.legal && out.constraints) delete out.constraints.legal;
  return out;
}
