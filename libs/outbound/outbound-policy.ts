import type { OutboundAllowEntry } from '../config';
import { refusedClass, type RefusedClass } from './address-class';
import { inBlock, ipBlock, parseIp, type IpBlock } from './ip-address';

/**
 * The rule every outbound connection made on a user's behalf passes: the address actually
 * connected to (after DNS resolution) must be global, unless the deployment's allow-list
 * (OUTBOUND_ALLOW) names the URL's host (optionally with its port) or a CIDR block holding the
 * address. Judged per connection, so redirects, followed links and a name that resolves
 * differently the second time (DNS rebinding) all meet it.
 */
export interface OutboundPolicy {
  /** why `address` may not be connected to for a URL naming `host`:`port`, or undefined when it may */
  refusal(host: string, port: number, address: string): RefusedClass | 'invalid' | undefined;
}

export function createOutboundPolicy(allow: readonly OutboundAllowEntry[] = []): OutboundPolicy {
  const hosts = allow.filter((e): e is Extract<OutboundAllowEntry, { kind: 'host' }> => e.kind === 'host')
    .map((e) => ({ host: e.host, ip: parseIp(e.host), port: e.port }));
  const cidrs: IpBlock[] = allow.filter((e): e is Extract<OutboundAllowEntry, { kind: 'cidr' }> => e.kind === 'cidr')
    .map((e) => ipBlock(e.address, e.prefix));
  return {
    refusal(host, port, address) {
      const ip = parseIp(address);
      if (ip === undefined) return 'invalid';
      const why = refusedClass(ip);
      if (!why) return undefined;
      const name = normaliseHost(host);
      const nameIp = parseIp(name);
      const named = hosts.some((h) => (h.port === undefined || h.port === port)
        && (h.ip !== undefined ? h.ip === nameIp || h.ip === ip : h.host === name));
      if (named || cidrs.some((b) => inBlock(ip, b))) return undefined;
      return why;
    },
  };
}

/** A URL's hostname as the allow-list writes it: lower case, no IPv6 brackets, no trailing dot. */
export const normaliseHost = (hostname: string): string => hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
