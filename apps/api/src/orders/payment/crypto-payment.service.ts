import { Inject, Injectable } from '@nestjs/common';
import { type Clock, type DomainError, DomainException, conflict, formatDecimal, fromBaseUnits, invalid } from '@paykit/kernel';
import type { Order } from '@paykit/orders';
import { type ChainGateway, type IncomingTransfer, verifyDeposit } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { type KeyedStep, KeyedRequestCompleted } from '../../http/idempotency/keyed-commands.js';
import type { KeyedWrite } from '../../http/idempotency/keyed-write.js';
import { CLOCK } from '../../infrastructure/tokens.js';
import { CHAIN_GATEWAY } from '../../wallets/gateway/chain-gateway.token.js';
import { DepositInstructions } from '../create/deposit-instructions.js';
import { OrderSettings } from '../providers/order-settings.js';
import type { OrderContext } from '../store/order-context.js';
import { OrderRepository } from '../store/order-repository.js';
import { Requoting } from './requote.js';

const POLL_MS = 25;

/** A transaction that does not pay the order is the caller's mistake: a 400 that names it. */
const notPaying = (error: DomainError): DomainException =>
  new DomainException(invalid(error.code, `txId: ${error.message}`, error.parameters));

/**
 * Pays an offramp order with a deposit the payer broadcast: the transaction is looked up on the
 * chain gateway and must pay the deposit address the quoted amount of the stablecoin with the
 * order's memo, from the payer, and be final, before the order records it. A mismatch changes
 * nothing. Finality is awaited for a bounded time; past it the answer is deposit_not_final.
 * Repeats are safe without a key (the same txId is recorded once); with one, a retry answers
 * the order as the first request left it (ADR 0305).
 */
@Injectable()
export class CryptoPaymentService {
  constructor(
    private readonly orders: OrderRepository,
    private readonly deposits: DepositInstructions,
    private readonly requoting: Requoting,
    private readonly settings: OrderSettings,
    @Inject(CHAIN_GATEWAY) private readonly gateway: ChainGateway,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async pay(order: Order, txId: string, context: OrderContext, keyed?: KeyedWrite): Promise<Order> {
    if (order.kind !== 'offramp') {
      throw new DomainException(invalid('payment_method_mismatch', 'type: crypto-tx-id pays offramp orders; pay this order with a card-token'));
    }
    if (!keyed) return this.record(order, txId, context);
    try {
      await this.orders.checkKey(order.orderId, keyed);
      return await this.record(order, txId, context, keyed);
    } catch (error) {
      if (error instanceof KeyedRequestCompleted) return error.state as Order;
      throw error;
    }
  }

  /** With a key, recording the deposit completes the key's request (ADR 0305). */
  private async record(order: Order, txId: string, context: OrderContext, keyed?: KeyedWrite): Promise<Order> {
    if (order.payment.received?.txId === txId) return order;
    const transfer = await this.finalDeposit(order, txId);
    const withPayer = await this.payerFrom(order, transfer, context, keyed && { write: keyed, completes: false });
    const record = (current: Order) =>
      this.orders.tryHandle(
        current.orderId,
        { type: 'RecordCryptoDeposit', data: this.depositOf(current, transfer) },
        context,
        keyed && { write: keyed, completes: true },
      );
    const first = await record(withPayer);
    if (E.isRight(first)) return first.right.order;
    if (first.left.code !== 'quote_expired') throw new DomainException(first.left);
    // Offramp is exact-in: the deposit still pays a fresh quote of the same amount.
    const again = await record(await this.requoting.fresh(withPayer, context));
    if (E.isLeft(again)) throw new DomainException(again.left);
    return again.right.order;
  }

  private async finalDeposit(order: Order, txId: string): Promise<IncomingTransfer> {
    const expected = this.deposits.expected(order);
    const deadline = this.clock.now().getTime() + this.settings.depositFinalityWaitMs;
    for (;;) {
      const found = await this.gateway.findIncomingTransfer(expected.chain, txId);
      if (E.isLeft(found)) {
        if (found.left.kind === 'not_found' || found.left.kind === 'invalid') {
          throw new DomainException(invalid('deposit_not_found', `txId: no transfer ${txId} on ${expected.chain}`, { txId }));
        }
        throw new DomainException(found.left);
      }
      const verified = verifyDeposit(found.right, expected);
      if (E.isLeft(verified)) throw notPaying(verified.left);
      if (verified.right.status === 'final') return found.right;
      if (this.clock.now().getTime() >= deadline) {
        const rule = this.gateway.finalityOf(expected.chain);
        throw new DomainException(
          conflict('deposit_not_final', `transaction ${txId} pays the order but is not final yet; retry shortly`, {
            txId,
            confirmations: String(found.right.confirmations),
            ...(E.isRight(rule) && { requiredConfirmations: String(rule.right.confirmations) }),
            retryAfterSeconds: 1,
          }),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** A deposit from a payer the order did not name makes that payer the order's (with its deposit transaction). */
  private async payerFrom(order: Order, transfer: IncomingTransfer, context: OrderContext, keyed?: KeyedStep): Promise<Order> {
    if (order.payment.payerAddress) return order;
    const terms = this.deposits.terms(order.payment.method, order.payment.currency, order.orderId);
    const serializedTransaction = await this.deposits.serializedTransaction(terms, transfer.from, order.quote.totalPrice.amount);
    return (
      await this.orders.handle(
        order.orderId,
        { type: 'ProvideCryptoPayer', data: { payerAddress: transfer.from, serializedTransaction } },
        context,
        keyed,
      )
    ).order;
  }

  private depositOf(order: Order, transfer: IncomingTransfer) {
    const terms = this.deposits.terms(order.payment.method, order.payment.currency, order.orderId);
    return {
      chain: order.payment.method,
      txId: transfer.txId,
      amount: formatDecimal(fromBaseUnits(BigInt(transfer.baseUnits), terms.token.decimals)),
      currency: order.payment.currency,
      memo: transfer.memo?.value ?? '',
      from: transfer.from,
      to: transfer.to,
      receivedAt: this.clock.now().toISOString(),
    };
  }
}
