import { ACP_SUPPORTED_VERSIONS, type AcpVersion } from '@paykit/demo-merchant';
import { type Harness, isFinalSnapshot, runBody, startHarness, waitForRun } from './support/harness.js';

/** The same purchase through the full API against a merchant that speaks only one version of the protocol. */
describe.each(ACP_SUPPORTED_VERSIONS)('a run against a merchant offering only ACP %s', (version: AcpVersion) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ shopOptions: { acpVersions: [version] } });
  });
  afterAll(() => h.close());

  it('buys two mugs with express delivery, paying with a token delegated within maxCost', async () => {
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
      body: runBody(h.product('mug'), '80', {
        task: 'Order 2 ceramic mugs with express shipping',
        buyerProfileId: profile.body.id,
      }),
    });
    expect(created.status).toBe(202);

    const done = await waitForRun(h, created.body.runId, isFinalSnapshot);

    const [order] = h.shop.state.orders();
    expect(h.shop.state.orders()).toHaveLength(1);
    // 2 x 12.00 + 14.99 express + 7.25% CA tax on the mugs (1.74) = 40.73
    expect(order).toMatchObject({
      shippingOption: 'express',
      lines: [expect.objectContaining({ sku: 'mug', quantity: 2 })],
      totals: { total: 4073 },
    });
    expect(done).toMatchObject({
      status: 'succeeded',
      result: {
        purchase: {
          kind: 'receipt_captured',
          receipt: { total: { amount: '40.73', currency: 'USD' }, merchantOrderId: order?.number },
        },
      },
    });
    const paths = h.shop.state.requests().map((request) => `${request.method} ${request.path}`);
    expect(paths).toContain('POST /agentic_commerce/delegate_payment');
    expect(paths.filter((path) => path.endsWith('/complete'))).toHaveLength(1);
  });
});
