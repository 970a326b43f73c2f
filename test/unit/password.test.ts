import { randomBytes, scryptSync } from 'node:crypto';
import { dummyPasswordHash, GENERATED_PASSWORD_ALPHABET, generatePassword, hashPassword, verifyPassword } from '../../libs/security/password';

describe('hashPassword / verifyPassword', () => {
  it('stores scrypt with its parameters, salt and hash, never the password', async () => {
    const h = await hashPassword('rahasia-sekali');
    const parts = h.split('$');
    expect(parts).toHaveLength(6);
    expect(parts.slice(0, 4)).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(parts[4]!, 'base64')).toHaveLength(16);
    expect(Buffer.from(parts[5]!, 'base64')).toHaveLength(64);
    expect(h).not.toContain('rahasia-sekali');
  });

  it('verifies the right password and rejects wrong ones', async () => {
    const h = await hashPassword('kata-sandi-benar');
    await expect(verifyPassword('kata-sandi-benar', h)).resolves.toBe(true);
    await expect(verifyPassword('kata-sandi-salah', h)).resolves.toBe(false);
    await expect(verifyPassword('Kata-sandi-benar', h)).resolves.toBe(false);
    await expect(verifyPassword('', h)).resolves.toBe(false);
  });

  it('takes a smaller cost when asked (test fixtures), records it and verifies with it', async () => {
    const h = await hashPassword('murah-untuk-uji', 1024);
    expect(h.split('$').slice(0, 4)).toEqual(['scrypt', '1024', '8', '1']);
    await expect(verifyPassword('murah-untuk-uji', h)).resolves.toBe(true);
    await expect(verifyPassword('murah-untuk-uji!', h)).resolves.toBe(false);
  });

  it('refuses a cost scrypt cannot use or that would burn seconds per login', async () => {
    for (const cost of [0, 1, 1000, 1.5, Number.NaN, 2 ** 21]) {
      await expect(hashPassword('x', cost)).rejects.toThrow(RangeError);
    }
  });

  it('salts every hash: the same password hashes differently and both verify', async () => {
    const [a, b] = await Promise.all([hashPassword('sama-saja-123'), hashPassword('sama-saja-123')]);
    expect(a).not.toBe(b);
    await expect(verifyPassword('sama-saja-123', a)).resolves.toBe(true);
    await expect(verifyPassword('sama-saja-123', b)).resolves.toBe(true);
  });

  it('handles non-ASCII passwords', async () => {
    const h = await hashPassword('sandi-ÄÖÜ-日本-🔑');
    await expect(verifyPassword('sandi-ÄÖÜ-日本-🔑', h)).resolves.toBe(true);
    await expect(verifyPassword('sandi-AOU-日本-🔑', h)).resolves.toBe(false);
  });

  it('keeps verifying hashes made with other (stored) parameters', async () => {
    // a hash with N=1024 made by hand: the stored parameters are what verification uses
    const salt = randomBytes(16);
    const key = scryptSync('parameter-lama', salt, 32, { N: 1024, r: 8, p: 1 });
    const stored = `scrypt$1024$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
    await expect(verifyPassword('parameter-lama', stored)).resolves.toBe(true);
    await expect(verifyPassword('parameter-baru', stored)).resolves.toBe(false);
  });

  it('treats malformed or hostile stored values as "no match" instead of throwing', async () => {
    const good = await hashPassword('apa-saja-123');
    const [, , , , salt, hash] = good.split('$');
    const bad = [
      '',
      'plain-text-password',
      'bcrypt$10$abc',
      `argon2$16384$8$1$${salt}$${hash}`,
      `scrypt$abc$8$1$${salt}$${hash}`,
      `scrypt$1000$8$1$${salt}$${hash}`, // N not a power of two
      `scrypt$${2 ** 24}$8$1$${salt}$${hash}`, // N far too large
      `scrypt$16384$0$1$${salt}$${hash}`,
      `scrypt$16384$8$1$$${hash}`,
      `scrypt$16384$8$1$${salt}$`,
      `scrypt$16384$8$1$${salt}$${hash}$extra`,
    ];
    for (const stored of bad) await expect(verifyPassword('apa-saja-123', stored)).resolves.toBe(false);
  });
});

describe('dummyPasswordHash', () => {
  it('is one cached, well-formed hash that no guessable password matches', async () => {
    const a = await dummyPasswordHash();
    const b = await dummyPasswordHash();
    expect(a).toBe(b);
    expect(a.startsWith('scrypt$16384$8$1$')).toBe(true);
    await expect(verifyPassword('', a)).resolves.toBe(false);
    await expect(verifyPassword('admin', a)).resolves.toBe(false);
  });
});

describe('generatePassword', () => {
  it('has the requested length and only unambiguous characters', () => {
    for (const len of [8, 20, 64]) {
      const p = generatePassword(len);
      expect(p).toHaveLength(len);
      for (const ch of p) expect(GENERATED_PASSWORD_ALPHABET).toContain(ch);
    }
    expect(generatePassword()).toHaveLength(20);
    expect(GENERATED_PASSWORD_ALPHABET).not.toMatch(/[0O1lI]/);
  });

  it('does not repeat itself and uses the whole alphabet', () => {
    const many = Array.from({ length: 200 }, () => generatePassword());
    expect(new Set(many).size).toBe(200);
    const seen = new Set(many.join(''));
    expect(seen.size).toBe(GENERATED_PASSWORD_ALPHABET.length);
  });
});
