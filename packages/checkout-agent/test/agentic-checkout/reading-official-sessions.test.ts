import { readSession } from '../../src/agentic-checkout/acp-session.js';
import { ACP_VERSIONS, specFile } from './support/acp-schemas.js';

/** The agent reads sessions written by the protocol's authors, not only by our demo merchant. */
describe.each(ACP_VERSIONS)('reading the official %s example sessions', (version) => {
  const examples = specFile(version, 'examples.agentic_checkout.json');
  const responses = Object.entries(examples).filter(
    ([name]) => /_response$/.test(name) && typeof examples[name]?.id === 'string',
  );

  it('finds line items with their quantities, priced delivery options, the total, the order and how to pay', () => {
    expect(responses.length).toBeGreaterThan(0);
    for (const [name, body] of responses) {
      const session = readSession(body);
      expect({ name, ok: session !== null }).toEqual({ name, ok: true });
      const lines = (body.line_items ?? []) as { quantity?: number; item: { quantity?: number } }[];
      expect(session?.lineItems.map((line) => line.quantity)).toEqual(
        lines.map((line) => line.quantity ?? line.item.quantity),
      );
      expect(session?.fulfillmentOptions).toHaveLength((body.fulfillment_options ?? []).length);
      expect(session?.total).toBe(
        (body.totals as { type: string; amount: number }[]).find((total) => total.type === 'total')?.amount ?? null,
      );
      if (body.order) expect(session?.orderId).toBe(body.order.id);
      const handlers = (body.capabilities?.payment?.handlers ?? []) as { name: string }[];
      if (handlers.some((handler) => handler.name === 'dev.acp.tokenized.card')) {
        expect(session?.payment).toMatchObject({
          handlerId: 'card_tokenized',
          requiresDelegation: true,
          merchantId: 'acct_1234567890',
        });
      } else if (body.payment_provider) expect(session?.payment.provider).toBe('stripe');
    }
  });
});

describe('what the spec lets a merchant do differently', () => {
  const session = (option: Record<string, unknown>, line: Record<string, unknown>) => ({
    id: 'cs_1',
    status: 'ready_for_payment',
    currency: 'eur',
    line_items: [line],
    fulfillment_options: [{ type: 'shipping', id: 'ship', title: 'Ship', ...option }],
    totals: [{ type: 'total', display_text: 'Total', amount: 1000 }],
    messages: [{ type: 'warning', code: 'low_stock', content_type: 'plain', content: 'Two left.' }],
    links: [],
    x_future_field: { anything: true },
  });

  it.each([
    ['a total', { totals: [{ type: 'total', display_text: 'Shipping', amount: 500 }] }, 500],
    ['a fulfillment amount only', { totals: [{ type: 'fulfillment', display_text: 'Shipping', amount: 450 }] }, 450],
    [
      'fulfillment plus tax',
      {
        totals: [
          { type: 'fulfillment', display_text: 'Shipping', amount: 450 },
          { type: 'tax', display_text: 'Tax', amount: 50 },
        ],
      },
      500,
    ],
    ['the 2025 flat amounts', { subtotal: 400, tax: 0, total: 400 }, 400],
  ])('prices a delivery option given %s', (_case, option, amount) => {
    expect(readSession(session(option, { id: 'li_1', item: { id: 'mug' }, quantity: 3 }))?.fulfillmentOptions).toEqual([
      { id: 'ship', title: 'Ship', amount, latestDelivery: null },
    ]);
  });

  it('reads the quantity where 2026-01-30 put it, ignores unknown fields, and keeps a warning as a warning', () => {
    const read = readSession(session({ total: 1 }, { id: 'li_1', item: { id: 'mug' }, quantity: 3, x_gift: true }));
    expect(read?.lineItems).toEqual([{ id: 'li_1', itemId: 'mug', quantity: 3 }]);
    expect(read?.messages).toEqual([{ type: 'warning', code: 'low_stock', param: null, content: 'Two left.' }]);
    expect(read?.currency).toBe('EUR');
  });
});
