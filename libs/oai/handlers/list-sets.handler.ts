import { LEVEL_HIERARKI } from '../../catalogue/reference-lists/level-hierarki.list';
import { oaiError } from '../oai-errors';
import { LEVEL_PARENT, ORG_PARENT, levelSetSpec, organisationSetSpec } from '../oai-sets';
import { el, textEl } from '../responses/oai-writer';
import type { OaiAnswer, OaiHandlerDeps } from './handler-deps';

/** Common ISO scope codes ListSets always shows, with or without records yet. */
const ALWAYS_LISTED_LEVELS = ['dataset', 'series', 'service'];
const levelLabel = (code: string): string => LEVEL_HIERARKI.find((l) => l.kode === code)?.label ?? code;

/** ListSets: the organisations and the hierarchy levels, each under its parent set. */
export async function listSets(deps: OaiHandlerDeps, resumptionToken: string | undefined): Promise<OaiAnswer> {
  // the set list is short and sent whole: a token can only be one we never issued
  if (resumptionToken !== undefined) return [oaiError('badResumptionToken', 'ListSets tidak memakai resumptionToken.')];
  const [orgs, present] = await Promise.all([deps.store.listOrganisations(), deps.store.listHierarchyLevels()]);
  const levels = [...new Set([...ALWAYS_LISTED_LEVELS, ...present])].sort();
  const set = (spec: string, name: string) => el('set', undefined, textEl('setSpec', spec), textEl('setName', name));
  return el(
    'ListSets', undefined,
    set(ORG_PARENT, 'Organisasi'),
    ...orgs.map((o) => set(organisationSetSpec(o.id), o.name)),
    set(LEVEL_PARENT, 'Level hierarki (MD_ScopeCode)'),
    ...levels.map((l) => set(levelSetSpec(l), levelLabel(l))),
  );
}
