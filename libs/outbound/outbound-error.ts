/**
 * Why an outbound request failed, as data. The message is what a user may read (a run report):
 * generic, never quoting the peer (no address, error code, header or body of what answered), so
 * a report cannot be used to map the services around the server. `detail` is for the server log
 * only (operators), and never holds credentials.
 */
export type OutboundErrorKind =
  | 'refused' // the address class is not allowed (before any connection)
  | 'bad-url' // not an http(s) URL
  | 'unreachable' // DNS, connect or the connection failed
  | 'timeout'
  | 'too-large'
  | 'redirects'
  | 'status'; // the peer answered an HTTP error status

const MESSAGES: Record<Exclude<OutboundErrorKind, 'status' | 'too-large' | 'timeout'>, string> = {
  refused: 'alamat tujuan tidak diizinkan',
  'bad-url': 'alamat tujuan bukan URL http/https',
  unreachable: 'sumber tidak dapat dijangkau',
  redirects: 'terlalu banyak pengalihan',
};

export class OutboundError extends Error {
  constructor(readonly kind: OutboundErrorKind, message: string, readonly detail?: string, readonly status?: number) {
    super(message);
    this.name = 'OutboundError';
  }

  static of(kind: keyof typeof MESSAGES, detail?: string): OutboundError {
    return new OutboundError(kind, MESSAGES[kind], detail);
  }

  static timeout(ms: number, detail?: string): OutboundError {
    return new OutboundError('timeout', `sumber tidak menjawab dalam ${ms} ms`, detail);
  }

  static tooLarge(maxBytes: number): OutboundError {
    return new OutboundError('too-large', `jawaban melebihi batas ${maxBytes} byte`);
  }

  /** the status of a peer the rule lets us reach tells an honest admin what to fix (401: credentials) */
  static status(status: number): OutboundError {
    return new OutboundError('status', `sumber menjawab HTTP ${status}`, undefined, status);
  }
}
