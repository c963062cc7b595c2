import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { checkoutRunDecider, checkoutRunStreamName, isFinalStatus } from '@paykit/checkout-runs';
import type { Clock } from '@paykit/kernel';
import type { ReadModelDatabase } from '@paykit/projections';
import type { AppConfig } from '../../config/config.js';
import { EffectLedger, effectRef } from '../../infrastructure/effects/effect-ledger.js';
import { APP_CONFIG, CLOCK, READ_MODEL_DATABASE } from '../../infrastructure/tokens.js';
import { RunRows } from '../runs/runs.projection.js';
import { AggregateCommands } from '../shared/aggregate-commands.js';
import { type BrowserProfile, browserProfilesDecider } from '@paykit/agent-profiles';
import { BrowserProfileRows, type PendingErasure } from './browser-profiles.projection.js';
import { BrowserProfileStates } from './browser-profile-states.js';

/** A reservation whose run never appeared (its creation failed) stops holding the erasure after this. */
const ABANDONED_RESERVATION_MS = 5 * 60_000;
const BATCH = 50;

/**
 * Carries out the erasure jobs that deleting a browser profile schedules: once no unfinished
 * run uses the profile, its saved state is deleted for good and `BrowserProfileStateErased`
 * closes the job. The jobs live in the event store (found through the browser-profiles
 * projection), so a job survives restarts; the deletion is an effect claimed and recorded in its
 * own stream (EffectLedger), so of several API instances one erases each profile.
 */
@Injectable()
export class ErasureWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ErasureWorker.name);
  private readonly profiles: BrowserProfileRows;
  private readonly runs: RunRows;
  private timer: NodeJS.Timeout | null = null;
  private working: Promise<number> | null = null;

  constructor(
    @Inject(AggregateCommands) private readonly aggregates: AggregateCommands,
    @Inject(BrowserProfileStates) private readonly states: BrowserProfileStates,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(READ_MODEL_DATABASE) db: ReadModelDatabase,
    @Inject(EffectLedger) private readonly effects: EffectLedger,
  ) {
    this.profiles = new BrowserProfileRows(db);
    this.runs = new RunRows(db);
  }

  onApplicationBootstrap(): void {
    const every = this.config.AGENT_CHECKOUT_ERASURE_EVERY_MS;
    if (every > 0) this.timer = setInterval(() => void this.runOnce(), every);
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.working;
  }

  /** One pass over the pending jobs; resolves with how many profiles it erased. */
  runOnce(): Promise<number> {
    this.working ??= this.pass()
      .catch((error: Error) => {
        this.logger.warn(`Browser profile erasure pass failed; retrying later: ${error.message}`);
        return 0;
      })
      .finally(() => (this.working = null));
    return this.working;
  }

  private async pass(): Promise<number> {
    let erased = 0;
    for (const job of this.profiles.pendingErasures(BATCH)) {
      if (await this.erase(job)) erased++;
    }
    return erased;
  }

  private async erase(job: PendingErasure): Promise<boolean> {
    const state = await this.aggregates.load(browserProfilesDecider, job.streamName);
    const profile = state.profiles[job.profileId];
    if (profile?.status !== 'deleted' || state.projectId === null) return false;
    if (await this.inUse(profile)) return false;
    const context = {
      projectId: state.projectId,
      actor: { type: 'system' as const, id: 'browser-profile-erasure' },
      correlationId: profile.erasureJobId ?? job.profileId,
    };
    const erased = await this.effects.once(effectRef('browser-profile-erasure', job.profileId), context, async () => {
      await this.states.erase(job.profileId);
      return { kind: 'done', outcome: { erased: true } };
    });
    if (erased.kind !== 'done') return false;
    const { events } = await this.aggregates.execute(
      browserProfilesDecider,
      job.streamName,
      { type: 'RecordErasure', data: { profileId: job.profileId, now: this.clock.now() } },
      context,
    );
    return events.length > 0;
  }

  /** Whether a run that reserved the profile may still be working (or about to start). */
  private async inUse(profile: BrowserProfile): Promise<boolean> {
    for (const { runId, reservedAt } of profile.reservations) {
      const known = this.runs.statusOf(runId);
      if (known !== null && isFinalStatus(known)) continue;
      // The projection may lag: the run's own stream decides.
      const run = await this.aggregates.load(checkoutRunDecider, checkoutRunStreamName(runId));
      if (
        run.exists
          ? !isFinalStatus(run.status)
          : this.clock.now().getTime() - Date.parse(reservedAt) < ABANDONED_RESERVATION_MS
      ) {
        return true;
      }
    }
    return false;
  }
}
