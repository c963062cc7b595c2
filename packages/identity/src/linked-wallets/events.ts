import type { DomainEvent } from '@paykit/kernel';
import type { LinkableChainType, LinkChallenge } from './challenge.js';

/** A user claims an external wallet; the wallet must sign `message` to prove it. */
export type WalletLinkChallengeIssued = DomainEvent<
  'WalletLinkChallengeIssued',
  {
    readonly userLocator: string;
    readonly chainType: LinkableChainType;
    readonly address: string;
    readonly challenge: LinkChallenge;
    readonly message: string;
  }
>;

/** The wallet signed the challenge: it is the user's, and may receive what the user buys. */
export type WalletLinkVerified = DomainEvent<
  'WalletLinkVerified',
  {
    readonly userLocator: string;
    readonly chainType: LinkableChainType;
    readonly address: string;
    readonly nonce: string;
    readonly verifiedAt: string;
  }
>;

export type LinkedWalletEvent = WalletLinkChallengeIssued | WalletLinkVerified;
