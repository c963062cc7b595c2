import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RunPolicy, RunSnapshot } from '@paykit/checkout-runs';
import type { AgentCheckoutInput } from '@paykit/contracts';
import { DomainException, type IdGenerator, invalid, isDomainError } from '@paykit/kernel';
import type { AppConfig } from '../../../config/config.js';
import { Aggregates } from '../../../infrastructure/aggregates/aggregates.js';
import { APP_CONFIG, ID_GENERATOR } from '../../../infrastructure/tokens.js';
import { BrowserProfiles } from '../../browser-profiles/browser-profiles.js';
import { BuyerProfiles } from '../../buyer-profiles/buyer-profiles.js';
import { RunSnapshots } from '../../live-view/run-snapshots.js';
import { type Owner, ownerContext } from '../../shared/owner.js';
import { CheckoutRunAggregate } from '../checkout-run.aggregate.js';
import { StartUrlCheck } from './start-url-check.js';

/** `POST /unstable/agent-checkouts`: a run queued for a runner; 202 with its snapshot. */
export class StartRun extends Command<RunSnapshot> {
  constructor(
    readonly owner: Owner,
    readonly input: AgentCheckoutInput,
  ) {
    super();
  }
}

/** A profile the input names must exist for the owner: otherwise a 400 naming the field. */
const referenceNotFound = (code: string, field: string, what: string) =>
  new DomainException(invalid(code, `${field}: no ${what} with this id exists for this user`, { field }));

const rethrowNotFound =
  (replacement: DomainException) =>
  (error: unknown): never => {
    const isNotFound =
      error instanceof DomainException && isDomainError(error.error) && error.error.kind === 'not_found';
    throw isNotFound ? replacement : error;
  };

/** The run's budgets are today's configuration, fixed in its first event. */
@CommandHandler(StartRun)
export class StartRunHandler implements ICommandHandler<StartRun> {
  private readonly policy: RunPolicy;

  constructor(
    private readonly aggregates: Aggregates,
    private readonly startUrls: StartUrlCheck,
    private readonly buyerProfiles: BuyerProfiles,
    private readonly browserProfiles: BrowserProfiles,
    private readonly snapshots: RunSnapshots,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.policy = {
      maxSteps: config.AGENT_CHECKOUT_MAX_STEPS,
      maxDurationMs: config.AGENT_CHECKOUT_MAX_DURATION_MS,
      maxTakeovers: config.AGENT_CHECKOUT_MAX_TAKEOVERS,
    };
  }

  async execute({ owner, input }: StartRun): Promise<RunSnapshot> {
    await this.startUrls.check(input.request.startUrl);
    const runId = this.ids.uuid();
    if (input.buyerProfileId !== undefined) {
      await this.buyerProfiles
        .get(owner, input.buyerProfileId)
        .catch(rethrowNotFound(referenceNotFound('buyer_profile_not_found', 'buyerProfileId', 'buyer profile')));
    }
    const browserProfileId = input.browser?.profileId;
    if (browserProfileId !== undefined) {
      // Reserved in the profile's stream before the run exists: a deletion decided after this
      // sees the run and waits for it; one decided before refuses the reservation.
      await this.browserProfiles
        .execute(owner, {
          type: 'ReserveForRun',
          data: { profileId: browserProfileId, runId, now: this.aggregates.now() },
        })
        .catch(rethrowNotFound(referenceNotFound('browser_profile_not_found', 'browser.profileId', 'browser profile')));
    }
    const { state } = await this.aggregates.execute(
      CheckoutRunAggregate,
      runId,
      {
        type: 'Create',
        data: {
          runId,
          projectId: owner.projectId,
          owner: owner.subject,
          input,
          policy: this.policy,
          now: this.aggregates.now(),
        },
      },
      ownerContext(owner, runId),
    );
    if (!state.exists) throw new Error('a created run exists');
    return this.snapshots.of(state);
  }
}
