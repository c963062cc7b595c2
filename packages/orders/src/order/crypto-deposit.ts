import * as E from 'fp-ts/lib/Either.js';
import { Decimal, parseDecimal, type DomainError } from '@paykit/kernel';
import type { RecordCryptoDeposit } from './commands.js';
import { orderErrors } from './errors.js';
import type { OrderEvent } from './events.js';
import type { DepositInstructions, Order } from './model.js';
import { canPay, paymentStatus } from './status.js';
import { parseIsoTimestamp } from '@paykit/kernel';

type Decision = E.Either<DomainError, readonly OrderEvent[]>;
type Deposit = RecordCryptoDeposit['data'];

const sameText = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** The first way the deposit differs from what the order asked for, as a 400-kind error. */
const mismatch = (deposit: Deposit, order: Order, instructions: DepositInstructions): DomainError | null => {
  const { payment } = order;
  const expected = order.quote.totalPrice;
  const amount = parseDecimal(deposit.amount);
  if (!sameText(deposit.chain, payment.method)) {
    return orderErrors.depositMismatch('chain', payment.method, deposit.chain);
  }
  if (!sameText(deposit.currency, expected.currency)) {
    return orderErrors.depositMismatch('currency', expected.currency, deposit.currency);
  }
  if (!amount || !amount.eq(new Decimal(expected.amount))) {
    return orderErrors.depositMismatch('amount', expected.amount, deposit.amount);
  }
  if (deposit.memo !== instructions.memo) return orderErrors.depositMismatch('memo', instructions.memo, deposit.memo);
  if (deposit.to !== undefined && !sameText(deposit.to, instructions.address)) {
    return orderErrors.depositMismatch('recipient', instructions.address, deposit.to);
  }
  if (deposit.from !== undefined && payment.payerAddress && !sameText(deposit.from, payment.payerAddress)) {
    return orderErrors.depositMismatch('payer', payment.payerAddress, deposit.from);
  }
  return null;
};

/**
 * Records an offramp deposit the chain gateway has seen reach finality. It must match the
 * order exactly (chain, currency, quoted amount, memo, deposit address, payer) and have landed
 * before the quote expired; anything else is refused and leaves the order untouched. The
 * same transaction reported twice is a no-op.
 */
export const decideRecordCryptoDeposit = ({ data }: RecordCryptoDeposit, order: Order): Decision => {
  if (order.kind !== 'offramp') return E.left(orderErrors.notOfframp());
  const { received } = order.payment;
  if (received) return received.txId === data.txId ? E.right([]) : E.left(orderErrors.alreadyPaid());
  const receivedAt = parseIsoTimestamp(data.receivedAt);
  if (receivedAt === null) return E.left(orderErrors.invalidTimestamp('receivedAt'));
  const instructions = order.payment.deposit;
  if (!instructions) return E.left(orderErrors.notOfframp());
  const wrong = mismatch(data, order, instructions);
  if (wrong) return E.left(wrong);
  if (order.quote.expired || receivedAt >= Date.parse(order.quote.expiresAt)) {
    return E.left(orderErrors.quoteExpired(order.quote.expiresAt));
  }
  const status = paymentStatus(order);
  if (!canPay(status)) return E.left(orderErrors.notPayable(status));
  return E.right([
    {
      type: 'OrderCryptoDepositReceived',
      data: {
        orderId: order.orderId,
        chain: order.payment.method,
        txId: data.txId,
        amount: order.quote.totalPrice,
        memo: data.memo,
        ...(data.from && { from: data.from }),
        to: instructions.address,
        receivedAt: data.receivedAt,
      },
    },
  ]);
};
