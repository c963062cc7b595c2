import { Inject, Injectable } from '@nestjs/common';
import type { ReadinessCheckResult } from '@paykit/contracts';
import type { EventStore } from '@paykit/event-store';
import type { z } from 'zod';
import type { AppConfig } from '../config/config.js';
import { ProjectionsHost } from '../infrastructure/projections-host.js';
import { APP_CONFIG, EVENT_STORE } from '../infrastructure/tokens.js';

type CheckResult = z.infer<typeof ReadinessCheckResult>;

const STORE_CHECK_TIMEOUT_MS = 2_000;

/** What /ready asks: can we reach the event store, and are the read models current? */
@Injectable()
export class Readiness {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projections: ProjectionsHost,
  ) {}

  async check(): Promise<CheckResult[]> {
    return Promise.all([this.eventStore(), this.projectionsCaughtUp()]);
  }

  private async eventStore(): Promise<CheckResult> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${STORE_CHECK_TIMEOUT_MS} ms`)),
        STORE_CHECK_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([this.store.headPosition(), timeout]);
      return { name: 'event-store', ok: true };
    } catch (error) {
      return { name: 'event-store', ok: false, detail: (error as Error).message };
    } finally {
      clearTimeout(timer);
    }
  }

  private async projectionsCaughtUp(): Promise<CheckResult> {
    try {
      const behind = (await this.projections.status()).filter(
        (status) => status.state !== 'running' || status.lag > BigInt(this.config.READY_MAX_PROJECTION_LAG),
      );
      if (behind.length === 0) return { name: 'projections', ok: true };
      const detail = behind.map((status) => `${status.name} ${status.state}, ${status.lag} behind`).join('; ');
      return { name: 'projections', ok: false, detail };
    } catch (error) {
      return { name: 'projections', ok: false, detail: (error as Error).message };
    }
  }
}
