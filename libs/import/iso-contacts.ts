import type { Element } from '@xmldom/xmldom';
import type { Contact } from '../catalogue/record.types';
import { childElements, first, select, textAt, textsAt, type NsPredicate } from './dom';
import type { MapContext } from './map-context';
import { normaliseEmail, normaliseUrl } from './values';

/**
 * Responsible parties → contacts, for both encodings:
 * ISO 19139 `CI_ResponsibleParty` (individualName, organisationName, positionName, contactInfo, role)
 * and ISO 19115-3 `CI_Responsibility` (role + party: CI_Organisation with optional CI_Individual,
 * or a CI_Individual alone). A party without an organisation gets an empty organisationName.
 */
export function readParty(holder: Element, ns: NsPredicate, ctx: MapContext, defaultRole: string): Contact[] {
  const out: Contact[] = [];
  for (const party of childElements(holder).filter((e) => ns(e.namespaceURI))) {
    if (party.localName === 'CI_ResponsibleParty') {
      const c = fromResponsibleParty(party, ns, ctx, defaultRole);
      if (c) out.push(c);
    } else if (party.localName === 'CI_Responsibility') {
      out.push(...fromResponsibility(party, ns, ctx, defaultRole));
    }
  }
  return out;
}

function role(el: Element, ns: NsPredicate, ctx: MapContext, defaultRole: string): string {
  return ctx.code('PERAN_KONTAK', first(el, 'role', ns)) ?? defaultRole;
}

function fromResponsibleParty(p: Element, ns: NsPredicate, ctx: MapContext, defaultRole: string): Contact | undefined {
  const info = first(p, 'contactInfo/CI_Contact', ns);
  return build(ctx, {
    role: role(p, ns, ctx, defaultRole),
    organisationName: textAt(p, 'organisationName', ns),
    individualName: textAt(p, 'individualName', ns),
    positionName: textAt(p, 'positionName', ns),
    ...contactInfo(info, ns),
  });
}

function fromResponsibility(r: Element, ns: NsPredicate, ctx: MapContext, defaultRole: string): Contact[] {
  const kode = role(r, ns, ctx, defaultRole);
  const out: Contact[] = [];
  for (const party of select(r, 'party/*', ns)) {
    let c: Contact | undefined;
    if (party.localName === 'CI_Organisation') {
      const person = first(party, 'individual/CI_Individual', ns);
      const orgInfo = contactInfo(first(party, 'contactInfo/CI_Contact', ns), ns);
      const personInfo = person ? contactInfo(first(person, 'contactInfo/CI_Contact', ns), ns) : {};
      c = build(ctx, {
        role: kode,
        organisationName: textAt(party, 'name', ns),
        individualName: person ? textAt(person, 'name', ns) : undefined,
        positionName: person ? textAt(person, 'positionName', ns) : undefined,
        ...personInfo,
        ...orgInfo,
      });
    } else if (party.localName === 'CI_Individual') {
      c = build(ctx, {
        role: kode,
        organisationName: undefined,
        individualName: textAt(party, 'name', ns),
        positionName: textAt(party, 'positionName', ns),
        ...contactInfo(first(party, 'contactInfo/CI_Contact', ns), ns),
      });
    }
    if (c) out.push(c);
  }
  return out;
}

type ContactInfo = Pick<Contact, 'email' | 'phone' | 'address' | 'onlineResource'>;

function contactInfo(info: Element | undefined, ns: NsPredicate): ContactInfo {
  if (!info) return {};
  const address = first(info, 'address/CI_Address', ns);
  // 19139 CI_Telephone/voice; 19115-3 CI_Telephone/number (prefer the voice line)
  const phones = select(info, 'phone/CI_Telephone', ns);
  const voice19115_3 = phones.find((t) => /voice/i.test(first(t, 'numberType/*', ns)?.getAttribute('codeListValue') ?? ''));
  const phone = phones.map((t) => textAt(t, 'voice', ns)).find(Boolean)
    ?? (voice19115_3 ? textAt(voice19115_3, 'number', ns) : undefined)
    ?? phones.map((t) => textAt(t, 'number', ns)).find(Boolean);
  const parts = address
    ? [...textsAt(address, 'deliveryPoint', ns), textAt(address, 'city', ns), textAt(address, 'administrativeArea', ns),
      textAt(address, 'postalCode', ns), textAt(address, 'country', ns)].filter((x): x is string => !!x)
    : [];
  const rawEmail = address ? textAt(address, 'electronicMailAddress', ns) : undefined;
  const info1: ContactInfo = {};
  if (rawEmail) info1.email = rawEmail;
  if (phone) info1.phone = phone;
  if (parts.length) info1.address = parts.join(', ');
  // the same CI_OnlineResource/linkage in both encodings; only a fetchable address is kept (our schema)
  const online = normaliseUrl(textAt(info, 'onlineResource/CI_OnlineResource/linkage', ns) ?? '');
  if (online) info1.onlineResource = online;
  return info1;
}

interface Draft extends ContactInfo {
  role: string;
  organisationName: string | undefined;
  individualName: string | undefined;
  positionName: string | undefined;
}

function build(ctx: MapContext, d: Draft): Contact | undefined {
  if (!d.organisationName && !d.individualName && !d.positionName) {
    ctx.warn(`Kontak dengan peran "${d.role}" tanpa nama organisasi, perorangan atau jabatan diabaikan.`);
    return undefined;
  }
  // our schema allows an empty organisationName for imported records (completeness.ts asks for
  // one before review): a person without an organisation stays a person
  const c: Contact = { role: d.role, organisationName: d.organisationName ?? '' };
  if (d.individualName) c.individualName = d.individualName;
  if (d.positionName) c.positionName = d.positionName;
  if (d.email) {
    const email = normaliseEmail(d.email);
    if (email) c.email = email;
    else ctx.warn(`Alamat surel "${d.email}" tidak valid dan diabaikan.`);
  }
  if (d.phone) c.phone = d.phone;
  if (d.address) c.address = d.address;
  if (d.onlineResource) c.onlineResource = d.onlineResource;
  return c;
}

/** Same person/organisation in the same role appears once (records repeat them across sections). */
export function dedupeContacts(contacts: Contact[]): Contact[] {
  const seen = new Set<string>();
  return contacts.filter((c) => {
    const k = [c.role, c.organisationName, c.individualName ?? '', c.email ?? ''].map((s) => s.toLowerCase()).join('|');
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
