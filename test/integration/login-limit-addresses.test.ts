import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createFixtureUser, FIXTURE_PASSWORD, seedWorld, type World } from '../helpers/fixtures';
import { requestFrom } from '../helpers/from-address';
import { startTestApp, type TestApp } from '../helpers/test-app';

/*
 * Issue 22, finding 5: a username must not be lockable by anyone who knows it. The clients are
 * real sockets bound to different loopback addresses (127.0.0.x), so the app sees each one's
 * own address, with no proxy header.
 */

const HARD_LIMIT = 5; // LOGIN_RATE_LIMIT_MAX default
const ACCOUNT_LIMIT = 50; // LOGIN_ACCOUNT_RATE_LIMIT_MAX default

describe('login limits per address and per account (server mode, real client addresses)', () => {
  let t: TestApp;
  let w: World;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp('server');
    w = await seedWorld(t);
    server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
  });

  const login = (from: string, username: string, password: string) =>
    requestFrom(from, `${base}/api/auth/login`, { method: 'POST', json: { username, password } }).then((r) => r.status);

  it('an attacker who fails 5+ times is refused, and the user at another address still logs in', async () => {
    await createFixtureUser(t.db, 'korban', 'QCQE', w.a.org.id);
    const attacker = [];
    for (let i = 0; i < HARD_LIMIT + 3; i++) attacker.push(await login('127.0.0.2', 'korban', `tebakan-${i}`));
    expect(attacker).toEqual([...Array(HARD_LIMIT).fill(401), 429, 429, 429]);
    // the attacker's own address is locked even with the right password
    expect(await login('127.0.0.2', 'korban', FIXTURE_PASSWORD)).toBe(429);
    // the user, at their address, is not
    expect(await login('127.0.0.3', 'korban', FIXTURE_PASSWORD)).toBe(200);
  });

  it('the per-account limit stops guessing spread over many addresses, and the user\'s known address still gets in', async () => {
    await createFixtureUser(t.db, 'sasaran', 'PRODUSEN', w.a.org.id);
    // the user's office: logged in from there before (a new address then: one of the account's attempts)
    expect(await login('127.0.0.20', 'sasaran', FIXTURE_PASSWORD)).toBe(200);
    // a botnet: two guesses per address, never reaching the hard limit of any one address
    const guesses: number[] = [];
    for (let i = 0; guesses.length < ACCOUNT_LIMIT + 3; i++) {
      const from = `127.0.1.${i + 1}`;
      guesses.push(await login(from, 'sasaran', 'tebakan-a'), await login(from, 'sasaran', 'tebakan-b'));
    }
    expect(guesses.slice(0, ACCOUNT_LIMIT - 1)).toEqual(Array(ACCOUNT_LIMIT - 1).fill(401));
    expect(guesses.slice(ACCOUNT_LIMIT - 1)).toEqual(Array(guesses.length - ACCOUNT_LIMIT + 1).fill(429));
    // from an address never used, even the right password waits for the window
    expect(await login('127.0.2.1', 'sasaran', FIXTURE_PASSWORD)).toBe(429);
    // from the known address: in
    expect(await login('127.0.0.20', 'sasaran', FIXTURE_PASSWORD)).toBe(200);
  }, 120_000);

  it('an unknown name answers exactly like an account attacked from new addresses (no enumeration)', async () => {
    await createFixtureUser(t.db, 'adanama', 'PRODUSEN', w.a.org.id);
    const answers = async (username: string, net: number): Promise<number[]> => {
      const out: number[] = [];
      for (let i = 0; out.length < ACCOUNT_LIMIT + 2; i++) {
        const from = `127.${net}.${Math.floor(i / 3)}.${(i % 3) + 1}`;
        // one address past its hard limit too, so both limits show in the sequence
        const tries = i === 0 ? HARD_LIMIT + 1 : 1;
        for (let k = 0; k < tries; k++) out.push(await login(from, username, 'bukan-sandinya'));
      }
      return out;
    };
    const existing = await answers('adanama', 10);
    const missing = await answers('tidakadanama', 11);
    expect(missing).toEqual(existing);
    expect(existing.filter((s) => s === 401)).toHaveLength(ACCOUNT_LIMIT);
    expect(existing[HARD_LIMIT]).toBe(429);
  }, 120_000);
});
