import { type CheckoutRun, type InputInteraction, isFinalStatus } from '@paykit/checkout-runs';
import { type Clock, Decimal, type DomainError, DomainException, type IdGenerator, type Money } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import type { Page } from 'playwright-core';
import type { LiveView } from '../live-view/live-view-port.js';
import type { CurrencyConverter } from '../money/currency-converter.js';
import { DEFAULT_PAYMENT_TOKEN_TTL_MS, allowanceFor } from '../payment/allowance.js';
import type { PaymentCredentials } from '../payment/payment-credentials.js';
import {
  type CardholderNameSource,
  type RunCards,
  type SendToRun,
  noCardIssuer,
  noPaymentStarted,
  runCardDetails,
  toCardAuthorization,
} from '../payment/run-cards.js';
import type { RunIndex } from '../queue/run-index.js';
import type { SafeHttp } from '../safety/safe-http.js';
import { RunStopped } from '../strategy/run-stopped.js';
import type {
  BuyerProfile,
  CardAuthorization,
  InputAnswerView,
  PaymentStart,
  PaymentToken,
  StrategyContext,
  VirtualCard,
} from '../strategy/strategy-port.js';
import type { RunnerLogger } from '../logger.js';
import type { RunLink } from './run-link.js';
import { clip } from './text-limits.js';

export interface RunContextDeps {
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly index: RunIndex;
  readonly http: SafeHttp;
  readonly converter: CurrencyConverter;
  readonly credentials: PaymentCredentials;
  readonly logger: RunnerLogger;
  /** How long a question waits for the user before the run fails `input_expired`. */
  readonly inputTimeoutMs: number;
  /** Shows attached browser pages read-only; absent when the runner has no live view. */
  readonly liveView?: LiveView;
  /** How long a delegated payment token's allowance lasts. Default 10 minutes. */
  readonly paymentTokenTtlMs?: number;
  /** The card issuer's side of the runner: a virtual card per payment attempt. None: card forms cannot be paid. */
  readonly cards?: RunCards;
  /** The name on a card when the buyer has none (the project's name); none by default. */
  readonly cardholderNames?: CardholderNameSource;
}

/** On a card when neither the buyer nor the project gives a name. */
const FALLBACK_CARDHOLDER = 'Agent Checkout';

/** How often a waiting session looks at its run even without a wake-up from the index. */
const ANSWER_POLL_MS = 1000;
const ACTION_MAX = 500;

/** The strategy's view of its run: steps, questions and payments, all through the decider. */
export class RunContext implements StrategyContext {
  readonly logger: RunnerLogger;

  constructor(
    private readonly link: RunLink,
    private readonly deps: RunContextDeps,
    readonly buyer: BuyerProfile | null,
  ) {
    this.logger = deps.logger;
  }

  get runId(): string {
    return this.link.runId;
  }

  get input() {
    return this.link.run.input;
  }

  get http(): SafeHttp {
    return this.deps.http;
  }

  get signal(): AbortSignal {
    return this.link.killSignal;
  }

  async step(action: string, url: string, screenshotRef?: string): Promise<void> {
    const run = await this.current();
    const now = this.deps.clock.now();
    if (run.cancellationRequested) {
      // Money may be moving: the strategy must learn the payment's outcome, which the run still accepts.
      if (run.payment) return;
      throw new RunStopped('cancelled');
    }
    if (
      !run.payment &&
      run.startedAt !== null &&
      Date.parse(run.startedAt) + run.policy.maxDurationMs <= now.getTime()
    ) {
      await this.link.send({ type: 'DeadlinePassed', data: { now } });
      throw new RunStopped('ended');
    }
    const recorded = await this.link.send({
      type: 'RecordStep',
      data: {
        runnerId: this.link.runnerId,
        action: clip(action, ACTION_MAX),
        url,
        ...(screenshotRef ? { screenshotRef } : {}),
        now,
      },
    });
    if (E.isRight(recorded)) return;
    switch (recorded.left.code) {
      case 'step_budget_exhausted':
        await this.link.send({ type: 'Fail', data: { runnerId: this.link.runnerId, reason: 'cost_limit', now } });
        throw new RunStopped('ended');
      case 'cancellation_requested':
        throw new RunStopped('cancelled');
      default:
        throw new DomainException(recorded.left);
    }
  }

  async tell(text: string): Promise<void> {
    const sent = await this.link.send({
      type: 'PostAgentMessage',
      data: {
        runnerId: this.link.runnerId,
        messageId: this.deps.ids.uuid(),
        text: clip(text, 20000),
        now: this.deps.clock.now(),
      },
    });
    if (E.isLeft(sent)) this.logger.warn({ runId: this.runId, code: sent.left.code }, 'agent message refused');
  }

  async ask(question: string, interaction: InputInteraction): Promise<InputAnswerView> {
    const requestId = this.deps.ids.uuid();
    const now = this.deps.clock.now();
    const asked = await this.link.send({
      type: 'RequestInput',
      data: {
        runnerId: this.link.runnerId,
        messageId: this.deps.ids.uuid(),
        requestId,
        question: clip(question, 2000),
        interaction,
        expiresAt: new Date(now.getTime() + this.deps.inputTimeoutMs),
        now,
      },
    });
    if (E.isLeft(asked)) this.refusal(asked.left);
    for (;;) {
      const run = await this.current();
      const record = run.inputRequests[requestId];
      if (record?.status === 'answered' && record.answer) {
        const { action, value, text, secretRef } = record.answer;
        return {
          action,
          ...(value === undefined ? {} : { value }),
          ...(text === undefined ? {} : { text }),
          ...(secretRef ? { secretRef } : {}),
        };
      }
      // Withdrawn: the run was taken over while this runner waited.
      if (record?.status !== 'pending') throw new RunStopped('lease_lost');
      await this.deps.index.changed({ timeoutMs: ANSWER_POLL_MS, abort: this.signal });
    }
  }

  async compareWithMaxCost(amount: Money): Promise<'within' | 'above' | 'unknown'> {
    const maxCost = this.input.constraints.maxCost;
    const converted = await this.deps.converter.convert(amount, maxCost.currency);
    if (E.isLeft(converted)) return 'unknown';
    return new Decimal(converted.right).gt(new Decimal(maxCost.amount)) ? 'above' : 'within';
  }

  async paymentToken(allowanceIn?: string): Promise<E.Either<DomainError, PaymentToken>> {
    const token = await this.deps.credentials.tokenFor({ runId: this.runId, buyer: this.buyer });
    if (E.isLeft(token) || allowanceIn === undefined) return token;
    const { startedAt, policy } = this.link.run;
    const allowance = await allowanceFor({
      maxCost: this.input.constraints.maxCost,
      currency: allowanceIn,
      converter: this.deps.converter,
      now: this.deps.clock.now(),
      ttlMs: this.deps.paymentTokenTtlMs ?? DEFAULT_PAYMENT_TOKEN_TTL_MS,
      deadline: startedAt === null ? null : new Date(Date.parse(startedAt) + policy.maxDurationMs),
    });
    return E.map((granted: PaymentToken['allowance']) => ({ ...token.right, allowance: granted }))(allowance);
  }

  async startPayment(total: Money): Promise<PaymentStart> {
    const maxCost = this.input.constraints.maxCost;
    const converted = await this.deps.converter.convert(total, maxCost.currency);
    if (E.isLeft(converted)) return { kind: 'not_priced', message: converted.left.message };
    const attemptId = this.deps.ids.uuid();
    const started = await this.link.send({
      type: 'StartPayment',
      data: {
        runnerId: this.link.runnerId,
        attemptId,
        total: { amount: total.amount, currency: total.currency.toUpperCase() },
        totalInMaxCostCurrency: converted.right,
        now: this.deps.clock.now(),
      },
    });
    if (E.isRight(started)) return { kind: 'started', attemptId, totalInMaxCostCurrency: converted.right };
    if (started.left.code === 'max_cost_exceeded')
      return { kind: 'over_max_cost', totalInMaxCostCurrency: converted.right, maxCost };
    return this.refusal(started.left);
  }

  async paymentNotCharged(attemptId: string): Promise<void> {
    const cards = this.deps.cards;
    const card = (await this.link.load())?.cards[attemptId];
    // What the issuer saw comes first: the run refuses "not charged" for an attempt it approved.
    if (card && cards) await cards.relay(card, this.send);
    const recorded = await this.link.send({
      type: 'RecordPaymentNotCharged',
      data: { runnerId: this.link.runnerId, attemptId, now: this.deps.clock.now() },
    });
    if (E.isLeft(recorded)) throw new DomainException(recorded.left);
    if (card && cards) await cards.closeWhatIsOver(recorded.right.run, this.send);
  }

  async virtualCard(attemptId: string): Promise<E.Either<DomainError, VirtualCard>> {
    const cards = this.deps.cards;
    if (!cards) return E.left(noCardIssuer());
    const run = await this.current();
    if (run.payment?.attemptId !== attemptId) return E.left(noPaymentStarted(attemptId));
    const recorded = run.cards[attemptId];
    if (recorded) return cards.revealById(recorded.cardId);
    const issued = await cards.issue(run, attemptId, await this.cardholderName(run));
    if (E.isLeft(issued)) return issued;
    const noted = await this.link.send({
      type: 'RecordCardIssued',
      data: { runnerId: this.link.runnerId, attemptId, card: runCardDetails(issued.right), now: this.deps.clock.now() },
    });
    if (E.isLeft(noted)) {
      // A card the run does not know of must not stay open.
      await this.deps.cards?.close(
        { ...runCardDetails(issued.right), attemptId, issuedAt: '', authorizations: [], closedAt: null },
        async () => E.right(undefined),
      );
      throw new DomainException(noted.left);
    }
    return cards.reveal(issued.right);
  }

  async cardAuthorizations(attemptId: string): Promise<readonly CardAuthorization[]> {
    const card = (await this.link.load())?.cards[attemptId];
    if (!card) return [];
    const seen = this.deps.cards ? await this.deps.cards.relay(card, this.send) : card.authorizations;
    return seen.map(toCardAuthorization);
  }

  private readonly send: SendToRun = (command) => this.link.send(command);

  private async cardholderName(run: CheckoutRun): Promise<string> {
    const name = this.buyer?.name;
    if (name) return `${name.first} ${name.last}`.trim().slice(0, 100);
    return (await this.deps.cardholderNames?.(run))?.trim().slice(0, 100) || FALLBACK_CARDHOLDER;
  }

  async attachBrowser(page: Page): Promise<void> {
    const liveView = this.deps.liveView;
    if (!liveView) return;
    const embedUrl = await liveView.publish(this.runId, page);
    page.once('close', () => liveView.unpublish(this.runId));
    const attached = await this.link.send({
      type: 'AttachBrowser',
      data: { runnerId: this.link.runnerId, embedUrl, now: this.deps.clock.now() },
    });
    if (E.isLeft(attached)) this.refusal(attached.left);
  }

  /** The run as it is now, while this runner still holds it. */
  private async current(): Promise<CheckoutRun> {
    const run = await this.link.load();
    if (!run || isFinalStatus(run.status)) throw this.stop('ended');
    if (run.lease?.runnerId !== this.link.runnerId) throw this.stop('lease_lost');
    return run;
  }

  private stop(reason: RunStopped['reason']): RunStopped {
    const stopped = new RunStopped(reason);
    this.link.stop(stopped);
    return stopped;
  }

  /** A refusal of new progress: the user's cancel is honoured here; anything else is a bug. */
  private refusal(error: DomainError): never {
    if (error.code === 'cancellation_requested') throw new RunStopped('cancelled');
    throw new DomainException(error);
  }
}
