import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import { MAX_BASE_UNITS } from '@paykit/transfers';
import {
  findChain,
  findTokenByAddress,
  isAddressOf,
  normalizeAddress,
  normalizeTokenAddress,
  type ChainInfo,
  type TokenInfo,
} from '@paykit/wallets';
import type { Environment } from '../environment.js';
import type { ChainToken } from './chain-gateway.js';
import {
  chainNotConfigured,
  chainNotSupported,
  invalidBaseUnits,
  invalidChainAddress,
  tokenNotSupportedOnChain,
} from './chain-errors.js';

const UNSIGNED_INTEGER = /^(0|[1-9]\d*)$/;

export const resolveChain = (chain: string, environment: Environment): E.Either<DomainError, ChainInfo> => {
  const info = findChain(chain, environment);
  return info ? E.right(info) : E.left(chainNotSupported(chain, environment));
};

/** The address in its stored spelling (EIP-55, lowercase hex), or `invalid_address` naming the field. */
export const checkAddress = (chain: ChainInfo, field: string, address: string): E.Either<DomainError, string> =>
  isAddressOf(chain.chainType, address)
    ? E.right(normalizeAddress(chain.chainType, address))
    : E.left(invalidChainAddress(field, chain.name, address));

/**
 * A positive amount of base units that fits the chain family's integer type. `allowZero`: a
 * transfer that moves nothing, as a call with value 0 and no data is a valid transaction.
 */
export const parseBaseUnits = (
  chain: ChainInfo,
  value: string,
  { allowZero = false }: { readonly allowZero?: boolean } = {},
): E.Either<DomainError, bigint> => {
  if (!UNSIGNED_INTEGER.test(value)) return E.left(invalidBaseUnits());
  const units = BigInt(value);
  const least = allowZero ? 0n : 1n;
  return units >= least && units <= MAX_BASE_UNITS[chain.chainType] ? E.right(units) : E.left(invalidBaseUnits());
};

/** How a token is keyed in ledgers and compared: `native`, or its normalized address. */
export const tokenKeyOf = (chain: ChainInfo, token: ChainToken): string =>
  token.native ? 'native' : normalizeTokenAddress(chain, token.address);

export const sameToken = (chain: ChainInfo, a: ChainToken, b: ChainToken): boolean =>
  tokenKeyOf(chain, a) === tokenKeyOf(chain, b);

/** A token the registry knows on the chain: the native currency or the stablecoin. */
export const knownToken = (chain: ChainInfo, token: ChainToken): E.Either<DomainError, TokenInfo> => {
  if (token.native) {
    const { symbol, name, decimals } = chain.nativeCurrency;
    return E.right({ chain: chain.name, symbol, name, decimals, native: true });
  }
  const info = findTokenByAddress(chain, token.address);
  return info ? E.right(info) : E.left(tokenNotSupportedOnChain(chain.name, token.address));
};

/** `chain:symbol` of the chain's gas token, the token fees are reported in. */
export const nativeTokenLocator = (chain: ChainInfo): string => `${chain.name}:${chain.nativeCurrency.symbol}`;

/**
 * The chain a node gateway was configured with; else why not: a chain of this environment with
 * no node configured, or no chain of this environment at all.
 */
export const configuredChain = <C>(
  chains: ReadonlyMap<string, C>,
  name: string,
  environment: Environment,
): E.Either<DomainError, C> => {
  const chain = chains.get(name);
  if (chain) return E.right(chain);
  return findChain(name, environment) ? E.left(chainNotConfigured(name)) : E.left(chainNotSupported(name, environment));
};
