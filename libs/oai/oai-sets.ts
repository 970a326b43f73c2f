import { createHash } from 'node:crypto';

/**
 * Sets: one per organisation (`org:{id}`) and one per hierarchy level (`type:{scope code}`),
 * with the parents `org` and `type` (OAI-PMH set hierarchy: a request for a parent set covers
 * its children, and every item has an organisation and a level, so both parents are "all").
 *
 * An organisation is named by its id, not its name: the id never changes, so a harvester's
 * configured set keeps working after a rename. An id with characters a setSpec may not hold is
 * replaced by a stable hash of it.
 */

export type SetFilter =
  | { kind: 'all' }
  | { kind: 'organisation'; organisationId: string }
  | { kind: 'level'; hierarchyLevel: string }
  | { kind: 'none' };

/** OAI-PMH setSpecType, one segment */
const SPEC_SEGMENT = /^[A-Za-z0-9\-_.!~*'()]+$/;

export const ORG_PARENT = 'org';
export const LEVEL_PARENT = 'type';

export function organisationSetSpec(organisationId: string): string {
  const seg = SPEC_SEGMENT.test(organisationId) ? organisationId : `h-${createHash('sha256').update(organisationId).digest('hex').slice(0, 24)}`;
  return `${ORG_PARENT}:${seg}`;
}

export function levelSetSpec(hierarchyLevel: string): string {
  const seg = SPEC_SEGMENT.test(hierarchyLevel) ? hierarchyLevel : `h-${createHash('sha256').update(hierarchyLevel).digest('hex').slice(0, 24)}`;
  return `${LEVEL_PARENT}:${seg}`;
}

/** The setSpecs an item belongs to (its header lists them). */
export function itemSetSpecs(item: { organisationId: string; hierarchyLevel: string }): string[] {
  return [organisationSetSpec(item.organisationId), levelSetSpec(item.hierarchyLevel)];
}

/**
 * The filter a requested setSpec stands for. `organisations` and `levels` are the known ones
 * (an unknown set matches nothing: noRecordsMatch, as for an empty set).
 */
export function resolveSet(spec: string, organisations: readonly { id: string }[], levels: readonly string[]): SetFilter {
  if (spec === ORG_PARENT || spec === LEVEL_PARENT) return { kind: 'all' };
  if (spec.startsWith(`${ORG_PARENT}:`)) {
    const org = organisations.find((o) => organisationSetSpec(o.id) === spec);
    return org ? { kind: 'organisation', organisationId: org.id } : { kind: 'none' };
  }
  if (spec.startsWith(`${LEVEL_PARENT}:`)) {
    const level = levels.find((l) => levelSetSpec(l) === spec);
    return level ? { kind: 'level', hierarchyLevel: level } : { kind: 'none' };
  }
  return { kind: 'none' };
}
