import type { RecordedEvent } from '@paykit/event-store';
import { sha256Hex } from '@paykit/kernel';

/** The first response to a key, as replayed. */
export interface RecordedResponse {
  readonly status: number;
  /** The JSON body; null for a response without one. */
  readonly body: unknown;
}

export const IdempotencyEvents = {
  claimed: 'IdempotencyKeyClaimed',
  recorded: 'IdempotentResponseRecorded',
  released: 'IdempotencyClaimReleased',
} as const;

export interface ClaimedData {
  readonly fingerprint: string;
  readonly method: string;
  readonly path: string;
  /** The process that runs the request (ADR 0305): whether it is still alive decides a retry's answer. */
  readonly holder?: string;
  readonly claimedAt?: string;
  readonly leaseExpiresAt: string;
}
export interface RecordedData {
  readonly fingerprint: string;
  /** The response sealed to this stream (ADR 0305); records before it held `response` in clear. */
  readonly sealedResponse?: string;
  readonly response?: RecordedResponse;
  readonly recordedAt: string;
}
export interface ReleasedData {
  readonly fingerprint: string;
  readonly reason: string;
}

/** One stream per (scope, key): project and acting subject (ADR 0311); the key is hashed so any printable key makes a valid name. */
export const idempotencyStream = (scope: string, key: string): string => `idempotency-${scope}-${sha256Hex(key)}`;

export type KeyState =
  | { readonly status: 'free'; readonly revision: bigint | 'no_stream' }
  | {
      readonly status: 'claimed';
      readonly revision: bigint;
      readonly fingerprint: string;
      /** The claim event's id, and the process that appended it (null in claims made before ADR 0305). */
      readonly claimId: string;
      readonly holder: string | null;
      readonly claimedAt: number;
      readonly leaseExpiresAt: number;
    }
  | {
      readonly status: 'completed';
      readonly revision: bigint;
      readonly fingerprint: string;
      readonly recorded: RecordedData;
      readonly recordedAt: number;
    };

/** Folds a key's stream: free (never used, or released), claimed (a request runs or ran), completed. */
export const foldKeyStream = (events: readonly RecordedEvent[]): KeyState => {
  let state: KeyState = { status: 'free', revision: 'no_stream' };
  for (const event of events) {
    switch (event.type) {
      case IdempotencyEvents.claimed: {
        const data = event.data as ClaimedData;
        const leaseExpiresAt = Date.parse(data.leaseExpiresAt);
        state = {
          status: 'claimed',
          revision: event.revision,
          fingerprint: data.fingerprint,
          claimId: event.metadata.eventId,
          holder: data.holder ?? null,
          claimedAt: data.claimedAt === undefined ? leaseExpiresAt : Date.parse(data.claimedAt),
          leaseExpiresAt,
        };
        break;
      }
      case IdempotencyEvents.recorded: {
        const data = event.data as RecordedData;
        state = {
          status: 'completed',
          revision: event.revision,
          fingerprint: data.fingerprint,
          recorded: data,
          recordedAt: Date.parse(data.recordedAt),
        };
        break;
      }
      case IdempotencyEvents.released:
        state = { status: 'free', revision: event.revision };
        break;
      default:
        state = { ...state, revision: event.revision } as KeyState;
    }
  }
  return state;
};
