import { isIP } from 'node:net';

/**
 * IP addresses as one 128-bit number: an IPv4 address is held as its IPv4-mapped IPv6 form
 * (::ffff:a.b.c.d), so one table of ranges covers both families and `::ffff:127.0.0.1` is the
 * same address as `127.0.0.1` (the form a resolver or a URL may hand us for either).
 */
export type Ip128 = bigint;

const MAPPED_PREFIX = 0xffffn << 32n;

function parseV4(text: string): bigint {
  return text.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

function parseV6(text: string): bigint {
  // an embedded dotted quad (::ffff:127.0.0.1, 64:ff9b::10.0.0.1) becomes the last two groups
  const s = text.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_m, a: string, b: string, c: string, d: string) =>
    `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`);
  const [head, tail] = s.includes('::') ? s.split('::') : [s, undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n);
}

/** The address as an Ip128, or undefined when `text` is not an IP literal (brackets and a zone id are accepted). */
export function parseIp(text: string): Ip128 | undefined {
  const bare = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return MAPPED_PREFIX | parseV4(bare);
  if (family === 6) return parseV6(bare.toLowerCase());
  return undefined;
}

/** A CIDR block over Ip128 (an IPv4 prefix length counts from the mapped form: /8 → /104). */
export interface IpBlock {
  base: Ip128;
  bits: number;
}

export function ipBlock(address: string, prefix: number): IpBlock {
  const ip = parseIp(address);
  if (ip === undefined) throw new Error(`bukan alamat IP: ${address}`);
  const bits = isIP(address.replace(/^\[|\]$/g, '')) === 4 ? 96 + prefix : prefix;
  return { base: ip & maskOf(bits), bits };
}

const ALL = (1n << 128n) - 1n;
const maskOf = (bits: number): bigint => (bits === 0 ? 0n : (ALL << BigInt(128 - bits)) & ALL);

export function inBlock(ip: Ip128, block: IpBlock): boolean {
  return (ip & maskOf(block.bits)) === block.base;
}

/** The IPv4 address an IPv6 form carries in its low 32 bits, as Ip128 (mapped). */
export const embeddedV4 = (ip: Ip128, shift = 0): Ip128 => MAPPED_PREFIX | ((ip >> BigInt(shift)) & 0xffffffffn);
