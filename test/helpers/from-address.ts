import http from 'node:http';

export interface AddressedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One real HTTP request whose socket is bound to `localAddress`: on Linux every 127.x.y.z is
 * loopback, so a test can be many clients at many addresses with no proxy header involved
 * (the app sees them as the socket's remote address).
 */
export function requestFrom(
  localAddress: string,
  url: string,
  opts: { method?: string; headers?: Record<string, string>; json?: unknown } = {},
): Promise<AddressedResponse> {
  const body = opts.json === undefined ? undefined : Buffer.from(JSON.stringify(opts.json));
  const headers: Record<string, string> = { ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}), ...opts.headers };
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
