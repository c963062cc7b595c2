import { createHmac, hkdfSync } from 'node:crypto';
import { MemoryEventStore, type RecordedEvent } from '@paykit/event-store';
import { encryptionKey, open } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { KeyedWrite } from '../../src/http/idempotency/keyed-write.js';
import { idempotencyStream } from '../../src/http/idempotency/key-stream.js';
import { AppSecrets } from '../../src/infrastructure/secrets/app-secrets.js';
import { fetchJson } from '../support/http-client.js';
import { type TestServer, startServer } from '../support/start-server.js';
import { asProject } from '../support/test-principal.guard.js';
import { TestRoutesModule } from '../support/test-routes.module.js';

/**
 * What a key stream keeps (ADR 0307), checked against the documented derivations computed here:
 * fingerprints and sealed responses outlive the release that wrote them (a retry after an upgrade
 * must still match and replay), so their keys and inputs are a stored format, not a detail.
 */
describe('idempotency records at rest', () => {
  let server: TestServer;
  let store: MemoryEventStore;
  beforeAll(async () => {
    store = new MemoryEventStore();
    server = await startServer({ imports: [TestRoutesModule], eventStore: store });
  });
  afterAll(() => server.close());

  /** HKDF-SHA256 of the secrets key, empty salt, `info` naming the purpose (ADR 0307). */
  const subKey = (info: string) =>
    Buffer.from(hkdfSync('sha256', server.app.get(AppSecrets).rootKey(), Buffer.alloc(0), info, 32));

  const keyStream = async (projectId: string, key: string) => {
    const events: RecordedEvent[] = [];
    for await (const event of store.readStream(idempotencyStream(projectId, key))) events.push(event);
    return events;
  };

  const body = { name: 'n', lineItems: [{ tokenLocator: 'base-sepolia:usdc', executionParameters: { amount: '2' } }] };

  it('fingerprints a request as HMAC-SHA256 under paykit:idempotency:fingerprints:v1 of method, path, params and canonical body', async () => {
    const response = await fetchJson(`${server.baseUrl}/test/echo`, {
      body,
      headers: { ...asProject('p-fingerprint'), 'x-idempotency-key': 'fingerprint-1' },
    });
    expect(response.status).toBe(201);
    // One field per line: the method, the path as sent, no path parameters, the body with sorted keys.
    const material = [
      'POST',
      '/api/test/echo',
      '',
      '{"lineItems":[{"executionParameters":{"amount":"2"},"tokenLocator":"base-sepolia:usdc"}],"name":"n"}',
    ].join('\n');
    const expected = createHmac('sha256', subKey('paykit:idempotency:fingerprints:v1'))
      .update(material)
      .digest('base64url');
    const events = await keyStream('p-fingerprint', 'fingerprint-1');
    expect(events.map((event) => (event.data as { fingerprint: string }).fingerprint)).toEqual([expected, expected]);
  });

  it('seals the recorded response under paykit:idempotency:responses:v1, bound to its key stream', async () => {
    const response = await fetchJson(`${server.baseUrl}/test/echo`, {
      body,
      headers: { ...asProject('p-sealed-key'), 'x-idempotency-key': 'sealed-key-1' },
    });
    expect(response.status).toBe(201);
    const recorded = (await keyStream('p-sealed-key', 'sealed-key-1')).find(
      (event) => event.type === 'IdempotentResponseRecorded',
    );
    const sealed = Buffer.from((recorded?.data as { sealedResponse: string }).sealedResponse, 'base64url');
    const key = encryptionKey(subKey('paykit:idempotency:responses:v1'));
    if (E.isLeft(key)) throw new Error(key.left.message);
    const opened = open(key.right, sealed, idempotencyStream('p-sealed-key', 'sealed-key-1'));
    expect(JSON.parse(opened?.toString('utf8') ?? 'null')).toEqual({ status: 201, body: response.body });
    expect(open(key.right, sealed, idempotencyStream('p-sealed-key', 'another-key'))).toBeNull();
  });
});

describe('a keyed write in a log line or serialized request', () => {
  it('prints as the marker KeyedWrite: never the key, its digest or the request fingerprint', () => {
    const keyed = KeyedWrite.of('p-print', 'POST /notes', 'raw-key-7741', 'fingerprint-7741');
    const printed = JSON.stringify({ keyedWrite: keyed });
    expect(printed).toBe('{"keyedWrite":"KeyedWrite"}');
    for (const secret of [keyed.key, keyed.digest, keyed.fingerprint]) expect(printed).not.toContain(secret);
  });
});
