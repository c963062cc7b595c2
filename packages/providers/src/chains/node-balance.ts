import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import type { ChainInfo } from '@paykit/wallets';
import type { ChainBalance, ChainToken } from './chain-gateway.js';
import { checkAddress } from './chain-request.js';

export interface BalanceReads<C> {
  readonly checkToken: (chain: ChainInfo, token: ChainToken) => E.Either<DomainError, ChainToken>;
  readonly decimalsOf: (chain: C, token: ChainToken) => Promise<E.Either<DomainError, number>>;
  readonly unitsOf: (chain: C, address: string, token: ChainToken) => Promise<E.Either<DomainError, bigint>>;
}

/** An address's balance of a token on a node: the address and token checked, then the token's decimals and the units held. */
export const nodeBalanceOf = async <C extends { readonly info: ChainInfo }>(
  chain: C,
  request: { readonly address: string; readonly token: ChainToken },
  reads: BalanceReads<C>,
): Promise<E.Either<DomainError, ChainBalance>> => {
  const address = checkAddress(chain.info, 'address', request.address);
  if (E.isLeft(address)) return address;
  const token = reads.checkToken(chain.info, request.token);
  if (E.isLeft(token)) return token;
  const decimals = await reads.decimalsOf(chain, token.right);
  if (E.isLeft(decimals)) return decimals;
  const units = await reads.unitsOf(chain, address.right, token.right);
  if (E.isLeft(units)) return units;
  return E.right({
    chain: chain.info.name,
    address: address.right,
    token: token.right,
    baseUnits: units.right.toString(),
    decimals: decimals.right,
  });
};
