import type { IncomingMessage } from 'node:http';

/**
 * The body of a POST that the CSW fast path may read itself, without Express's body parser:
 * declared length within the limit, no content coding, UTF-8 (or no charset, which the CSW
 * route reads as UTF-8). Decided from the headers alone, before a byte is read — anything else
 * (chunked, gzip, another charset, too large) goes to Express untouched, whose parser answers
 * it (an ExceptionReport for a bad one).
 */
export function plainBodyLength(req: IncomingMessage, limit: number): number | undefined {
  const h = req.headers;
  if (h['transfer-encoding'] !== undefined) return undefined;
  const coding = h['content-encoding'];
  if (coding !== undefined && coding.trim().toLowerCase() !== 'identity') return undefined;
  const declared = h['content-length'];
  if (declared === undefined || !/^\d{1,7}$/.test(declared)) return undefined;
  const length = Number(declared);
  if (length > limit) return undefined;
  const type = h['content-type'];
  if (type !== undefined) {
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(type)?.[1]?.toLowerCase();
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') return undefined;
  }
  return length;
}

/**
 * Reads a body whose length plainBodyLength accepted, as the CSW route's parser would give it
 * (UTF-8, a leading byte-order mark dropped as iconv-lite drops it). Node's parser delivers
 * exactly Content-Length bytes; a client that disconnects first rejects the promise.
 */
export function readPlainBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.once('end', () => {
      const text = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8');
      resolve(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    });
    req.once('error', reject);
    req.once('aborted', () => reject(new Error('request aborted')));
  });
}
