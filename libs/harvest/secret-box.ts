import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { BasicCredentials } from './harvest.types';

/**
 * Source credentials at rest: AES-256-GCM with a 256-bit key taken from the configuration
 * (HARVEST_SECRET_KEY, else derived from SESSION_SECRET). Sealed form: `v1.<iv>.<tag>.<data>`
 * in base64url. A wrong key or a tampered value fails the GCM tag check.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    if (secret.length < 16) throw new Error('kunci rahasia panen terlalu pendek');
    // domain-separated, so the same SESSION_SECRET never yields the session's own key material
    this.key = createHash('sha256').update(`geokatalog-harvest-credentials\0${secret}`).digest();
  }

  seal(c: BasicCredentials): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(JSON.stringify(c), 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  open(sealed: string): BasicCredentials {
    const [v, iv, tag, data] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('kredensial tersimpan tidak dikenali');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    const parsed = JSON.parse(text) as BasicCredentials;
    return { username: String(parsed.username), password: String(parsed.password) };
  }
}
