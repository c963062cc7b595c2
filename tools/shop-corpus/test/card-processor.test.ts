import type { CardNetwork } from '../src/index.js';
import { cardProblems, readExpiry } from '../src/server/card-processor.js';
import { OrderBook } from '../src/server/order-book.js';

const VISA = '4242 4242 4242 4242';
const checkout = (card: Partial<{ number: string; expMonth: number; expYear: number; cvc: string }> = {}) => ({
  email: 'a@b.c',
  lines: [{ sku: 'MUG', name: 'Mug', quantity: 1, unitCents: 1800 }],
  totalCents: 2349,
  card: { number: VISA, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123', ...card },
});

/** A network that records what it was asked and answers as told. */
const networkAnswering = (answer: Awaited<ReturnType<CardNetwork>>) => {
  const asked: Parameters<CardNetwork>[0][] = [];
  const network: CardNetwork = (request) => {
    asked.push(request);
    return Promise.resolve(answer);
  };
  return { asked, network };
};

describe("a corpus shop's card processor", () => {
  const merchant = { name: 'Mug Shop', url: () => 'http://127.0.0.1:4000' };
  const options = { currency: 'USD', numberFor: (n: number) => `M-${n}` };

  it('asks the network for the total on the typed card and places the order only on an approval', async () => {
    const { asked, network } = networkAnswering({ kind: 'approved', authorizationId: 'auth_1' });
    const book = new OrderBook(options, network, merchant);
    const paid = await book.payCard(checkout());
    expect(paid).toMatchObject({ number: 'M-1', totalCents: 2349 });
    expect(asked).toEqual([
      expect.objectContaining({
        card: expect.objectContaining({ number: '4242424242424242', cvc: '123' }),
        amountCents: 2349,
        currency: 'USD',
        merchant: { name: 'Mug Shop', url: 'http://127.0.0.1:4000' },
      }),
    ]);
    expect(book.attempts()).toEqual([expect.objectContaining({ outcome: 'approved', last4: '4242' })]);
  });

  it('places nothing on a decline and records the declined attempt', async () => {
    const book = new OrderBook(
      options,
      networkAnswering({ kind: 'declined', declineCode: 'card_limit' }).network,
      merchant,
    );
    expect(await book.payCard(checkout())).toEqual({ refused: 'declined' });
    expect(book.orders()).toEqual([]);
    expect(book.attempts().map((attempt) => attempt.outcome)).toEqual(['declined']);
  });

  it('refuses a card a card form would refuse, without asking the network', async () => {
    const { asked, network } = networkAnswering({ kind: 'approved', authorizationId: 'auth_1' });
    const book = new OrderBook(options, network, merchant);
    expect(await book.payCard(checkout({ number: '4242 4242 4242 4241', cvc: '1', expYear: 2020 }))).toEqual({
      refused: 'card_invalid',
      problems: ['The card number is not valid.', 'The card has expired.', 'The security code is not valid.'],
    });
    expect(asked).toEqual([]);
  });

  it('is a processor error, not an order, when the network cannot be reached', async () => {
    const book = new OrderBook(options, networkAnswering({ kind: 'unreachable' }).network, merchant);
    expect(await book.payCard(checkout())).toEqual({ refused: 'processor_error' });
    expect(book.attempts()).toEqual([]);
  });

  it('reads the expiry formats card forms use', () => {
    expect(['12 / 29', '12/29', '12/2029', '1229'].map(readExpiry)).toEqual(Array(4).fill({ month: 12, year: 2029 }));
    expect(['13/29', 'soon', ''].map(readExpiry)).toEqual([null, null, null]);
    expect(cardProblems(checkout().card)).toEqual([]);
  });
});
