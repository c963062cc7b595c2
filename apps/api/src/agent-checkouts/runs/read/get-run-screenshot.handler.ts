import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainException } from '@paykit/kernel';
import type { BlobStore, StoredBlob } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { runErrors } from '@paykit/checkout-runs';
import type { Owner } from '../../shared/owner.js';
import { AGENT_CHECKOUT_BLOBS } from '../../shared/tokens.js';
import { GetRunSteps, GetRunStepsHandler } from './get-run-steps.handler.js';

/** What a step screenshot may be served as: the runner stores JPEG. */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png']);

/**
 * The screenshot of the owner's run's step `step` (1-based, in the order recorded), from the
 * encrypted blob store. Only a key under the run's own screenshots folder is read, so no step
 * can point at another blob (a protected answer, a profile). 404 when there is none.
 */
export class GetRunScreenshot extends Query<StoredBlob> {
  constructor(
    readonly owner: Owner,
    readonly runId: string,
    readonly step: number,
  ) {
    super();
  }
}

@QueryHandler(GetRunScreenshot)
export class GetRunScreenshotHandler implements IQueryHandler<GetRunScreenshot> {
  constructor(
    private readonly steps: GetRunStepsHandler,
    @Inject(AGENT_CHECKOUT_BLOBS) private readonly blobs: BlobStore,
  ) {}

  async execute({ owner, runId, step }: GetRunScreenshot): Promise<StoredBlob> {
    const steps = await this.steps.execute(new GetRunSteps(owner, runId));
    const key = steps[step - 1]?.screenshotRef;
    if (!key?.startsWith(`agent-checkouts/runs/${runId}/screenshots/`)) throw new DomainException(runErrors.notFound());
    const stored = await this.blobs.get(key);
    if (E.isLeft(stored)) throw new DomainException(stored.left);
    if (!stored.right || !IMAGE_TYPES.has(stored.right.contentType)) throw new DomainException(runErrors.notFound());
    return stored.right;
  }
}
