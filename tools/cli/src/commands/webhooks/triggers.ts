import { type WebhookEventType, expectOk } from '@paykit/client';
import {
  ACCOUNTS,
  CARDS,
  type StoryContext,
  createWallet,
  fundWallet,
  offrampStory,
  payByCard,
  placeOnramp,
  transfer,
  userEmail,
  waitForOrder,
} from '@paykit/demo/stories';

/** Quotes that expire later than this are not waited for: the trigger says how to shorten them. */
const MAX_QUOTE_WAIT_MS = 60_000;

const buyer = async (context: StoryContext) => {
  const email = userEmail(context, 'trigger');
  return { email, wallet: await createWallet(context, email) };
};

const paidOnramp = async (context: StoryContext, card: string) => {
  const { email, wallet } = await buyer(context);
  return payByCard(context, await placeOnramp(context, wallet, email, '5'), card);
};

const expiredQuote = async (context: StoryContext) => {
  const { email, wallet } = await buyer(context);
  const { order } = await placeOnramp(context, wallet, email, '5');
  const waitMs = Date.parse(order.quote.expiresAt) - Date.now() + 5_000;
  if (waitMs > MAX_QUOTE_WAIT_MS) {
    throw new Error(
      `the quote of order ${order.orderId} expires at ${order.quote.expiresAt}, which raises orders.quote.updated; ` +
        'to see it within seconds start the server with ORDER_QUOTE_TTL_SECONDS=5',
    );
  }
  const expired = await waitForOrder(
    { ...context, waitMs },
    order.orderId,
    'its quote to expire',
    (current) => current.quote.status === 'expired',
  );
  context.report.step(`quote ${expired.quote.status}`);
};

const transferBetweenWallets = async (context: StoryContext) => {
  const from = await createWallet(context, userEmail(context, 'trigger-sender'));
  const to = await createWallet(context, userEmail(context, 'trigger-recipient'));
  await fundWallet(context, from, 5);
  await transfer(context, from, to.address, '1');
};

const returnedPayout = async (context: StoryContext) => {
  const { email, wallet } = await buyer(context);
  await fundWallet(context, wallet, 10);
  await offrampStory(context, wallet, email, { amount: '5', accountNumber: ACCOUNTS.returned, followPayout: false });
  context.report.step(
    `the payout to account ...${ACCOUNTS.returned.slice(-4)} is returned when it would settle ` +
      '(PAYOUT_SANDBOX_SEND_DELAY_MS + PAYOUT_SANDBOX_SETTLEMENT_DELAY_MS after the deposit): then orders.delivery.failed',
  );
};

const blockedRun = async (context: StoryContext) => {
  const run = await expectOk(
    context.client.POST('/unstable/agent-checkouts', {
      params: { header: { 'x-service-user-id': `trigger-${context.runTag}` } },
      body: {
        constraints: { maxCost: { amount: '20', currency: 'USD' } },
        request: { startUrl: 'https://shop.invalid/products/mug', task: 'Buy a mug' },
      },
    }),
  );
  context.report.step(
    `run ${run.runId} ${run.status}: a host that does not resolve, so it ends blocked at once (more updates follow)`,
  );
};

/**
 * Raised by a shop's processor asking the card network about a run's virtual card, which needs a
 * shop and a runner that types the card: the trigger says how to get one, as the quote's does.
 */
const cardAuthorization = async (): Promise<never> => {
  throw new Error(
    'agent-checkouts.card.authorization is raised when a run pays a shop’s card form with its virtual card and the ' +
      'shop’s processor asks the card network (POST /sandbox/card-network/authorizations): run the demo merchant with ' +
      'DEMO_MERCHANT_ACP=off and DEMO_MERCHANT_CARD_NETWORK_URL=http://<api host>/sandbox/card-network/authorizations, ' +
      'allow-list it (AGENT_CHECKOUT_ALLOWED_HOSTS) and start a run on one of its products',
  );
};

/**
 * What `webhooks trigger` does for each event type: the smallest real sequence of API calls that
 * makes the sandbox raise it (like a payment provider's CLI), never a fake event.
 */
export const TRIGGERS: Readonly<Record<WebhookEventType, (context: StoryContext) => Promise<unknown>>> = {
  'orders.quote.created': async (context) => {
    const { email, wallet } = await buyer(context);
    await placeOnramp(context, wallet, email, '5');
  },
  'orders.quote.updated': expiredQuote,
  'orders.payment.succeeded': (context) => paidOnramp(context, CARDS.succeeds),
  'orders.payment.failed': (context) => paidOnramp(context, CARDS.declines),
  'orders.delivery.initiated': (context) => paidOnramp(context, CARDS.succeeds),
  'orders.delivery.completed': (context) => paidOnramp(context, CARDS.succeeds),
  'orders.delivery.failed': returnedPayout,
  'wallets.transfer.out': transferBetweenWallets,
  'wallets.transfer.in': transferBetweenWallets,
  'agent-checkouts.run.updated': blockedRun,
  'agent-checkouts.card.authorization': cardAuthorization,
};
