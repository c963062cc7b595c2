import { Inject, Injectable } from '@nestjs/common';
import { signViewerToken, signedEmbedUrl } from '@paykit/checkout-agent';
import { type CheckoutRun, type RunSnapshot, toRunSnapshot } from '@paykit/checkout-runs';
import type { Clock } from '@paykit/kernel';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG, CLOCK } from '../../infrastructure/tokens.js';
import type { DerivedKeys } from '../shared/derived-keys.js';
import { AGENT_CHECKOUT_KEYS } from '../shared/tokens.js';
import { liveViewKey } from './live-view-key.js';

/**
 * Runs as the API shows them. The live view's stored address is unsigned; each snapshot hands
 * it out with a fresh token for that run, valid AGENT_CHECKOUT_LIVE_VIEW_TOKEN_TTL_MS.
 */
@Injectable()
export class RunSnapshots {
  private readonly key: () => Buffer;

  constructor(
    @Inject(AGENT_CHECKOUT_KEYS) keys: DerivedKeys,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.key = liveViewKey(keys);
  }

  of(run: CheckoutRun): RunSnapshot {
    return toRunSnapshot(run, {
      presentEmbedUrl: (embedUrl) => {
        const expiresAt = new Date(this.clock.now().getTime() + this.config.AGENT_CHECKOUT_LIVE_VIEW_TOKEN_TTL_MS);
        return signedEmbedUrl(embedUrl, signViewerToken(this.key, run.runId, expiresAt));
      },
    });
  }
}
