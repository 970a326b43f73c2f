import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * The yardstick of the hot-path benchmark: a bare Node `http` server that answers every
 * request with the bytes and headers geokatalog sent for the cached answer (read from the
 * JSON file given as argv[2]: { status, headers: [name, value][], bodyBase64 }). Nothing is
 * parsed, looked up or checked — the fastest a Node process can send that answer. It prints
 * its port on stdout and runs until killed.
 */
interface Answer {
  status: number;
  headers: [string, string][];
  bodyBase64: string;
}

const answer = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Answer;
const body = Buffer.from(answer.bodyBase64, 'base64');
const flat: string[] = answer.headers.flat();

const server = createServer((_req, res) => {
  res.writeHead(answer.status, flat);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  process.stdout.write(`${typeof addr === 'object' && addr ? addr.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
