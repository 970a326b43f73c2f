import type { LightElement as Element } from '../../xml/light-dom';
import { ISO139_CLASSES } from './class-tables';
import { copyElement } from './copy';
import { GMD, ns139 } from './namespaces';
import { nilled } from './to-iso19139-classes';
import { class139, firstNamed, isIso3, local, named, parentElement, path, prop139 } from './to-iso19139-source';
import type { Walker } from './to-iso19139-walker';
import { element, startTag, type Frag, type Scope } from './xml-writer';

/**
 * A property whose value is a CI_Responsibility: 19139 has one CI_ResponsibleParty per person
 * with one contact and one online resource, so a responsibility becomes as many parties as it
 * has people, further contacts and further online resources (nothing of a party dropped), as
 * crosswalk-iso19115-3-to-iso19139.xsl does.
 */

/** the contact a party is written with: a contactInfo, or one holding only a further online resource */
type Contact = { info: Element; onlineResource?: undefined } | { info?: undefined; onlineResource: Element };

interface Person {
  resp: Element;
  org?: Element;
  ind?: Element;
  contact?: Contact;
}

function person(resp: Element, members: readonly Element[], contact?: Contact): Person {
  return {
    resp,
    org: members.find((m) => local(m) === 'CI_Organisation'),
    ind: members.find((m) => local(m) === 'CI_Individual'),
    contact,
  };
}

function people(prop: Element): Person[] {
  const out: Person[] = [];
  for (const resp of named(prop, 'CI_Responsibility')) {
    const parties = path([resp], 'party', '*');
    if (!parties.length) out.push(person(resp, []));
    for (const party of parties) {
      const individuals = path([party], 'individual', '*');
      // 19139 gives a party one contact: each further contact of a party is a party of its own
      for (const ci of named(party, 'contactInfo').slice(1)) out.push(person(resp, [party], { info: ci }));
      for (const ind of individuals) for (const ci of named(ind, 'contactInfo').slice(1)) out.push(person(resp, [party, ind], { info: ci }));
      // … and one online resource: each further one is a party with a contact holding only it
      for (const c of path([party], 'contactInfo', '*')) {
        for (const r of named(c, 'onlineResource').slice(1)) out.push(person(resp, [party], { onlineResource: r }));
      }
      for (const ind of individuals) {
        for (const c of path([ind], 'contactInfo', '*')) {
          for (const r of named(c, 'onlineResource').slice(1)) out.push(person(resp, [party, ind], { onlineResource: r }));
        }
      }
      if (local(party) === 'CI_Organisation' && firstNamed(party, 'individual')) {
        // an organisation's own contact details, when its people have theirs: a party of its own
        if (firstNamed(party, 'contactInfo') && path(individuals, 'contactInfo').length) out.push(person(resp, [party]));
        for (const ind of individuals) out.push(person(resp, [party, ind]));
      } else {
        out.push(person(resp, [party]));
      }
    }
  }
  return out;
}

/** the contactInfo of cw:contact-with(): its CI_Contact holds the one online resource (no attributes) */
function contactWith(w: Walker, r: Element, scope: Scope): Frag[] {
  const contact = parentElement(r)!;
  return [element(scope, 'gmd', 'contactInfo', GMD, [], (inner) => {
    if (!isIso3(contact)) {
      const tag = startTag(inner, contact.prefix ?? '', local(contact), contact.namespaceURI ?? '', []);
      return `${tag.open}>${copyElement(r, tag.scope, w.gmlNs).xml}</${tag.name}>`;
    }
    const row = ISO139_CLASSES.get(class139(contact))!;
    // the only one of its name there: the first, so the onlineResource template goes on to the next
    return element(inner, row.module, row.name, ns139(row.module), [], (s2) => w.propNext(r, s2).map((f) => f.xml).join('')).xml;
  })];
}

function responsibleParty(w: Walker, p: Person, scope: Scope): Frag {
  return element(scope, 'gmd', 'CI_ResponsibleParty', GMD, w.attrs(p.resp), (inner) => {
    let s = '';
    const add = (frags: Frag[]): void => {
      for (const f of frags) s += f.xml;
    };
    if (p.ind) for (const n of named(p.ind, 'name')) add(w.propOf(n, inner, 'gmd', 'individualName'));
    if (p.org) for (const n of named(p.org, 'name')) add(w.propOf(n, inner, 'gmd', 'organisationName'));
    if (p.ind) for (const n of named(p.ind, 'positionName')) add(w.propOf(n, inner));
    if (p.contact?.onlineResource) add(contactWith(w, p.contact.onlineResource, inner));
    else {
      const ci = p.contact?.info ?? (p.ind && firstNamed(p.ind, 'contactInfo')) ?? (p.org && firstNamed(p.org, 'contactInfo'));
      if (ci) add(w.propOf(ci, inner));
    }
    const roles = named(p.resp, 'role');
    for (const r of roles) add(w.propOf(r, inner));
    if (!roles.length) s += nilled(inner, 'gmd', 'role', 'missing').xml;
    return s;
  });
}

/** mode "prop" on a property holding a CI_Responsibility */
export function responsibilityProperty(w: Walker, prop: Element, scope: Scope): Frag[] {
  const n = prop139(prop);
  const parent = parentElement(prop);
  const row = parent ? ISO139_CLASSES.get(class139(parent)) : undefined;
  const m = row?.propModule.get(n);
  if (!row || m === undefined) return [];
  const all = people(prop);
  // a distributor has one contact in 19139
  const chosen = n === 'distributorContact' ? all.slice(0, 1) : all;
  return chosen.map((p) => element(scope, m, n, ns139(m), w.attrs(prop), (inner) => responsibleParty(w, p, inner).xml));
}
