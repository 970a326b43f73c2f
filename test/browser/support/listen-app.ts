import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { TestApp } from '../../helpers/test-app';

/** The test app on a free loopback port, for a browser. */
export async function listenApp(t: TestApp): Promise<{ base: string; close(): Promise<void> }> {
  const server: Server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
