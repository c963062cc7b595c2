import type { CheckoutRun, CheckoutRunCommand } from '@paykit/checkout-runs';
import * as E from 'fp-ts/lib/Either.js';
import { type RunCommands, systemContext } from '../runs/run-commands.js';
import { RunStopped, isRunStopped } from '../strategy/run-stopped.js';
import { noStrategyOutcome, selectCheckout } from '../strategy/select-strategy.js';
import { outcomeOfError } from '../strategy/strategy-errors.js';
import type { BuyerProfileSource, CheckoutStrategy, StrategyOutcome } from '../strategy/strategy-port.js';
import { RunContext, type RunContextDeps } from './run-context.js';
import { RunLink } from './run-link.js';
import { clip } from './text-limits.js';

export interface RunSessionDeps extends RunContextDeps {
  readonly commands: RunCommands;
  readonly runnerId: string;
  readonly leaseMs: number;
  readonly renewEveryMs: number;
  readonly strategies: readonly CheckoutStrategy[];
  readonly buyerProfiles: BuyerProfileSource;
}

const SUMMARY_MAX = 2000;

/**
 * One runner working one claimed run: keeps the lease alive, lets the first strategy that
 * recognises the merchant drive, and records how it ended. Any way it stops early (killed,
 * lease lost, ended elsewhere) leaves the run to the sweeper and the decider's lease rules.
 */
export class RunSession {
  private readonly link: RunLink;
  private renewals: NodeJS.Timeout | null = null;
  private renewing = false;

  constructor(
    private readonly deps: RunSessionDeps,
    run: CheckoutRun,
  ) {
    this.link = new RunLink(deps.commands, run, deps.runnerId);
  }

  get runId(): string {
    return this.link.runId;
  }

  /** Abandons the run at once, as a crash would: nothing more is written, in-flight requests are aborted. */
  kill(): void {
    this.stopRenewals();
    this.link.stop(new RunStopped('stopped'));
  }

  async execute(): Promise<void> {
    this.renewals = setInterval(() => void this.renew(), this.deps.renewEveryMs);
    try {
      const outcome = await this.outcome();
      await this.relayPaymentCard();
      await this.record(outcome);
    } catch (error) {
      if (isRunStopped(error)) {
        this.deps.logger.info({ runId: this.runId, reason: error.reason }, 'run session stopped');
        if (error.reason === 'cancelled') await this.completeCancellation();
        return;
      }
      this.deps.logger.error(
        { runId: this.runId, err: (error as Error).message, stack: (error as Error).stack },
        'run session failed',
      );
      await this.recordQuietly({
        kind: 'failed',
        reason: 'runtime_error',
        detail: 'The checkout agent hit an internal error.',
      });
    } finally {
      this.stopRenewals();
      await this.closeCards();
    }
  }

  /**
   * What the issuer saw on the paying attempt's card goes into the run before its outcome: a
   * success shows what was authorized, a failure carries the authorizations for reconciliation.
   */
  private async relayPaymentCard(): Promise<void> {
    const cards = this.deps.cards;
    const run = cards ? await this.link.load() : null;
    const card = run?.payment ? run.cards[run.payment.attemptId] : undefined;
    if (cards && card) await cards.relay(card, (command) => this.link.send(command));
  }

  /**
   * However the session ended, the cards whose attempt is over are closed (the sweeper closes
   * them when this cannot). A killed session writes nothing, as a crash would.
   */
  private async closeCards(): Promise<void> {
    const cards = this.deps.cards;
    if (!cards || this.link.stopped?.reason === 'stopped') return;
    try {
      const { run } = await this.deps.commands.load(this.runId);
      if (!run) return;
      const context = systemContext(run, this.deps.runnerId);
      await cards.closeWhatIsOver(run, (command) => this.deps.commands.execute(this.runId, command, context));
    } catch (error) {
      this.deps.logger.warn({ runId: this.runId, err: (error as Error).message }, 'could not close the run’s cards');
    }
  }

  private async outcome(): Promise<StrategyOutcome> {
    const { run } = this.link;
    try {
      const buyer = await this.deps.buyerProfiles(run);
      const context = new RunContext(this.link, this.deps, buyer);
      const selected = await selectCheckout(this.deps.strategies, context);
      if (!selected) return noStrategyOutcome(run.input.request.startUrl);
      this.deps.logger.info({ runId: this.runId, strategy: selected.strategy }, 'strategy selected');
      return await selected.checkout.run(context);
    } catch (error) {
      if (isRunStopped(error)) throw error;
      this.link.throwIfStopped();
      const outcome = outcomeOfError(error);
      if (outcome) return outcome;
      throw error;
    }
  }

  private async record(outcome: StrategyOutcome): Promise<void> {
    const runnerId = this.deps.runnerId;
    const now = this.deps.clock.now();
    if (outcome.kind === 'failed') {
      await this.link.send({
        type: 'PostAgentMessage',
        data: { runnerId, messageId: this.deps.ids.uuid(), text: clip(outcome.detail, 20000), now },
      });
    }
    const command: CheckoutRunCommand =
      outcome.kind === 'succeeded'
        ? {
            type: 'Succeed',
            data: {
              runnerId,
              summary: clip(outcome.summary, SUMMARY_MAX),
              purchase: outcome.receipt
                ? { kind: 'receipt_captured', receipt: outcome.receipt }
                : { kind: 'confirmed_without_receipt' },
              now,
            },
          }
        : outcome.kind === 'blocked'
          ? { type: 'Block', data: { runnerId, code: outcome.code, summary: clip(outcome.summary, SUMMARY_MAX), now } }
          : { type: 'Fail', data: { runnerId, reason: outcome.reason, now } };
    const recorded = await this.link.send(command);
    if (E.isRight(recorded)) return;
    // A strategy that ends otherwise while money may have moved (or succeeds without declaring
    // its payment) leaves a run only a person can settle: fail it, which the decider turns
    // into reconciliation_required while a payment is in flight.
    this.deps.logger.error({ runId: this.runId, code: recorded.left.code, outcome: outcome.kind }, 'outcome refused');
    const failed = await this.link.send({ type: 'Fail', data: { runnerId, reason: 'runtime_error', now } });
    if (E.isLeft(failed)) this.deps.logger.error({ runId: this.runId, code: failed.left.code }, 'failure refused');
  }

  private async completeCancellation(): Promise<void> {
    try {
      const completed = await this.link.send({
        type: 'CompleteCancellation',
        data: { runnerId: this.deps.runnerId, now: this.deps.clock.now() },
      });
      if (E.isLeft(completed))
        this.deps.logger.error({ runId: this.runId, code: completed.left.code }, 'cancellation refused');
    } catch (error) {
      if (!isRunStopped(error))
        this.deps.logger.error(
          { runId: this.runId, err: (error as Error).message },
          'could not complete the cancellation',
        );
    }
  }

  private async recordQuietly(outcome: StrategyOutcome): Promise<void> {
    try {
      await this.record(outcome);
    } catch (error) {
      if (!isRunStopped(error))
        this.deps.logger.error({ runId: this.runId, err: (error as Error).message }, 'could not record the outcome');
    }
  }

  private async renew(): Promise<void> {
    if (this.renewing || this.link.stopped) return;
    this.renewing = true;
    try {
      const now = this.deps.clock.now();
      const renewed = await this.link.send({
        type: 'RenewLease',
        data: { runnerId: this.deps.runnerId, leaseUntil: new Date(now.getTime() + this.deps.leaseMs), now },
      });
      if (E.isLeft(renewed))
        this.deps.logger.warn({ runId: this.runId, code: renewed.left.code }, 'lease renewal refused');
    } catch (error) {
      if (!isRunStopped(error))
        this.deps.logger.warn({ runId: this.runId, err: (error as Error).message }, 'lease renewal failed');
    } finally {
      this.renewing = false;
    }
  }

  private stopRenewals(): void {
    if (this.renewals) clearInterval(this.renewals);
    this.renewals = null;
  }
}
