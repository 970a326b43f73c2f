import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** The far ends of the notification channels, in process: an SMTP server and a WhatsApp HTTP gateway. */

/** A received mail, decoded just enough to read it: unfolded headers, decoded subject and body. */
export interface ReceivedMail { from: string; to: string[]; subject: string; text: string; raw: string }

const decodeQ = (s: string): string => s.replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));

function decodeMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1] ?? '';
  const subject = header('Subject').replace(/=\?UTF-8\?([QB])\?(.*?)\?=\s*/gi, (_m, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(decodeQ(data.replace(/_/g, ' ')), 'latin1').toString('utf8'));
  let body = raw.slice(split + 4);
  const cte = header('Content-Transfer-Encoding').toLowerCase();
  if (cte === 'quoted-printable') {
    body = Buffer.from(decodeQ(body.replace(/=\r\n/g, '')), 'latin1').toString('utf8');
  } else if (cte === 'base64') {
    body = Buffer.from(body, 'base64').toString('utf8');
  } else {
    // 7bit/8bit: the raw text was read as latin1, byte for byte
    body = Buffer.from(body, 'latin1').toString('utf8');
  }
  return { ...envelope, subject, text: body.replace(/\r\n/g, '\n'), raw };
}

export interface SmtpTestServer {
  inbox: ReceivedMail[];
  port: number;
  /** stops the server; safe to call again (a test may stop it early to simulate an outage) */
  close(): Promise<void>;
}

/** A real SMTP server in process: mails land in `inbox`; `auth` makes it require a login; `rejectTo` refuses a recipient; `port` brings a stopped server back where it was. */
export async function startSmtpServer(opts: { auth?: { user: string; pass: string }; rejectTo?: string; port?: number } = {}): Promise<SmtpTestServer> {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: opts.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !opts.auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === opts.auth?.user && auth.password === opts.auth?.pass) return cb(null, { user: auth.username });
      cb(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, cb) {
      if (address.address === opts.rejectTo) {
        const err = new Error('Mailbox unavailable') as Error & { responseCode: number };
        err.responseCode = 550;
        return cb(err);
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push(decodeMail(Buffer.concat(chunks).toString('latin1'), {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        }));
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  let closed: Promise<void> | undefined;
  return { inbox, port, close: () => (closed ??= new Promise<void>((resolve) => server.close(() => resolve()))) };
}

/** One request the gateway accepted: its bearer header, JSON body and path. */
export interface GatewayRequest { auth: string | undefined; body: unknown; path: string }

export interface WaTestGateway {
  received: GatewayRequest[];
  url: string;
  /** the status of the next answers (a refusal carries `refusal` as its error) */
  answerWith(status: number): void;
  close(): Promise<void>;
}

/**
 * A WhatsApp gateway speaking the contract of whatsapp-sender.ts: a wrong bearer token (or,
 * with `onlyPath`, another path) is refused with 401 and not recorded.
 */
export async function startWaGateway(token: string, opts: { onlyPath?: string; refusal?: string } = {}): Promise<WaTestGateway> {
  const received: GatewayRequest[] = [];
  const refusal = JSON.stringify({ error: opts.refusal ?? 'gateway sibuk' });
  let answer = 200;
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => { data += c.toString('utf8'); });
    req.on('end', () => {
      if (req.headers.authorization !== `Bearer ${token}` || (opts.onlyPath !== undefined && req.url !== opts.onlyPath)) {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
        return;
      }
      received.push({ auth: req.headers.authorization, body: data ? JSON.parse(data) : undefined, path: req.url ?? '' });
      res.writeHead(answer, { 'content-type': 'application/json' }).end(answer < 300 ? '{"status":"queued"}' : refusal);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: `http://127.0.0.1:${port}`,
    answerWith(status: number) { answer = status; },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
