import type { IdGenerator } from '@paykit/kernel';
import type { BlobStore } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import type { Page } from 'playwright-core';
import type { RunnerLogger } from '../logger.js';
import { CARD_MARK } from './card/type-card.js';

/**
 * Fields whose values never appear in a screenshot: passwords, payment tokens, and every card
 * field (marked when the card went in, or by its autocomplete token), in the page and its frames.
 */
const MASKED = `input[type=password], input[autocomplete*=cc-], select[autocomplete*=cc-], input[name*=token i], [${CARD_MARK}]`;

/**
 * The screenshot of each step, stored encrypted in the agent checkouts' blob store; the step
 * records only the blob's key. Secret fields are masked, and a screenshot that cannot be taken
 * or stored leaves the step without one rather than stopping the run.
 */
export class StepScreenshots {
  constructor(
    private readonly blobs: BlobStore | undefined,
    private readonly runId: string,
    private readonly ids: IdGenerator,
    private readonly logger: RunnerLogger,
  ) {}

  async capture(page: Page): Promise<string | undefined> {
    if (!this.blobs || !/^https?:/.test(page.url())) return undefined;
    try {
      const bytes = await page.screenshot({
        type: 'jpeg',
        quality: 60,
        mask: page.frames().map((frame) => frame.locator(MASKED)),
        animations: 'disabled',
        caret: 'hide',
        timeout: 5_000,
      });
      const key = `agent-checkouts/runs/${this.runId}/screenshots/${this.ids.uuid()}.jpg`;
      const stored = await this.blobs.put(key, bytes, 'image/jpeg');
      if (E.isRight(stored)) return key;
      this.logger.warn({ runId: this.runId, code: stored.left.code }, 'step screenshot not stored');
    } catch (error) {
      this.logger.warn({ runId: this.runId, err: (error as Error).message }, 'step screenshot not taken');
    }
    return undefined;
  }
}
