import { parseIp } from '../../../libs/outbound/ip-address';

const MAPPED_V4 = 0xffffn;

/**
 * The part of a client address the login limits count by. An IPv4 address as it is (also when a
 * dual-stack socket reports it as ::ffff:a.b.c.d); an IPv6 address by its /64 network, because
 * one host is usually handed a whole /64 and could otherwise try every address of it. Parsed by
 * the outbound rule's IP parser (one 128-bit number for both families), so both read addresses
 * the same way.
 */
export function clientAddressKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const n = parseIp(ip);
  if (n === undefined) return ip;
  if (n >> 32n === MAPPED_V4) return [24n, 16n, 8n, 0n].map((s) => Number((n >> s) & 0xffn)).join('.');
  const network = [112n, 96n, 80n, 64n].map((s) => ((n >> s) & 0xffffn).toString(16));
  return `${network.join(':')}::/64`;
}
