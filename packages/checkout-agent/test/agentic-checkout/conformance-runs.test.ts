import { toRunSnapshot } from '@paykit/checkout-runs';
import { type Harness, BUYER, CARDS, startHarness } from '../support/harness.js';
import { createRun, isFinal, runInput, waitForRun } from '../support/runs.js';
import { ACP_VERSIONS, acpSchemas, definitionsOf } from './support/acp-schemas.js';
import { recordingTransport } from './support/recording-transport.js';

/**
 * Every request the agent sends and every response the demo merchant returns, validated with ajv
 * against the official JSON schema of the one version the merchant offers.
 */
describe.each(ACP_VERSIONS)('ACP %s on the wire', (version) => {
  const schemas = acpSchemas(version);
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ acpVersions: [version] });
  });
  afterEach(() => h.close());

  const runs = async (card: string, ...runsToMake: [slug: string, maxCost: string, task?: string][]) => {
    const recorder = recordingTransport();
    h.startRunner({ transport: recorder.transport, card, buyer: { ...BUYER, contact: { email: 'sam@example.com' } } });
    const snapshots = [];
    for (const [slug, maxCost, task] of runsToMake) {
      const runId = await createRun(h.store, h.clock, runInput(`${h.shop.url}/products/${slug}`, maxCost, task));
      snapshots.push(toRunSnapshot(await waitForRun(h.store, runId, isFinal)));
    }
    const acp = recorder.exchanges.flatMap((exchange) => {
      const definitions = definitionsOf(exchange);
      return definitions ? [{ exchange, ...definitions }] : [];
    });
    return { snapshots, acp };
  };

  const violations = (acp: Awaited<ReturnType<typeof runs>>['acp']) =>
    acp.flatMap(({ exchange, kind, request, response, operation }) => {
      const sent =
        request && schemas.has(kind, request) ? schemas.errors(kind, request, exchange.requestBody ?? {}) : [];
      const answered = schemas.errors(kind, response, exchange.responseBody);
      return [
        ...sent.map((error) => `${operation} request: ${error}`),
        ...answered.map((error) => `${operation} ${exchange.status} ${response}: ${error}`),
      ];
    });

  it('a purchase, a run over maxCost and an out-of-stock item: every request and response is valid', async () => {
    const { snapshots, acp } = await runs(
      CARDS.approved,
      ['mug', '80', 'Order 2 ceramic mugs with express shipping'],
      ['hoodie', '100'],
      ['desk-lamp', '100'],
    );

    expect(snapshots.map((snapshot) => snapshot.status)).toEqual(['succeeded', 'blocked', 'blocked']);
    expect(new Set(acp.map((entry) => entry.operation))).toEqual(
      new Set(['create', 'update', 'delegate_payment', 'complete', 'cancel']),
    );
    expect(acp.every(({ exchange }) => exchange.headers['api-version'] === version)).toBe(true);
    expect(violations(acp)).toEqual([]);
    expect(h.shop.state.orders()[0]?.lines).toEqual([expect.objectContaining({ sku: 'mug', quantity: 2 })]);
  });

  it('a declined payment: the session answered with the decline is valid too', async () => {
    const { snapshots, acp } = await runs(CARDS.declined, ['mug', '50']);

    expect(snapshots[0]).toMatchObject({ status: 'blocked', result: { code: 'merchant.payment_declined' } });
    const complete = acp.find((entry) => entry.operation === 'complete');
    expect(complete?.exchange.status).toBe(200);
    expect(complete?.exchange.responseBody).toMatchObject({
      status: 'ready_for_payment',
      messages: [expect.objectContaining({ code: 'payment_declined' })],
    });
    expect(violations(acp)).toEqual([]);
  });
});
