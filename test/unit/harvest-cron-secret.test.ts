import { CronError, nextCronTime, parseCron } from '../../libs/jobs/cron';
import { SecretBox } from '../../libs/harvest/secret-box';

describe('cron parser (5 fields, UTC)', () => {
  const next = (expr: string, after: string): string => nextCronTime(parseCron(expr), new Date(after))!.toISOString();

  it('computes the next matching minute', () => {
    expect(next('* * * * *', '2026-01-01T10:00:30Z')).toBe('2026-01-01T10:01:00.000Z');
    expect(next('*/15 * * * *', '2026-01-01T10:01:00Z')).toBe('2026-01-01T10:15:00.000Z');
    expect(next('0 2 * * *', '2026-01-01T03:00:00Z')).toBe('2026-01-02T02:00:00.000Z');
    expect(next('30 1 1 * *', '2026-01-31T00:00:00Z')).toBe('2026-02-01T01:30:00.000Z');
    expect(next('0 0 * * 1', '2026-01-01T00:00:00Z')).toBe('2026-01-05T00:00:00.000Z'); // 1 Jan 2026 is a Thursday
    expect(next('0 0 29 2 *', '2026-01-01T00:00:00Z')).toBe('2028-02-29T00:00:00.000Z');
    expect(next('0 12 1-5 6 *', '2026-06-05T12:00:00Z')).toBe('2027-06-01T12:00:00.000Z');
    // both day fields restricted: either matches (classic cron)
    expect(next('0 0 15 * 0', '2026-03-01T00:00:00Z')).toBe('2026-03-08T00:00:00.000Z');
    expect(next('0 0 * * 7', '2026-03-01T00:00:00Z')).toBe('2026-03-08T00:00:00.000Z');
  });

  it.each(['* * * *', '60 * * * *', '* 24 * * *', '* * 0 * *', '* * * 13 *', '* * * * 8', '*/0 * * * *', 'MON * * * *', '5-1 * * * *', '* * * * * *'])(
    'refuses %s', (expr) => { expect(() => parseCron(expr)).toThrow(CronError); },
  );
});

describe('SecretBox (AES-256-GCM)', () => {
  const box = new SecretBox('a-long-enough-secret-for-the-tests-0123456789');

  it('seals and opens; every seal is different; the plaintext never shows', () => {
    const a = box.seal({ username: 'panen', password: 'sandi-rahasia' });
    const b = box.seal({ username: 'panen', password: 'sandi-rahasia' });
    expect(a).not.toBe(b);
    expect(a).not.toContain('sandi');
    expect(Buffer.from(a.split('.')[3]!, 'base64url').toString('latin1')).not.toContain('sandi');
    expect(box.open(a)).toEqual({ username: 'panen', password: 'sandi-rahasia' });
  });

  it('a tampered value or another key fails', () => {
    const s = box.seal({ username: 'u', password: 'p' });
    const parts = s.split('.');
    const data = Buffer.from(parts[3]!, 'base64url');
    data[0] = data[0]! ^ 1;
    expect(() => box.open([parts[0], parts[1], parts[2], data.toString('base64url')].join('.'))).toThrow();
    expect(() => new SecretBox('another-long-enough-secret-0123456789abcdef').open(s)).toThrow();
    expect(() => box.open('v2.x.y.z')).toThrow();
  });
});
