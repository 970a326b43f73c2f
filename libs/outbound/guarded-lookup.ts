import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { OutboundError } from './outbound-error';
import type { OutboundPolicy } from './outbound-policy';

/**
 * The `lookup` of every outbound socket: resolves the name, keeps only the addresses the policy
 * allows, and hands the socket those. The check happens at connect time on the very addresses
 * connected to, so a name that answers a global address once and a loopback one the next time
 * (DNS rebinding) gains nothing. Node calls it with `all: true` when it tries several
 * addresses (happy eyeballs), with `all: false` otherwise; both are answered.
 */
export function guardedLookup(policy: OutboundPolicy, host: string, port: number): LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(OutboundError.of('unreachable', `dns ${err.code ?? err.message}`));
      const allowed = addresses.filter((a) => policy.refusal(host, port, a.address) === undefined);
      if (allowed.length === 0) {
        const classes = [...new Set(addresses.map((a) => policy.refusal(host, port, a.address)))].join(',');
        return callback(OutboundError.of('refused', `${hostname} resolves only to refused addresses (${classes})`));
      }
      if (options.all) return callback(null, allowed);
      return callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  }) as LookupFunction;
}
