import { readdir, readFile } from 'node:fs/promises';
import { type IncomingMessage, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { captureLogs } from '../support/log-capture.js';
import { CHROMIUM_PATH, describeWithChromium } from './support/chromium.js';
import { type Harness, isFinalSnapshot, runBody, startHarness, waitForRun } from './support/harness.js';

/** The card the shop's processor was given, as it asked the card network (the only place the test learns it). */
interface SeenCard {
  readonly number: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly cvc: string;
}

const bodyOf = async (request: IncomingMessage): Promise<string> => {
  let body = '';
  for await (const chunk of request) body += (chunk as Buffer).toString('utf8');
  return body;
};

/** Between the shop's processor and the API's sandbox card network: it notes the card and passes the request on. */
const startRecordingNetwork = async (target: () => string) => {
  const seen: SeenCard[] = [];
  const server = createServer((request, response) => {
    void bodyOf(request).then(async (body) => {
      seen.push((JSON.parse(body) as { card: SeenCard }).card);
      const answer = await fetch(target(), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    seen,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/authorize`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** Every file under `dir` (the event store, its WAL, read models, blobs), as bytes read as latin1 text. */
const filesUnder = async (dir: string): Promise<{ path: string; text: string }[]> => {
  const found: { path: string; text: string }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    found.push({ path, text: (await readFile(path)).toString('latin1') });
  }
  return found;
};

/** The ways a card's details could be written down: the number (plain or spaced), the CVC beside its name, the expiry as typed. */
const traces = (card: SeenCard): RegExp[] => {
  const two = String(card.expMonth).padStart(2, '0');
  const year = String(card.expYear);
  return [
    new RegExp(card.number),
    new RegExp(card.number.replace(/(\d{4})(?=\d)/g, '$1[ -]?')),
    new RegExp(`(cvc|cvv|csc|security)[^0-9]{0,12}${card.cvc}\\b`, 'i'),
    new RegExp(`"${card.cvc}"`),
    new RegExp(`\\b${two} ?/ ?(${year}|${year.slice(2)})\\b`),
  ];
};

const logs = captureLogs();
let h: Harness;
let network: Awaited<ReturnType<typeof startRecordingNetwork>>;

beforeAll(async () => {
  network = await startRecordingNetwork(() => `${h.server.rootUrl}/sandbox/card-network/authorizations`);
  h = await startHarness({
    shopOptions: { agenticCheckout: false, cardNetworkUrl: () => network.url },
    env: { CHROMIUM_PATH, EVENT_STORE: 'sqlite', LOG_LEVEL: 'trace', AGENT_CHECKOUT_LIVE_VIEW: 'off' },
    logDestination: logs.destination,
  });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await network?.close();
});

describeWithChromium('a run that pays with a virtual card leaves none of it behind', () => {
  it('writes the card number, CVC and typed expiry into no file of the data directory and no log line, at any level', async () => {
    const profile = await h.call('POST', '/unstable/agent-checkouts/buyer-profiles', {
      body: {
        name: { first: 'Alice', last: 'Shopper' },
        contact: { email: 'alice@example.com' },
        shipping: {
          addressLines: ['1 Market St'],
          locality: 'San Francisco',
          administrativeAreaCode: 'CA',
          postalCode: '94105',
          countryCode: 'US',
        },
      },
    });
    expect(profile.status).toBe(201);
    const created = await h.call('POST', '/unstable/agent-checkouts', {
      body: runBody(h.product('mug'), '50', { task: 'Buy a ceramic mug', buyerProfileId: profile.body.id }),
    });
    expect(created.status).toBe(202);
    const done = await waitForRun(h, created.body.runId as string, isFinalSnapshot, { timeoutMs: 60_000 });
    expect(done).toMatchObject({ status: 'succeeded' });
    expect(h.shop.state.orders()).toHaveLength(1);
    // The shop got the card: the test knows what to look for.
    expect(network.seen).toHaveLength(1);
    const card = network.seen[0]!;
    expect(card.number).toMatch(/^\d{16}$/);

    const files = await filesUnder(h.server.dataDir);
    expect(files.map((file) => file.path)).toEqual(
      expect.arrayContaining([expect.stringMatching(/\.(sqlite|db)(-wal)?$/)]),
    );
    const leaks = files.flatMap((file) =>
      traces(card)
        .filter((trace) => trace.test(file.text))
        .map((trace) => `${file.path}: ${trace.source}`),
    );
    expect(leaks).toEqual([]);

    const logText = logs.text();
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(logs.lines.some((line) => line['level'] === 10 || line['level'] === 20)).toBe(true);
    expect(traces(card).filter((trace) => trace.test(logText))).toEqual([]);
  }, 90_000);
});
