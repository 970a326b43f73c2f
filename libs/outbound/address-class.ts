import { embeddedV4, inBlock, ipBlock, type Ip128, type IpBlock } from './ip-address';

/**
 * Which addresses the server never connects to on a user's behalf, unless the deployment
 * allows them (OUTBOUND_ALLOW): everything that is not a global unicast address — the IANA
 * special-purpose registries for IPv4 and IPv6, so internal services, the cloud metadata
 * endpoint and the machine itself are out of reach of a harvest source or a link it gives.
 */
export type RefusedClass =
  | 'loopback' | 'private' | 'link-local' | 'unique-local' | 'multicast' | 'unspecified' | 'shared' | 'reserved';

const V4: [string, number, RefusedClass][] = [
  ['0.0.0.0', 8, 'unspecified'], // "this network"; 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'], // carrier-grade NAT
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'], // cloud metadata (169.254.169.254) lives here
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'], // and 255.255.255.255
];

const V6: [string, number, RefusedClass][] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['64:ff9b:1::', 48, 'reserved'],
  ['100::', 64, 'reserved'],
  ['2001::', 23, 'reserved'],
  ['2001:db8::', 32, 'reserved'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'reserved'],
  ['ff00::', 8, 'multicast'],
];

const blocks = (rows: [string, number, RefusedClass][]): [IpBlock, RefusedClass][] => rows.map(([a, p, c]) => [ipBlock(a, p), c]);
const V4_BLOCKS = blocks(V4);
const V6_BLOCKS = blocks(V6);
const MAPPED = ipBlock('::ffff:0.0.0.0', 96);
const NAT64 = ipBlock('64:ff9b::', 96);
const SIX_TO_FOUR = ipBlock('2002::', 16);
const GLOBAL_V6 = ipBlock('2000::', 3);

/** The class that refuses `ip`, or undefined for a global unicast address. */
export function refusedClass(ip: Ip128): RefusedClass | undefined {
  if (inBlock(ip, MAPPED)) return V4_BLOCKS.find(([b]) => inBlock(ip, b))?.[1];
  // forms that carry an IPv4 address reach it: they are judged by that address
  if (inBlock(ip, NAT64)) return refusedClass(embeddedV4(ip));
  if (inBlock(ip, SIX_TO_FOUR)) return refusedClass(embeddedV4(ip, 80));
  const listed = V6_BLOCKS.find(([b]) => inBlock(ip, b))?.[1];
  if (listed) return listed;
  // outside 2000::/3 nothing is assigned for global unicast (IPv4-compatible ::a.b.c.d included)
  return inBlock(ip, GLOBAL_V6) ? undefined : 'reserved';
}
