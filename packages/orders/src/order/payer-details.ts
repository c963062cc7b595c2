import * as E from 'fp-ts/lib/Either.js';
import { invalid, parseDecimal, type DomainError } from '@paykit/kernel';
import type { ProvideCryptoPayer, ProvideReceiptEmail, RecordPayerFunds } from './commands.js';
import { isEmailAddress } from './create/validate-request.js';
import { orderErrors } from './errors.js';
import type { OrderEvent } from './events.js';
import type { Order } from './model.js';
import { paymentStatus } from './status.js';

type Decision = E.Either<DomainError, readonly OrderEvent[]>;

/** Details the payer may still supply or change: until a payment attempt starts. */
const detailsOpen = (order: Order): boolean => !order.payment.received && paymentStatus(order) !== 'in-progress';

export const decideProvideReceiptEmail = ({ data }: ProvideReceiptEmail, order: Order): Decision => {
  if (!isEmailAddress(data.receiptEmail)) return E.left(orderErrors.invalidEmail());
  if (order.payment.receiptEmail === data.receiptEmail) return E.right([]);
  if (!detailsOpen(order)) return E.left(orderErrors.payerDetailsClosed());
  return E.right([
    { type: 'OrderReceiptEmailProvided', data: { orderId: order.orderId, receiptEmail: data.receiptEmail } },
  ]);
};

/** The offramp payer's wallet and the deposit transaction built for it by the chain gateway. */
export const decideProvideCryptoPayer = ({ data }: ProvideCryptoPayer, order: Order): Decision => {
  if (order.kind !== 'offramp') return E.left(orderErrors.notOfframp());
  if (!data.payerAddress || !data.serializedTransaction) {
    return E.left(invalid('invalid_payer', 'a crypto payer needs an address and its deposit transaction'));
  }
  const { payment } = order;
  if (payment.payerAddress === data.payerAddress && payment.serializedTransaction === data.serializedTransaction) {
    return E.right([]);
  }
  if (!detailsOpen(order)) return E.left(orderErrors.payerDetailsClosed());
  return E.right([
    {
      type: 'OrderCryptoPayerProvided',
      data: {
        orderId: order.orderId,
        payerAddress: data.payerAddress,
        serializedTransaction: data.serializedTransaction,
      },
    },
  ]);
};

/**
 * The chain gateway's reading of the payer's balance. Advisory: it sets the
 * crypto-payer-insufficient-funds statuses, but a deposit that arrives anyway is accepted.
 */
export const decideRecordPayerFunds = ({ data }: RecordPayerFunds, order: Order): Decision => {
  if (order.kind !== 'offramp') return E.left(orderErrors.notOfframp());
  if (order.payment.received) return E.right([]);
  const required = order.quote.totalPrice;
  if (data.balance.currency !== required.currency) {
    return E.left(invalid('balance_currency_mismatch', `the payer's balance must be in ${required.currency}`));
  }
  const balance = parseDecimal(data.balance.amount);
  if (!balance) return E.left(invalid('invalid_amount', "the payer's balance must be a decimal string"));
  const sufficient = balance.gte(required.amount);
  const { funds } = order.payment;
  if (funds?.sufficient === sufficient && funds.gasSufficient === data.gasSufficient) return E.right([]);
  return E.right([
    {
      type: 'OrderPayerFundsChecked',
      data: {
        orderId: order.orderId,
        balance: data.balance,
        required,
        sufficient,
        gasSufficient: data.gasSufficient,
        checkedAt: data.checkedAt,
      },
    },
  ]);
};
