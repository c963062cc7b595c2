import { expectOk } from '@paykit/client';
import { waitFor } from '../wait.js';
import { type Order, type StoryContext, type Wallet } from './context.js';
import { CHAIN, STABLECOIN } from './wallets.js';

/** The sandbox's test cards used here (docs/testing.md lists them all). */
export const CARDS = {
  succeeds: '4242424242424242',
  declines: '4000000000000002',
  verification: '4000002500003155',
} as const;

export interface PlacedOrder {
  readonly clientSecret: string;
  readonly order: Order;
}

export const getOrder = (context: StoryContext, orderId: string): Promise<Order> =>
  expectOk(context.client.GET('/2022-06-09/orders/{orderId}', { params: { path: { orderId } } }));

export const waitForOrder = (
  context: StoryContext,
  orderId: string,
  what: string,
  done: (order: Order) => boolean,
): Promise<Order> =>
  waitFor(`order ${orderId}: ${what}`, () => getOrder(context, orderId), done, { timeoutMs: context.waitMs });

export const placeOnramp = async (
  context: StoryContext,
  wallet: Wallet,
  email: string,
  usd: string,
): Promise<PlacedOrder> => {
  const placed = await expectOk(
    context.client.POST('/2022-06-09/orders', {
      body: {
        recipient: { walletAddress: wallet.address },
        payment: { method: 'card', currency: 'usd', receiptEmail: email },
        lineItems: [
          { tokenLocator: `${CHAIN}:${STABLECOIN}`, executionParameters: { amount: usd, maxSlippageBps: '100' } },
        ],
      },
    }),
  );
  if (!('clientSecret' in placed)) throw new Error('a placed order answers its clientSecret');
  const { order } = placed;
  context.report.step(
    `order ${order.orderId}: ${usd} USD of ${STABLECOIN}, ${order.lineItems[0]?.quote.quantityRange?.upperBound ?? '?'} at most, payment ${order.payment.status}`,
  );
  return placed;
};

/** Tokenizes a test card and pays the order with it, authorised by the order's client secret. */
export const payByCard = async (context: StoryContext, placed: PlacedOrder, cardNumber: string): Promise<Order> => {
  const card = await expectOk(
    context.client.POST('/unstable/card-tokens', {
      body: { number: cardNumber, expMonth: 12, expYear: 2040, cvc: '123' },
    }),
  );
  const order = await expectOk(
    context.client.POST('/2022-06-09/orders/{orderId}/payment', {
      params: { path: { orderId: placed.order.orderId } },
      headers: { authorization: placed.clientSecret },
      body: { type: 'card-token', token: card.token },
    }),
  );
  context.report.step(`paid with card ${cardNumber} (${card.brand} ${card.last4}): payment ${order.payment.status}`);
  return order;
};

const delivered = (order: Order): boolean =>
  order.phase === 'completed' || order.lineItems[0]?.delivery.status === 'failed';

const showDelivery = (context: StoryContext, order: Order): void => {
  const delivery = order.lineItems[0]?.delivery;
  const tokens = delivery?.tokens?.map((token) => `${token.quantity} ${token.symbol}`).join(', ') ?? '-';
  context.report.step(`delivery ${delivery?.status}: ${tokens}, txId ${delivery?.txId ?? '-'}`);
};

/** A card payment that succeeds, one that is declined, and one with a verification step. */
export const onrampStory = async (context: StoryContext, wallet: Wallet, email: string): Promise<Order> => {
  context.report.note(`card ${CARDS.succeeds} succeeds`);
  const bought = await placeOnramp(context, wallet, email, '25');
  await payByCard(context, bought, CARDS.succeeds);
  const done = await waitForOrder(context, bought.order.orderId, 'tokens delivered', delivered);
  showDelivery(context, done);

  context.report.note(`card ${CARDS.declines} is declined`);
  const declinedOrder = await placeOnramp(context, wallet, email, '5');
  const declined = await payByCard(context, declinedOrder, CARDS.declines);
  context.report.step(
    `failureReason ${declined.payment.failureReason?.code}: ${declined.payment.failureReason?.message}`,
  );

  context.report.note(`card ${CARDS.verification} asks for a verification step`);
  const verifiedOrder = await placeOnramp(context, wallet, email, '5');
  const pending = await payByCard(context, verifiedOrder, CARDS.verification);
  const url = pending.payment.preparation?.cardVerification?.url;
  const verificationId = url?.split('/').at(-1);
  if (!verificationId) throw new Error('the card asked for no verification step');
  const verification = await expectOk(
    context.client.POST('/unstable/card-verifications/{verificationId}', {
      params: { path: { verificationId } },
      body: { outcome: 'succeeded' },
    }),
  );
  context.report.step(`verification ${verificationId} completed by the cardholder: charge ${verification.status}`);
  const verified = await waitForOrder(context, verifiedOrder.order.orderId, 'tokens delivered', delivered);
  showDelivery(context, verified);
  return done;
};
