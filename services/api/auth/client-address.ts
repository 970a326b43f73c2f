import { isIPv4, isIPv6 } from 'node:net';

/**
 * The part of a client address the login limits count by. An IPv4 address as it is (also when a
 * dual-stack socket reports it as ::ffff:a.b.c.d); an IPv6 address by its /64 network, because
 * one host is usually handed a whole /64 and could otherwise try every address of it.
 */
export function clientAddressKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const groups = expandIPv6(ip.replace(/%.*$/, ''));
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : ip;
}

/** the eight 16-bit groups of an IPv6 address, lower-case and unpadded */
function expandIPv6(ip: string): string[] | undefined {
  // an embedded IPv4 tail (::a.b.c.d forms) becomes two groups
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip);
  let text = ip;
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${ip.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array.from({ length: fill }, () => '0'), ...right];
  return groups.length === 8 ? groups.map((g) => parseInt(g, 16).toString(16)) : undefined;
}
