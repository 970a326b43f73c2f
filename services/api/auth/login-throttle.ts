import type { KeyValueStore } from '../../../libs/cache/key-value';
import { createRateLimiter } from '../../../libs/cache/rate-limiter';
import type { Config } from '../../../libs/config';
import { clientAddressKey } from './client-address';

/**
 * The two login limits (OWASP ASVS 2.2.1: slow guessing down without handing an attacker a
 * way to lock the real user out):
 *
 * 1. the hard limit, per (account, client address): LOGIN_RATE_LIMIT_MAX attempts per window.
 *    Counting and deciding are one atomic step (rate-limiter.ts), so concurrent guesses cannot
 *    slip past it. An attacker at one address locks out only that address.
 * 2. a slower limit per account, across every address the account has NOT logged in from
 *    (LOGIN_ACCOUNT_RATE_LIMIT_MAX per LOGIN_ACCOUNT_RATE_LIMIT_WINDOW_SECONDS): it stops
 *    guessing spread over many addresses (a botnet, an IPv6 range).
 *
 * An address the account has logged in from successfully is remembered for
 * LOGIN_KNOWN_ADDRESS_DAYS and is exempt from limit 2: however many addresses an attacker
 * uses to trip it, the user still gets in from their usual office or home. Only a success
 * marks an address, and a success needs the password, so the attacker cannot make their own
 * addresses exempt. The per-account counter is not reset by a success (a user's login must not
 * give an attacker a fresh allowance).
 *
 * An account is the one the name resolves to; a name resolving to nothing is counted under
 * its own key the same way and never has a known address: an unknown name answers exactly like
 * an account attacked from addresses it has never used, so the limiter tells nothing about
 * which names exist.
 */
export interface LoginThrottle {
  /** counts one attempt; 0 = the password may be checked, otherwise the seconds to wait */
  attempt(account: string, ip: string | undefined): Promise<number>;
  /** the password was right: clears the address's hard counter and remembers the address */
  succeeded(account: string, ip: string | undefined): Promise<void>;
}

export type LoginThrottleConfig = Pick<Config, 'loginRateLimit' | 'loginAccountRateLimit'>;

export function createLoginThrottle(kv: KeyValueStore, config: LoginThrottleConfig): LoginThrottle {
  const perAddress = createRateLimiter(kv, { ...config.loginRateLimit, prefix: 'ratelimit:login:' });
  const { max, windowSeconds, knownAddressDays } = config.loginAccountRateLimit;
  const perAccount = createRateLimiter(kv, { max, windowSeconds, prefix: 'ratelimit:login-account:' });
  const knownKey = (pair: string) => `login:known-address:${pair}`;
  const pairOf = (account: string, ip: string | undefined) => `${account}|${clientAddressKey(ip)}`;
  return {
    async attempt(account, ip) {
      const pair = pairOf(account, ip);
      const wait = await perAddress.attempt(pair);
      if (wait > 0) return wait;
      if ((await kv.get(knownKey(pair))) !== null) return 0;
      return perAccount.attempt(account);
    },
    async succeeded(account, ip) {
      const pair = pairOf(account, ip);
      await perAddress.reset(pair);
      await kv.set(knownKey(pair), '1', knownAddressDays * 86_400);
    },
  };
}
