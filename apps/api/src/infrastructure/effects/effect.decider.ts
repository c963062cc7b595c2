import { type Decider, type DomainError, conflict } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';

/**
 * One side effect on the outside world (a chain transfer, a payout, a refund), claimed and
 * recorded in its own stream: the claim says who may perform it until when; the record keeps
 * what it gave. Whoever comes later reads the record instead of acting again.
 */
export type EffectEvent =
  | {
      readonly type: 'EffectClaimed';
      readonly data: {
        readonly effect: string;
        readonly key: string;
        readonly holder: string;
        readonly claimedAt: string;
        readonly leaseExpiresAt: string;
      };
    }
  | {
      readonly type: 'EffectRecorded';
      readonly data: {
        readonly effect: string;
        readonly key: string;
        readonly holder: string;
        readonly outcome: unknown;
        readonly recordedAt: string;
      };
    };

export type EffectCommand =
  | {
      readonly type: 'ClaimEffect';
      readonly data: {
        readonly effect: string;
        readonly key: string;
        readonly holder: string;
        readonly now: string;
        readonly leaseMs: number;
      };
    }
  | {
      readonly type: 'RecordEffect';
      readonly data: {
        readonly effect: string;
        readonly key: string;
        readonly holder: string;
        readonly outcome: unknown;
        readonly now: string;
      };
    };

export interface EffectState {
  readonly claim: { readonly holder: string; readonly leaseExpiresAt: string } | null;
  /** Set once the effect was performed: its outcome, as the first performer recorded it. */
  readonly recorded: { readonly outcome: unknown } | null;
}

const claim = (
  command: Extract<EffectCommand, { type: 'ClaimEffect' }>['data'],
  state: EffectState,
): E.Either<DomainError, EffectEvent[]> => {
  if (state.recorded) return E.right([]);
  const now = Date.parse(command.now);
  const held = state.claim;
  if (held && Date.parse(held.leaseExpiresAt) > now) {
    if (held.holder !== command.holder) {
      return E.left(
        conflict('effect_claimed', `${command.effect} ${command.key} is claimed by another instance`, { ...held }),
      );
    }
    // Still ours for more than half the lease: no need to write a renewal on every pass.
    if (Date.parse(held.leaseExpiresAt) - now > command.leaseMs / 2) return E.right([]);
  }
  const { effect, key, holder } = command;
  const leaseExpiresAt = new Date(now + command.leaseMs).toISOString();
  return E.right([{ type: 'EffectClaimed', data: { effect, key, holder, claimedAt: command.now, leaseExpiresAt } }]);
};

export const effectDecider: Decider<EffectCommand, EffectEvent, EffectState, DomainError> = {
  initialState: () => ({ claim: null, recorded: null }),
  decide(command, state) {
    switch (command.type) {
      case 'ClaimEffect':
        return claim(command.data, state);
      case 'RecordEffect': {
        // A holder whose lease lapsed still records: the provider call is keyed, so whoever
        // performed it after gets the same answer; the first record stands.
        if (state.recorded) return E.right([]);
        const { effect, key, holder, outcome, now } = command.data;
        return E.right([{ type: 'EffectRecorded', data: { effect, key, holder, outcome, recordedAt: now } }]);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'EffectClaimed':
        return { ...state, claim: { holder: event.data.holder, leaseExpiresAt: event.data.leaseExpiresAt } };
      case 'EffectRecorded':
        return { ...state, recorded: { outcome: event.data.outcome } };
      default:
        return state;
    }
  },
};
