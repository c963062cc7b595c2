import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { type BrowserProfile, type ReservedRun, browserProfilesId, holdsErasure } from '@paykit/agent-profiles';
import { isFinalStatus } from '@paykit/checkout-runs';
import type { AppConfig } from '../../config/config.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { EffectLedger, effectRef } from '../../infrastructure/effects/effect-ledger.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';
import { CheckoutRunAggregate } from '../runs/checkout-run.aggregate.js';
import { RunRows } from '../runs/runs.projection.js';
import { BrowserProfilesAggregate } from './browser-profiles.aggregate.js';
import { BrowserProfileRows, type PendingErasure } from './browser-profiles.projection.js';
import { BrowserProfileStates } from './browser-profile-states.js';

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
  private timer: NodeJS.Timeout | null = null;
  private working: Promise<number> | null = null;

  constructor(
    private readonly aggregates: Aggregates,
    private readonly states: BrowserProfileStates,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly profiles: BrowserProfileRows,
    private readonly runs: RunRows,
    private readonly effects: EffectLedger,
  ) {}

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
    const profilesId = browserProfilesId(job.owner);
    const state = (await this.aggregates.load(BrowserProfilesAggregate, profilesId))?.state;
    const profile = state?.profiles[job.profileId];
    if (!state || state.projectId === null || profile?.status !== 'deleted') return false;
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
      BrowserProfilesAggregate,
      profilesId,
      { type: 'RecordErasure', data: { profileId: job.profileId, now: this.aggregates.now() } },
      context,
    );
    return events.length > 0;
  }

  /** Whether a run that reserved the profile may still be working (or about to start). */
  private async inUse(profile: BrowserProfile): Promise<boolean> {
    for (const reservation of profile.reservations) {
      if (holdsErasure(reservation, await this.reservedRun(reservation.runId), this.aggregates.now())) return true;
    }
    return false;
  }

  private async reservedRun(runId: string): Promise<ReservedRun> {
    const known = this.runs.statusOf(runId);
    if (known !== null && isFinalStatus(known)) return 'finished';
    // The projection may lag: the run's own stream decides.
    const run = (await this.aggregates.load(CheckoutRunAggregate, runId))?.state;
    if (!run?.exists) return 'missing';
    return isFinalStatus(run.status) ? 'finished' : 'unfinished';
  }
}
