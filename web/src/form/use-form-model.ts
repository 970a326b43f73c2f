import { useEffect, useState } from 'react';
import { api } from '../api/client-instance';
import { buildFormModel, referenceListsOf, type JsonSchema, type SectionSpec } from './form-model';
import type { RefLists } from './form-fields';

interface Model { sections: SectionSpec[]; refLists: RefLists }
let cached: Promise<Model> | undefined;

/** The generated form: the schema and every reference list it names, fetched once per page load. */
async function loadModel(): Promise<Model> {
  const schema = (await api.schema()).body as JsonSchema;
  const sections = buildFormModel(schema);
  const names = referenceListsOf(sections);
  const lists = await Promise.all(names.map(async (n) => [n, (await api.referenceList(n)).body] as const));
  return { sections, refLists: Object.fromEntries(lists) };
}

export function useFormModel(): Model | null {
  const [model, setModel] = useState<Model | null>(null);
  useEffect(() => {
    let live = true;
    (cached ??= loadModel()).then((m) => { if (live) setModel(m); }, () => { cached = undefined; });
    return () => { live = false; };
  }, []);
  return model;
}
