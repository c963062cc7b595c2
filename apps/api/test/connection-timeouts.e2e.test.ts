import { type Socket, connect } from 'node:net';
import { type TestServer, startServer } from './support/start-server.js';

/**
 * Slow clients are dropped (ADR 0309): a body or headers trickling in one byte at a time hold a
 * socket no longer than HTTP_REQUEST_TIMEOUT_MS / HTTP_HEADERS_TIMEOUT_MS (plus the server's
 * check interval), over a raw socket since fetch cannot send that slowly.
 */
const REQUEST_LIMIT_MS = 1_500;
const HEADERS_LIMIT_MS = 1_000;
/** Node looks for overdue requests on an interval (ADR 0309: at most 1 s, a quarter of the smaller limit). */
const CHECK_SLACK_MS = 1_000;
const BYTE_EVERY_MS = 500;
const KEEP_ALIVE_MS = 500;

interface Trickle {
  /** When the server closed the socket, in ms after the first byte was sent (null: still open when we gave up). */
  readonly closedAfterMs: number | null;
  /** Everything the server wrote before closing. */
  readonly answer: string;
}

/** Sends `head` then `tail` one byte every BYTE_EVERY_MS, until the server closes the socket or `giveUpMs`. */
const trickle = (port: number, head: string, tail: string, giveUpMs: number): Promise<Trickle> =>
  new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let startedAt = 0;
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = (closedAfterMs: number | null) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ closedAfterMs, answer: Buffer.concat(chunks).toString('latin1') });
    };
    const giveUp = setTimeout(() => finish(null), giveUpMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => finish(Date.now() - startedAt));
    socket.on('connect', () => {
      startedAt = Date.now();
      socket.write(head);
      timer = setInterval(() => {
        if (sent < tail.length && socket.writable) socket.write(tail[sent++]!);
      }, BYTE_EVERY_MS);
    });
  });

describe('connection timeouts over a raw socket', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startServer({
      env: {
        HTTP_REQUEST_TIMEOUT_MS: REQUEST_LIMIT_MS,
        HTTP_HEADERS_TIMEOUT_MS: HEADERS_LIMIT_MS,
        HTTP_KEEP_ALIVE_TIMEOUT_MS: KEEP_ALIVE_MS,
      },
    });
    port = Number(new URL(server.baseUrl).port);
  });
  afterAll(() => server.close());

  const body = JSON.stringify({ chainType: 'evm', type: 'mpc', owner: 'userId:slow' });

  it('cuts a client that sends its headers, then one body byte every 500 ms, with a 408 in the error body', async () => {
    const head =
      `POST ${new URL(server.baseUrl).pathname}/2025-06-09/wallets HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { closedAfterMs, answer } = await trickle(port, head, body, REQUEST_LIMIT_MS + CHECK_SLACK_MS + 3_000);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeGreaterThanOrEqual(REQUEST_LIMIT_MS - 50);
    expect(closedAfterMs!).toBeLessThan(REQUEST_LIMIT_MS + CHECK_SLACK_MS + 500);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: true,
      message: 'A timeout occurred.',
      code: 'request_timeout',
    });
  });

  it('cuts a client that sends its headers one byte every 500 ms within the headers limit', async () => {
    const headers = 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' + 'a'.repeat(40) + '\r\n\r\n';
    const { closedAfterMs, answer } = await trickle(port, '', headers, HEADERS_LIMIT_MS + CHECK_SLACK_MS + 3_000);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(HEADERS_LIMIT_MS + CHECK_SLACK_MS + 500);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });

  it('answers a request that arrives in time, then closes the idle keep-alive connection', async () => {
    const { closedAfterMs, answer } = await trickle(port, 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', '', 5_000);
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 50);
    // Node keeps an idle socket a second past keepAliveTimeout (its buffer against racing a client's reuse).
    expect(closedAfterMs!).toBeLessThan(KEEP_ALIVE_MS + 1_000 + 500);
  });
});
