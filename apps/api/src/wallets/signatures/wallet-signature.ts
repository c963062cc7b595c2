import { DomainException, notFound } from '@paykit/kernel';
import type { SignatureRequest, SignatureRequestState, Wallet } from '@paykit/wallets';
import type { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { SignatureRequestAggregate } from './signature-request.aggregate.js';

/** A signature request of the wallet, or the 404 that another wallet's, another project's and a missing one share. */
export const loadWalletSignature = async (
  aggregates: Aggregates,
  projectId: string,
  wallet: Wallet,
  signatureId: string,
): Promise<SignatureRequest> => {
  const { state } = await aggregates.loadOwned(SignatureRequestAggregate, projectId, signatureId);
  if (!state || state.walletId !== wallet.walletId) throw new DomainException(notFound());
  return state;
};

/** What every signature request says of the wallet that signs. */
export const signingWallet = ({ walletId, address, environment, walletType }: Wallet) => ({
  walletId,
  walletAddress: address,
  environment,
  walletType,
});

/** The request as a command left it: its stream folds to one from its first event on. */
export const signatureAfter = (
  signatureId: string,
  { state }: { readonly state: SignatureRequestState },
): SignatureRequest => {
  if (!state) throw new Error(`signature ${signatureId} folds to no state after a command`);
  return state;
};
