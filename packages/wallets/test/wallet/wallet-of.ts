import { fold } from '@paykit/kernel';
import { DeciderSpecification } from '@paykit/kernel/testing';
import type { CustodialKeys } from '../../src/wallet/commands.js';
import { walletDecider } from '../../src/wallet/decider.js';
import type { WalletEvent } from '../../src/wallet/events.js';
import type { CreateWalletRequest, Wallet } from '../../src/wallet/types.js';
import { createWallet } from './fixtures.js';

/** The wallet a history folds to, as a handler loads it. */
export const walletAfter = (events: readonly WalletEvent[]): Wallet => {
  const state = fold(walletDecider, events);
  if (state.status !== 'created') throw new Error('wallet not created');
  return state.wallet;
};

/** The wallet the decider creates for a request. */
export const walletOf = (request: CreateWalletRequest, custodialKeys: CustodialKeys = {}): Wallet =>
  walletAfter(DeciderSpecification.for(walletDecider).given([]).when(createWallet(request, custodialKeys)).events());
