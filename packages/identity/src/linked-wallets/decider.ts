import * as E from 'fp-ts/lib/Either.js';
import { type Decider, type DomainError, conflict } from '@paykit/kernel';
import { fieldError } from '../common/field-error.js';
import type { LinkableChainType, LinkChallenge } from './challenge.js';
import type { LinkedWalletEvent } from './events.js';
import { verifyOwnershipProof } from './ownership-proof.js';

interface WalletOfUser {
  readonly userLocator: string;
  readonly chainType: LinkableChainType;
  /** Normalized (EIP-55 for EVM). */
  readonly address: string;
}

export type LinkedWalletCommand =
  | {
      readonly type: 'RequestWalletLink';
      readonly data: WalletOfUser & {
        readonly challenge: LinkChallenge;
        readonly message: string;
        readonly now: string;
      };
    }
  | {
      readonly type: 'ProveWalletOwnership';
      readonly data: WalletOfUser & { readonly proof: string; readonly now: string };
    };

export interface PendingLink {
  readonly userLocator: string;
  readonly challenge: LinkChallenge;
  readonly message: string;
}

/** One stream per project, chain type and address: a wallet is verified for one user at most. */
export interface LinkedWalletState {
  readonly pending: PendingLink | null;
  readonly verified: { readonly userLocator: string; readonly verifiedAt: string } | null;
}

const linkedElsewhere = () =>
  conflict('wallet_linked_to_another_user', 'This wallet is already linked to another user of the project');

const proofRefused = (message: string, code: string) => E.left(fieldError('proof', message, code));

export const linkedWalletDecider: Decider<LinkedWalletCommand, LinkedWalletEvent, LinkedWalletState, DomainError> = {
  initialState: () => ({ pending: null, verified: null }),

  decide: (command, state) => {
    const { userLocator, chainType, address } = command.data;
    if (state.verified) return state.verified.userLocator === userLocator ? E.right([]) : E.left(linkedElsewhere());
    const pending = state.pending;
    switch (command.type) {
      case 'RequestWalletLink': {
        // An unexpired challenge of this user is answered again; a claim by another user replaces an unproven one.
        if (pending?.userLocator === userLocator && command.data.now < pending.challenge.expiresAt) return E.right([]);
        const { challenge, message } = command.data;
        return E.right([
          { type: 'WalletLinkChallengeIssued', data: { userLocator, chainType, address, challenge, message } },
        ]);
      }
      case 'ProveWalletOwnership': {
        if (pending?.userLocator !== userLocator) {
          return proofRefused(
            'no challenge is pending for this wallet and user: send the request without proof first',
            'no_pending_challenge',
          );
        }
        if (command.data.now >= pending.challenge.expiresAt) {
          return proofRefused(
            'the challenge has expired: send the request without proof for a new one',
            'challenge_expired',
          );
        }
        if (!verifyOwnershipProof(chainType, address, pending.message, command.data.proof)) {
          return proofRefused('is not a signature of the challenge message by this address', 'invalid_ownership_proof');
        }
        return E.right([
          {
            type: 'WalletLinkVerified',
            data: { userLocator, chainType, address, nonce: pending.challenge.nonce, verifiedAt: command.data.now },
          },
        ]);
      }
    }
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'WalletLinkChallengeIssued':
        return {
          ...state,
          pending: {
            userLocator: event.data.userLocator,
            challenge: event.data.challenge,
            message: event.data.message,
          },
        };
      case 'WalletLinkVerified':
        return { pending: null, verified: { userLocator: event.data.userLocator, verifiedAt: event.data.verifiedAt } };
    }
  },
};

export const linkedWalletStream = (projectId: string, chainType: string, address: string): string =>
  `linked_wallet-${projectId}-${chainType}-${address}`;
