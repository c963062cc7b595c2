import { DomainException, invalid } from '@paykit/kernel';
import { type ChainInfo, type Wallet, chainsOf, findChain } from '@paykit/wallets';

/** The chains a wallet lives on: every chain of its family in its environment. */
export const chainsOfWallet = (wallet: Wallet): readonly ChainInfo[] => chainsOf(wallet.environment, wallet.chainType);

/** A chain named in a request, which must be one of the wallet's. */
export const walletChain = (wallet: Wallet, name: string, field: string): ChainInfo => {
  const chain = findChain(name, wallet.environment);
  if (!chain || chain.chainType !== wallet.chainType) {
    const names = chainsOfWallet(wallet).map((candidate) => candidate.name);
    throw new DomainException(
      invalid(
        'invalid_chain',
        `${field}: "${name}" is not a ${wallet.chainType} chain of ${wallet.environment}; expected ${names.join(', ')}`,
      ),
    );
  }
  return chain;
};
