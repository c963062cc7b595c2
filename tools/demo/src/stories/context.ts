import type { PayKitClient, components } from '@paykit/client';
import type { Report } from '../report.js';

export type Schemas = components['schemas'];
export type Wallet = Schemas['Wallet'];
export type Order = Schemas['Order'];
export type Transfer = Schemas['TransferTransaction'];

/** What every story works with: the typed client, where to print, and how long to wait. */
export interface StoryContext {
  readonly client: PayKitClient;
  readonly report: Report;
  /** Upper bound of each wait for the sandbox (a transfer to be final, a payout to settle). */
  readonly waitMs: number;
  /** Tells this run's users and resources apart from earlier runs' on the same server. */
  readonly runTag: string;
}

/** A user of this run: `ana-<tag>@example.com`. */
export const userEmail = (context: StoryContext, name: string): string => `${name}-${context.runTag}@example.com`;
