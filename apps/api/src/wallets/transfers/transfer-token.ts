import { DomainException, invalid } from '@paykit/kernel';
import type { ChainGateway } from '@paykit/providers';
import type { TransferToken } from '@paykit/transfers';
import { type ResolvedToken, type Wallet, resolveTokenLocator } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';

export interface TransferTokenOf {
  readonly token: TransferToken;
  readonly resolved: ResolvedToken;
}

/**
 * The token of a transfer path on the wallet's chains: a known token from the registry, or any
 * fungible token by address, whose decimals the chain reports.
 */
export const resolveTransferToken = async (
  gateway: ChainGateway,
  wallet: Wallet,
  text: string,
): Promise<TransferTokenOf> => {
  const parsed = resolveTokenLocator(text, wallet.environment, 'tokenLocator');
  if (E.isLeft(parsed)) throw new DomainException(parsed.left);
  const resolved = parsed.right;
  if (resolved.chain.chainType !== wallet.chainType) {
    throw new DomainException(
      invalid(
        'invalid_token',
        `tokenLocator: ${resolved.chain.name} is not a chain of this ${wallet.chainType} wallet`,
      ),
    );
  }
  if (resolved.tokenId !== undefined) {
    throw new DomainException(
      invalid('invalid_token', 'tokenLocator: tokens with a token id (NFTs) cannot be sent as transfers'),
    );
  }
  const base = {
    locator: text,
    native: resolved.native,
    ...(resolved.address !== undefined && { address: resolved.address }),
  };
  if (resolved.known)
    return { resolved, token: { ...base, decimals: resolved.known.decimals, symbol: resolved.known.symbol } };
  const balance = await gateway.getBalance({
    chain: resolved.chain.name,
    address: wallet.address,
    token: { native: false, address: resolved.address as string },
  });
  if (E.isLeft(balance)) throw new DomainException(balance.left);
  return { resolved, token: { ...base, decimals: balance.right.decimals, symbol: resolved.address as string } };
};
