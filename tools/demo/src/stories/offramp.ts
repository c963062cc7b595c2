import { expectOk } from '@paykit/client';
import { TimedOut } from '../wait.js';
import type { Order, StoryContext, Wallet } from './context.js';
import { waitForOrder } from './onramp.js';
import { CHAIN, STABLECOIN, transfer } from './wallets.js';

/** Test account numbers: the sandbox's payout outcome follows the last four digits (docs/testing.md). */
export const ACCOUNTS = { settles: '000987654321', returned: '000123450002', neverSettles: '000123450003' } as const;
const TEST_ROUTING_NUMBER = '110000000';

export interface OfframpOptions {
  readonly amount?: string;
  readonly accountNumber?: string;
  /** Follow the payout to its end (bounded by the context's wait); false returns once the deposit is recorded. */
  readonly followPayout?: boolean;
}

const payoutState = (order: Order): string => `${order.phase}, delivery ${order.lineItems[0]?.delivery.status}`;

/** Sells stablecoins from a service wallet to the user's bank account and follows the payout. */
export const offrampStory = async (
  context: StoryContext,
  wallet: Wallet,
  email: string,
  { amount = '10', accountNumber = ACCOUNTS.settles, followPayout = true }: OfframpOptions = {},
): Promise<Order> => {
  const method = await expectOk(
    context.client.POST('/unstable/payment-methods', {
      body: {
        type: 'bank-account-us',
        userLocator: `email:${email}`,
        bankAccount: {
          accountNumber,
          routingNumber: TEST_ROUTING_NUMBER,
          accountType: 'checking',
          bankName: 'Test Bank',
          currency: 'usd',
          country: 'US',
          entityType: 'individual',
          billing: {
            name: 'Ana Lima',
            address: { line1: '1 Main St', city: 'Springfield', postalCode: '62701', country: 'US' },
          },
        },
      },
    }),
  );
  context.report.step(`payment method ${method.paymentMethodId}: bank account ...${method.bankAccount.accountSuffix}`);

  const placed = await expectOk(
    context.client.POST('/2022-06-09/orders', {
      body: {
        recipient: { paymentMethodId: method.paymentMethodId },
        payment: { method: CHAIN, currency: STABLECOIN, payerAddress: wallet.address },
        // The spec's single-item object form is accepted too; the document describes the array form.
        lineItems: [{ currencyLocator: 'fiat:usd', executionParameters: { mode: 'exact-in', amount } }],
      },
    }),
  );
  const preparation = placed.order.payment.preparation;
  const depositAddress = preparation?.depositAddress;
  const memo = preparation?.transactionParameters?.memo;
  if (!depositAddress || !memo) throw new Error('an offramp order answers its deposit address and memo');
  context.report.step(
    `order ${placed.order.orderId}: ${amount} ${STABLECOIN} for ${placed.order.lineItems[0]?.quantity} USD; deposit to ${depositAddress}, memo ${memo}`,
  );

  const deposit = await transfer(context, wallet, depositAddress, amount, memo);
  const paid = await expectOk(
    context.client.POST('/2022-06-09/orders/{orderId}/payment', {
      params: { path: { orderId: placed.order.orderId } },
      body: { type: 'crypto-tx-id', txId: deposit.onChain.txId! },
    }),
  );
  context.report.step(`payment ${paid.payment.status}: deposit ${paid.payment.received?.txId} received`);
  if (!followPayout) return paid;
  try {
    const settled = await waitForOrder(
      context,
      placed.order.orderId,
      'the payout to settle',
      (order) => order.phase === 'completed' || order.lineItems[0]?.delivery.status === 'failed',
    );
    context.report.step(
      `payout ${settled.lineItems[0]?.delivery.status} on rail ${settled.lineItems[0]?.delivery.rail}`,
    );
    return settled;
  } catch (error) {
    if (!(error instanceof TimedOut)) throw error;
    const last = error.last as Order;
    context.report.step(
      `payout under way (${payoutState(last)}): it is sent after PAYOUT_SANDBOX_SEND_DELAY_MS and settles after PAYOUT_SANDBOX_SETTLEMENT_DELAY_MS`,
    );
    return last;
  }
};
