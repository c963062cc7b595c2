import type { Decider } from '@paykit/kernel';
import type { DomainError } from '@paykit/kernel';
import type { WalletCommand } from './commands.js';
import { decideCreateWallet } from './create-wallet.js';
import { decideAddDelegatedSigner, decideRemoveDelegatedSigner } from './delegated-signers.js';
import type { WalletEvent } from './events.js';
import { evolveWallet, initialWalletState, type WalletState } from './state.js';

/** The Wallet aggregate: one stream per wallet. Uniqueness across wallets is the handler's claim stream. */
export const walletDecider: Decider<WalletCommand, WalletEvent, WalletState, DomainError> = {
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateWallet':
        return decideCreateWallet(command, state);
      case 'AddDelegatedSigner':
        return decideAddDelegatedSigner(command, state);
      case 'RemoveDelegatedSigner':
        return decideRemoveDelegatedSigner(command, state);
    }
  },
  evolve: evolveWallet,
  initialState: initialWalletState,
};
