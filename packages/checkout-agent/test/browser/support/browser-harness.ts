import { type CheckoutRunInput } from '@paykit/checkout-runs';
import { type DemoMerchant, type DemoMerchantOptions, createDemoMerchant } from '@paykit/demo-merchant';
import { MemoryEventStore } from '@paykit/event-store';
import { ManualClock, randomIds } from '@paykit/kernel';
import { MemoryBlobStore, SandboxCardIssuer } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import {
  type BrowserProfileStore,
  type BrowserStorageState,
  type RunnerProcess,
  type RunnerProcessConfig,
  startRunnerProcess,
} from '../../../src/index.js';
import { startCardNetworkServer } from '../../../src/testing/index.js';
import { BUYER } from '../../support/harness.js';
import { createRun } from '../../support/runs.js';
import { CHROMIUM_PATH } from './chromium.js';

/** Saved profiles in memory, with the runs that used them. */
export class MemoryProfiles implements BrowserProfileStore {
  readonly states = new Map<string, BrowserStorageState>();
  readonly deleted = new Set<string>();

  async load({ profileId }: { profileId: string }): Promise<BrowserStorageState | null> {
    return this.states.get(profileId) ?? null;
  }

  async save({ profileId }: { profileId: string }, state: BrowserStorageState): Promise<boolean> {
    if (this.deleted.has(profileId)) return false;
    this.states.set(profileId, state);
    return true;
  }
}

export interface BrowserHarness {
  readonly store: MemoryEventStore;
  readonly clock: ManualClock;
  readonly shop: DemoMerchant;
  readonly blobs: MemoryBlobStore;
  readonly profiles: MemoryProfiles;
  /** The issuer of the runs' virtual cards, which the shop's processor asks through the card network. */
  readonly issuer: SandboxCardIssuer;
  /** The runner (one Chromium for the file), paying with the issuer's cards. */
  startRunner(overrides?: Partial<RunnerProcessConfig>): RunnerProcess;
  create(input: CheckoutRunInput): Promise<string>;
  product(slug: string): string;
  close(): Promise<void>;
}

/** A shop with its agentic-checkout API off (only a browser can buy there), a store, and a browser runner. */
export const startBrowserHarness = async (shopOptions: DemoMerchantOptions = {}): Promise<BrowserHarness> => {
  const clock = new ManualClock('2026-03-01T10:00:00.000Z');
  const store = new MemoryEventStore();
  const issuer = new SandboxCardIssuer({ clock });
  const network = await startCardNetworkServer(issuer);
  const shop = await createDemoMerchant({
    seed: `browser-${randomIds.uuid()}`,
    agenticCheckout: false,
    cardNetworkUrl: network.url,
    ...shopOptions,
  });
  const blobs = new MemoryBlobStore();
  const profiles = new MemoryProfiles();
  const processes: RunnerProcess[] = [];
  return {
    store,
    clock,
    shop,
    blobs,
    profiles,
    issuer,
    startRunner: (overrides = {}) => {
      const runner = startRunnerProcess({
        store,
        clock,
        runnerId: `browser-runner-${processes.length + 1}`,
        allowedHosts: new URL(shop.url).host,
        sweepEveryMs: 0,
        cardIssuer: issuer,
        payment: { tokenFor: async () => E.right({ token: `tok_${randomIds.uuid()}`, provider: 'paykit' }) },
        buyerProfiles: async () => BUYER,
        browser: { executablePath: CHROMIUM_PATH, blobs, profiles, actionTimeoutMs: 10_000 },
        ...(process.env.DEBUG_RUNNER
          ? {
              logger: {
                info: () => {},
                warn: (f: object, m: string) => console.warn(m, f),
                error: (f: object, m: string) => console.error(m, f),
              },
            }
          : {}),
        ...overrides,
      });
      processes.push(runner);
      return runner;
    },
    create: (input) => createRun(store, clock, input),
    product: (slug) => `${shop.url}/products/${slug}`,
    close: async () => {
      await Promise.all(processes.map((runner) => runner.stop()));
      await shop.close();
      await network.close();
      await store.close();
    },
  };
};
