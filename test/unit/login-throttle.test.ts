import { createMemoryStore } from '../../libs/cache/memory-store';
import { parseConfig } from '../../libs/config';
import { clientAddressKey } from '../../services/api/auth/client-address';
import { createLoginThrottle } from '../../services/api/auth/login-throttle';

/** A controllable clock for the memory store, so windows expire without waiting. */
function clock(start = 1_700_000_000_000) {
  let t = start;
  return { now: () => t, advance: (seconds: number) => { t += seconds * 1000; } };
}

const limits = {
  loginRateLimit: { max: 3, windowSeconds: 60 },
  loginAccountRateLimit: { max: 5, windowSeconds: 600, knownAddressDays: 2 },
};

describe('createLoginThrottle (memory store)', () => {
  it('the hard limit is per (account, address): one address locked, another not', async () => {
    const t = createLoginThrottle(createMemoryStore(100), limits);
    expect(await Promise.all([1, 2, 3].map(() => t.attempt('u:1', '10.0.0.1')))).toEqual([0, 0, 0]);
    expect(await t.attempt('u:1', '10.0.0.1')).toBe(60);
    expect(await t.attempt('u:1', '10.0.0.2')).toBe(0);
  });

  it('the account limit counts unknown addresses only; a known address keeps getting in until its own hard limit', async () => {
    const c = clock();
    const t = createLoginThrottle(createMemoryStore(100, c.now), limits);
    expect(await t.attempt('u:2', '10.0.0.9')).toBe(0);
    await t.succeeded('u:2', '10.0.0.9');
    for (let i = 1; i <= 4; i++) expect(await t.attempt('u:2', `10.1.0.${i}`)).toBe(0); // 1 + 4 = 5
    expect(await t.attempt('u:2', '10.1.0.99')).toBe(600);
    expect(await t.attempt('u:2', '10.0.0.9')).toBe(0);
    // past the window, new addresses may try again; past the memory, the address is new again
    c.advance(600);
    expect(await t.attempt('u:2', '10.1.0.99')).toBe(0);
    c.advance(2 * 86_400);
    for (let i = 1; i <= 5; i++) await t.attempt('u:2', `10.2.0.${i}`);
    expect(await t.attempt('u:2', '10.0.0.9')).toBeGreaterThan(0);
  });

  it('a success does not reset the account counter, and only the address that succeeded becomes known', async () => {
    const t = createLoginThrottle(createMemoryStore(100), limits);
    for (let i = 1; i <= 4; i++) await t.attempt('n:x', `10.3.0.${i}`);
    expect(await t.attempt('n:x', '10.3.0.50')).toBe(0);
    await t.succeeded('n:x', '10.3.0.50');
    expect(await t.attempt('n:x', '10.3.0.51')).toBe(600);
    expect(await t.attempt('n:x', '10.3.0.50')).toBe(0);
  });
});

describe('clientAddressKey', () => {
  it('IPv4 as is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:127.0.0.2')).toBe('127.0.0.2');
    expect(clientAddressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey(undefined)).toBe('unknown');
  });
});

describe('configuration of the login limits and HOST', () => {
  it('defaults, bounds and HOST validation', () => {
    const c = parseConfig({});
    expect(c.loginAccountRateLimit).toEqual({ max: 50, windowSeconds: 3600, knownAddressDays: 30 });
    expect(c.host).toBeUndefined();
    expect(parseConfig({ HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
    expect(parseConfig({ HOST: '::1' }).host).toBe('::1');
    expect(parseConfig({ HOST: 'api.internal' }).host).toBe('api.internal');
    expect(() => parseConfig({ HOST: 'http://0.0.0.0' })).toThrow(/HOST=/);
    expect(() => parseConfig({ HOST: '10.0.0.1 10.0.0.2' })).toThrow(/HOST=/);
    expect(() => parseConfig({ LOGIN_ACCOUNT_RATE_LIMIT_MAX: '0' })).toThrow(/LOGIN_ACCOUNT_RATE_LIMIT_MAX/);
    expect(() => parseConfig({ LOGIN_KNOWN_ADDRESS_DAYS: '400' })).toThrow(/LOGIN_KNOWN_ADDRESS_DAYS/);
  });
});
