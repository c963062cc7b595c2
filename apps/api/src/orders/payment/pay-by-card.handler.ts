import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { OrderResource } from '@paykit/contracts';
import { type DomainError, DomainException, type Money, sha256Hex } from '@paykit/kernel';
import { type Order, type OrderCommand, openCardAttempt, orderDecider, toOrderResource } from '@paykit/orders';
import type { CardProcessorPort, CardTokenOwner } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import type { Caller, ProjectContext } from '../../http/caller.js';
import type { KeyedWrite } from '../../http/idempotency/keyed-write.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import type { KeyedStep } from '../../infrastructure/aggregates/keyed-commands.js';
import { cardTokenOwnerOf } from '../cards/card-token-owner.js';
import { onceForKey } from '../keyed-order-request.js';
import { PurchaseClaims } from '../limits/purchase-claims.js';
import { OrderAggregate, orderIn } from '../order.aggregate.js';
import { CARD_PROCESSOR } from '../providers/order-providers.js';
import { cardResultOf } from './card-result.js';
import { OrderAccess } from './order-access.js';
import { Requoting } from './requote.js';

/** `POST /2022-06-09/orders/{id}/payment` with `{ type: card-token }`: pays an onramp order with a vault token. */
export class PayOrderByCard extends Command<OrderResource> {
  constructor(
    readonly caller: Caller,
    readonly orderId: string,
    readonly token: string,
    readonly keyed: KeyedWrite | undefined,
  ) {
    super();
  }
}

/** The token and whom the payment charges it for: the processor knows another project's token as none. */
interface CardToCharge {
  readonly token: string;
  readonly owner: CardTokenOwner;
}

/** A UUID-shaped id derived from its inputs, so a retried payment reaches the same attempt and charge. */
const derivedId = (...parts: string[]): string => {
  const hex = sha256Hex(parts.join('\n'));
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

/**
 * ADR 0101: opens the attempt on the order (its id is the processor's idempotency key), charges
 * the quoted total, records the processor's answer. The attempt's amount is claimed from the
 * buyer's purchase limit before it opens and given back before a decline is recorded (ADR 0102:
 * a charge's answer never changes, so a crash in between repeats the same decline). The attempt id follows from the order and
 * the idempotency key (or the token), so a retry after an outage or a crash reaches the same
 * attempt and the same charge instead of a second one. With a key, recording the answer
 * completes the key's request (ADR 0305): a retry answers with it.
 */
@CommandHandler(PayOrderByCard)
export class PayOrderByCardHandler implements ICommandHandler<PayOrderByCard> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly access: OrderAccess,
    private readonly requoting: Requoting,
    private readonly purchases: PurchaseClaims,
    @Inject(CARD_PROCESSOR) private readonly processor: CardProcessorPort,
  ) {}

  async execute({ caller, orderId, token, keyed }: PayOrderByCard): Promise<OrderResource> {
    const order = await this.access.toPay(caller.principal, orderId);
    const card = { token, owner: cardTokenOwnerOf(caller.principal) };
    return toOrderResource(await this.pay(order, card, keyed, caller.context));
  }

  private async pay(
    order: Order,
    card: CardToCharge,
    keyed: KeyedWrite | undefined,
    context: ProjectContext,
  ): Promise<Order> {
    if (!keyed) return this.charge(order, card, `token:${card.token}`, context);
    const charge = () => this.charge(order, card, keyed.key, context, keyed);
    return onceForKey(this.aggregates, order.orderId, keyed, charge, (paid) => paid);
  }

  private async charge(
    order: Order,
    card: CardToCharge,
    attemptKey: string,
    context: ProjectContext,
    keyed?: KeyedWrite,
  ): Promise<Order> {
    const paymentId = derivedId(order.orderId, attemptKey);
    const step = (completes: boolean, refusal?: DomainError): KeyedStep | undefined =>
      keyed && { write: keyed, completes, ...(refusal && { refusal }) };
    // An attempt a crash interrupted is charged again as it was opened, never at a fresh quote:
    // the processor answers a repeated key with the same charge only for the same amount.
    const amount =
      openCardAttempt(order, paymentId)?.amount ?? (await this.authorize(order, paymentId, context, step(false)));
    const charge = await this.processor.charge({
      token: card.token,
      owner: card.owner,
      amount: amount.amount,
      currency: amount.currency,
      idempotencyKey: paymentId,
      // Named again in the processor's webhooks: the order they decide (ADR 0900).
      reference: order.orderId,
    });
    if (E.isLeft(charge)) {
      // An outage leaves the attempt open (a retry reaches the same charge); a refusal is this attempt's end.
      if (charge.left.kind !== 'unavailable' && charge.left.kind !== 'upstream_invalid') {
        const declined = { paymentId, at: this.now(), outcome: 'declined' as const, message: charge.left.message };
        await this.purchases.release(order, paymentId, 'declined', context);
        await this.record(order, { type: 'RecordCardPaymentResult', data: declined }, context, step(true, charge.left));
      }
      throw new DomainException(charge.left);
    }
    if (charge.right.status === 'declined') await this.purchases.release(order, paymentId, 'declined', context);
    return this.record(order, cardResultOf(paymentId, charge.right, this.now()), context, step(true));
  }

  /**
   * Opens the attempt at the current quote (priced again if it lapsed), its amount claimed from
   * the buyer's purchase limit first. An attempt the order refuses as it stands (not payable
   * yet, paid already) claims nothing; one refused after its claim, by a concurrent change,
   * leaves the claim held: the limit fails closed.
   */
  private async authorize(
    order: Order,
    paymentId: string,
    context: ProjectContext,
    keyed: KeyedStep | undefined,
  ): Promise<Money> {
    const priced = order.kind === 'onramp' ? await this.requoting.fresh(order, context) : order;
    const total = priced.quote.totalPrice;
    const authorize: OrderCommand = {
      type: 'AuthorizeCardPayment',
      data: { paymentId, amount: total, now: this.now() },
    };
    const refusal = orderDecider.decide(authorize, priced);
    if (E.isLeft(refusal)) throw new DomainException(refusal.left);
    await this.purchases.claim(priced, paymentId, total, context);
    await this.record(priced, authorize, context, keyed);
    return total;
  }

  private async record(
    order: Order,
    command: OrderCommand,
    context: ProjectContext,
    keyed: KeyedStep | undefined,
  ): Promise<Order> {
    return orderIn(await this.aggregates.execute(OrderAggregate, order.orderId, command, context, keyed && { keyed }));
  }

  private now(): string {
    return this.aggregates.now().toISOString();
  }
}
