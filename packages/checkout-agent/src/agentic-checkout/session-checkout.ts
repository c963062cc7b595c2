import type { Money } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import type { TaskHints } from '../merchant-page/task-hints.js';
import type { ProductVariant } from '../merchant-page/structured-data.js';
import { fromMinorUnits } from '../money/minor-units.js';
import { HttpTimeoutError, HttpTransportError } from '../safety/http-errors.js';
import type { PaymentAllowance } from '../payment/allowance.js';
import type { PaymentToken, StrategyContext, StrategyOutcome } from '../strategy/strategy-port.js';
import type { AcpAnswer, AcpClient, DelegateAnswer } from './acp-client.js';
import type { AcpSession } from './acp-session.js';
import type { CheckoutParty } from './buyer-details.js';
import { delegatePaymentRequest } from './delegated-payment.js';
import { chooseFulfillment } from './fulfillment-choice.js';
import { chooseItem } from './product-choice.js';
import { problemOf, refusalOutcome } from './session-problems.js';

export interface SessionCheckoutPlan {
  readonly productName: string;
  readonly variant: ProductVariant;
  /** Every variant the page lists, for answers to the merchant's questions. */
  readonly variants: readonly ProductVariant[];
  /** Whether the buyer chose among variants (an unavailable variant is then an unavailable option). */
  readonly variantChosen: boolean;
  readonly party: CheckoutParty;
  readonly hints: TaskHints;
  /** What the page prices in: the currency a session is created in where the version asks for one. */
  readonly currency: string;
  /** Whether the merchant offers delegate_payment, and its merchant id from the deployment's credential. */
  readonly delegation: { readonly offered: boolean; readonly merchantId: string | null };
}

const blocked = (code: Extract<StrategyOutcome, { kind: 'blocked' }>['code'], summary: string): StrategyOutcome => ({
  kind: 'blocked',
  code,
  summary,
});
/** Rounds of "the merchant asks for a choice, the user answers" before giving up. */
const MAX_CHOICE_ROUNDS = 3;

/**
 * One checkout session at the merchant, from creation to payment. The max-cost guard runs on
 * the session's final total before `complete` is ever sent, and a merchant offering delegated
 * payment gets a token it cannot charge beyond maxCost. A session that does not end in a
 * payment is cancelled at the merchant, unless the payment's fate is unknown.
 */
export class SessionCheckout {
  private session: AcpSession | null = null;
  private variantChosen: boolean;
  /** Set once money may have moved: the session is then left alone. */
  private paymentSent = false;
  private readonly sessionsUrl: string;

  constructor(
    private readonly client: AcpClient,
    private readonly context: StrategyContext,
    private readonly plan: SessionCheckoutPlan,
    private readonly apiBaseUrl: string,
  ) {
    this.variantChosen = plan.variantChosen;
    this.sessionsUrl = `${apiBaseUrl}/checkout_sessions`;
  }

  async run(): Promise<StrategyOutcome> {
    try {
      const outcome = await this.proceed();
      if (outcome.kind !== 'succeeded') await this.abandon();
      return outcome;
    } catch (error) {
      await this.abandon();
      throw error;
    }
  }

  private async proceed(): Promise<StrategyOutcome> {
    const { variant, hints, party, productName } = this.plan;
    await this.context.step(`Create a checkout session for ${hints.quantity} x ${productName}`, this.sessionsUrl);
    const created = await this.client.create(
      { items: [{ id: variant.sku, quantity: hints.quantity }], address: party.address, buyer: party.buyer },
      this.plan.currency,
    );
    const refusal = this.accept(created);
    if (refusal) return refusal;
    for (let round = 0; ; round++) {
      const problem = problemOf(this.current(), { variantChosen: this.variantChosen, productName });
      if (!problem) break;
      if (problem.kind === 'blocked') return problem.outcome;
      if (round === MAX_CHOICE_ROUNDS)
        return blocked(
          'merchant.checkout_error',
          `The merchant kept asking for a choice about ${productName}; nothing was bought.`,
        );
      const chosen = await chooseItem(this.context, productName, problem.question, this.plan.variants, hints);
      if (typeof chosen !== 'string') return chosen;
      const items = this.current().lineItems.map((line, index) => ({
        id: index === problem.line ? chosen : line.itemId,
        quantity: line.quantity,
      }));
      this.variantChosen = true;
      const changed = await this.change(`Choose ${chosen} for ${productName}`, { items });
      if (changed) return changed;
    }
    const option = chooseFulfillment(this.current().fulfillmentOptions, hints);
    if (!option)
      return blocked(
        'merchant.fulfillment_unavailable',
        "The merchant offers no delivery to the buyer's address; nothing was bought.",
      );
    if (option.id !== this.current().selectedOptionId) {
      const lineItemIds = this.current().lineItems.flatMap((line) => (line.id ? [line.id] : []));
      const changed = await this.change(`Choose delivery: ${option.title}`, {
        fulfillment: { optionId: option.id, lineItemIds },
      });
      if (changed) return changed;
      const problem = problemOf(this.current(), { variantChosen: this.variantChosen, productName });
      if (problem?.kind === 'blocked') return problem.outcome;
    }
    const session = this.current();
    if (session.status !== 'ready_for_payment' || session.total === null || session.currency === '') {
      return blocked(
        'merchant.checkout_error',
        `The checkout session is not ready for payment (${session.status}); nothing was bought.`,
      );
    }
    return this.pay(session, { amount: fromMinorUnits(session.total, session.currency), currency: session.currency });
  }

  /** The merchant id to delegate a token to, when the merchant takes delegated tokens. */
  private delegationTo(session: AcpSession): string | null {
    if (!this.plan.delegation.offered && !session.payment.requiresDelegation) return null;
    return session.payment.merchantId ?? this.plan.delegation.merchantId;
  }

  private async pay(session: AcpSession, total: Money): Promise<StrategyOutcome> {
    if (this.client.usesPaymentHandlers && !session.payment.handlerId) {
      return blocked(
        'merchant.no_safe_path',
        'The merchant declares no tokenized-card payment handler, the only way this agent pays; nothing was bought.',
      );
    }
    const merchantId = this.delegationTo(session);
    if (session.payment.requiresDelegation && !merchantId) {
      return blocked(
        'merchant.checkout_error',
        'The merchant requires a delegated payment token but names no merchant id to issue it for; nothing was bought.',
      );
    }
    const token = await this.context.paymentToken(merchantId ? session.currency : undefined);
    if (E.isLeft(token)) {
      return token.left.code === 'conversion_unavailable'
        ? {
            kind: 'failed',
            reason: 'accounting_unavailable',
            detail: `maxCost could not be expressed in ${session.currency}: ${token.left.message}. Nothing was paid.`,
          }
        : { kind: 'failed', reason: 'runtime_error', detail: `No card token to pay with: ${token.left.message}` };
    }
    const completeUrl = `${this.sessionsUrl}/${encodeURIComponent(session.id)}/complete`;
    await this.context.step(`Pay ${total.amount} ${total.currency}`, completeUrl);
    const allowance = token.right.allowance;
    let paymentToken = token.right.token;
    if (merchantId && allowance) {
      const delegated = await this.delegate(token.right, allowance, session.id, merchantId);
      if (typeof delegated !== 'string') return delegated;
      paymentToken = delegated;
    }
    const start = await this.context.startPayment(total);
    if (start.kind === 'over_max_cost') {
      const { maxCost } = start;
      return blocked(
        'policy.max_cost_exceeded',
        `The final total of ${total.amount} ${total.currency} (${start.totalInMaxCostCurrency} ${maxCost.currency}) is above the maximum of ${maxCost.amount} ${maxCost.currency}; the checkout was cancelled and nothing was paid.`,
      );
    }
    if (start.kind === 'not_priced') {
      return {
        kind: 'failed',
        reason: 'accounting_unavailable',
        detail: `The total could not be compared with maxCost: ${start.message}. Nothing was paid.`,
      };
    }
    this.paymentSent = true;
    let answer: AcpAnswer;
    try {
      const route = { provider: session.payment.provider ?? 'stripe', handlerId: session.payment.handlerId };
      answer = await this.client.complete(session.id, paymentToken, this.plan.party.buyer, route, start.attemptId);
    } catch (error) {
      if (error instanceof HttpTimeoutError || error instanceof HttpTransportError)
        return this.reconcile(session, total);
      throw error;
    }
    if (answer.ok) {
      const done = answer.session;
      if (done.status === 'completed' && done.orderId) return this.succeeded(done, total);
      const declined = done.messages.find((message) => message.code === 'payment_declined');
      this.paymentSent = false;
      await this.context.paymentNotCharged(start.attemptId);
      if (declined && allowance && merchantId && done.total !== null && done.total > allowance.maxAmountMinor) {
        return blocked(
          'policy.max_cost_exceeded',
          `The merchant asked for ${fromMinorUnits(done.total, done.currency || total.currency)} ${done.currency || total.currency}, above the ${allowance.maxAmount.amount} ${allowance.maxAmount.currency} the payment token allows; the token refused it: ${declined.content} Nothing was charged.`,
        );
      }
      if (declined)
        return blocked(
          'merchant.payment_declined',
          `The merchant declined the payment: ${declined.content} Nothing was charged.`,
        );
      return blocked(
        'merchant.checkout_error',
        `The merchant did not complete the checkout (${done.status}); nothing was charged.`,
      );
    }
    if (answer.status >= 500 || [408, 409, 429].includes(answer.status)) return this.reconcile(session, total);
    // Any other 4xx is the merchant refusing the request as sent: it charged nothing.
    this.paymentSent = false;
    await this.context.paymentNotCharged(start.attemptId);
    return refusalOutcome(answer);
  }

  /** A token the merchant can charge only within the allowance; nothing moves yet. */
  private async delegate(
    token: PaymentToken,
    allowance: PaymentAllowance,
    sessionId: string,
    merchantId: string,
  ): Promise<string | StrategyOutcome> {
    let answer: DelegateAnswer;
    try {
      answer = await this.client.delegatePayment(
        delegatePaymentRequest(token, allowance, { id: sessionId, merchantId }),
      );
    } catch (error) {
      if (!(error instanceof HttpTimeoutError || error instanceof HttpTransportError)) throw error;
      return blocked(
        'merchant.checkout_error',
        `The merchant did not answer the request for a payment token (${error.message}); nothing was paid.`,
      );
    }
    if (answer.ok) return answer.token;
    return blocked(
      'merchant.checkout_error',
      `The merchant would not issue a payment token (HTTP ${answer.status}, ${answer.error.code}): ${answer.error.message} Nothing was paid.`,
    );
  }

  /** The merchant did not confirm the payment: look once; if it is not visibly complete, a person must check. */
  private async reconcile(session: AcpSession, total: Money): Promise<StrategyOutcome> {
    try {
      const seen = await this.client.get(session.id);
      if (seen.ok && seen.session.status === 'completed' && seen.session.orderId)
        return this.succeeded(seen.session, total);
    } catch {
      // The merchant is still not answering: the payment stays unconfirmed.
    }
    return {
      kind: 'failed',
      reason: 'reconciliation_required',
      detail: `The payment of ${total.amount} ${total.currency} for checkout session ${session.id} was sent but the merchant did not confirm it; it may have gone through.`,
    };
  }

  private succeeded(done: AcpSession, declared: Money): StrategyOutcome {
    const total =
      done.total === null
        ? declared
        : {
            amount: fromMinorUnits(done.total, done.currency || declared.currency),
            currency: done.currency || declared.currency,
          };
    const orderId = done.orderId ?? undefined;
    return {
      kind: 'succeeded',
      summary: `Bought ${this.plan.hints.quantity} x ${this.plan.productName} for ${total.amount} ${total.currency}${orderId ? `; merchant order ${orderId}` : ''}.`,
      receipt: { total, ...(orderId ? { merchantOrderId: orderId } : {}) },
    };
  }

  private async change(action: string, changes: Parameters<AcpClient['update']>[1]): Promise<StrategyOutcome | null> {
    const session = this.current();
    await this.context.step(action, `${this.sessionsUrl}/${encodeURIComponent(session.id)}`);
    return this.accept(await this.client.update(session.id, changes));
  }

  /** Keeps the session the merchant answered with; a refusal becomes the outcome. */
  private accept(answer: AcpAnswer): StrategyOutcome | null {
    if (!answer.ok) return refusalOutcome(answer);
    this.session = answer.session;
    return null;
  }

  private current(): AcpSession {
    if (!this.session) throw new Error('No checkout session yet');
    return this.session;
  }

  /** Best effort: an abandoned session should not hold stock at the merchant. */
  private async abandon(): Promise<void> {
    const session = this.session;
    if (
      !session ||
      this.paymentSent ||
      session.status === 'completed' ||
      session.status === 'canceled' ||
      this.context.signal.aborted
    )
      return;
    try {
      await this.client.cancel(session.id);
    } catch (error) {
      this.context.logger.warn(
        { runId: this.context.runId, err: (error as Error).message },
        'could not cancel the checkout session',
      );
    }
  }
}
