import * as E from 'fp-ts/lib/Either.js';
import { invalid, type DomainError } from '@paykit/kernel';
import type { ChainType, Environment } from '../chains/chain-type.js';
import { findChain, otherEnvironmentOf, type ChainInfo } from '../chains/registry.js';
import { findTokenByAddress, findTokenByCurrency, normalizeTokenAddress, type TokenInfo } from '../chains/tokens.js';
import { isAptosAddress } from '../addresses/aptos.js';
import { isEvmAddress } from '../addresses/evm.js';
import { isSolanaAddress } from '../addresses/solana.js';
import { isStellarContractAddress } from '../addresses/stellar.js';
import { isSuiCoinType } from '../addresses/sui.js';

/** A token on one chain (spec: Token locator), as written: by currency or by address. */
export type TokenLocator =
  | { readonly kind: 'currency'; readonly chain: string; readonly currency: string }
  | { readonly kind: 'address'; readonly chain: string; readonly address: string; readonly tokenId?: string };

/** A token locator checked against the registry: its chain, and the token when it is a known one. */
export interface ResolvedToken {
  readonly chain: ChainInfo;
  /** Canonical locator: `chain:currency` for known tokens, `chain:address[:tokenId]` otherwise. */
  readonly locator: string;
  readonly native: boolean;
  readonly address?: string;
  readonly tokenId?: string;
  /** Symbol, name and decimals, when the service knows the token. */
  readonly known?: TokenInfo;
}

const CURRENCY = /^[a-z][a-z0-9]{1,15}$/;
const TOKEN_ID = /^(0|[1-9]\d{0,77})$/;
const LOOKS_LIKE_EVM = /^0x[0-9a-fA-F]{40}$/;

const TOKEN_ADDRESS_RULES: Readonly<
  Record<ChainType, { readonly test: (value: string) => boolean; readonly what: string }>
> = {
  evm: { test: isEvmAddress, what: 'a 0x-prefixed 20-byte contract address' },
  solana: { test: isSolanaAddress, what: 'a base58 mint address' },
  aptos: { test: isAptosAddress, what: 'a 0x-prefixed 32-byte fungible asset address' },
  sui: { test: isSuiCoinType, what: 'a coin type such as 0x2::sui::SUI' },
  stellar: { test: isStellarContractAddress, what: 'a C... asset contract id' },
};

const failure = (field: string, message: string) => E.left(invalid('invalid_token_locator', `${field}: ${message}`));

const chainOf = (name: string, environment: Environment, field: string): E.Either<DomainError, ChainInfo> => {
  const chain = findChain(name, environment);
  if (chain) return E.right(chain);
  const other = otherEnvironmentOf(name, environment);
  return other
    ? failure(
        field,
        `chain "${name}" belongs to ${other}; ${environment} works on ${environment === 'staging' ? 'test' : 'main'} networks`,
      )
    : failure(field, `unknown chain "${name}"`);
};

/** Parses `chain:address[:tokenId]` or `chain:currency` against the chains of an environment. */
export const parseTokenLocator = (
  text: string,
  environment: Environment,
  field = 'tokenLocator',
): E.Either<DomainError, TokenLocator> => {
  const separator = text.indexOf(':');
  if (separator <= 0)
    return failure(field, `expected <chain>:<currency> or <chain>:<address>[:<tokenId>], got "${text}"`);
  const chain = chainOf(text.slice(0, separator), environment, field);
  if (E.isLeft(chain)) return chain;
  const { name, chainType } = chain.right;
  const rest = text.slice(separator + 1);
  // Move coin types (0x2::sui::SUI) carry colons of their own.
  const [token = '', tokenId, ...extra] = chainType === 'sui' && rest.includes('::') ? [rest] : rest.split(':');
  if (!token) return failure(field, `missing currency or token address after "${name}:"`);
  if (extra.length > 0) return failure(field, `unexpected "${extra.join(':')}" after the token id`);
  const rule = TOKEN_ADDRESS_RULES[chainType];
  if (rule.test(token)) {
    if (tokenId === undefined)
      return E.right({ kind: 'address', chain: name, address: normalizeTokenAddress(chain.right, token) });
    if (chainType !== 'evm') return failure(field, `token ids are only used on evm chains, not on ${name}`);
    if (!TOKEN_ID.test(tokenId)) return failure(field, `token id "${tokenId}" is not a non-negative integer`);
    return E.right({ kind: 'address', chain: name, address: normalizeTokenAddress(chain.right, token), tokenId });
  }
  if (chainType === 'evm' && LOOKS_LIKE_EVM.test(token))
    return failure(field, `token address "${token}" has an invalid EIP-55 checksum`);
  const currency = token.toLowerCase();
  if (!CURRENCY.test(currency)) return failure(field, `"${token}" is neither a currency nor ${rule.what} on ${name}`);
  if (tokenId !== undefined) return failure(field, `a currency takes no token id ("${tokenId}")`);
  return E.right({ kind: 'currency', chain: name, currency });
};

export const formatTokenLocator = (locator: TokenLocator): string =>
  locator.kind === 'currency'
    ? `${locator.chain}:${locator.currency}`
    : `${locator.chain}:${locator.address}${locator.tokenId === undefined ? '' : `:${locator.tokenId}`}`;

const fromKnown = (chain: ChainInfo, known: TokenInfo): ResolvedToken => {
  const base = { chain, locator: `${chain.name}:${known.symbol}`, native: known.native, known };
  return known.address === undefined ? base : { ...base, address: known.address };
};

/**
 * Parses and resolves a token locator: a currency must be known on its chain (in staging `usdc`
 * is the test stablecoin `usdxm`); an address may name any token, known or not.
 */
export const resolveTokenLocator = (
  text: string,
  environment: Environment,
  field = 'tokenLocator',
): E.Either<DomainError, ResolvedToken> => {
  const parsed = parseTokenLocator(text, environment, field);
  if (E.isLeft(parsed)) return parsed;
  const locator = parsed.right;
  const chain = findChain(locator.chain, environment) as ChainInfo;
  if (locator.kind === 'currency') {
    const known = findTokenByCurrency(chain, locator.currency);
    return known
      ? E.right(fromKnown(chain, known))
      : failure(field, `unknown currency "${locator.currency}" on ${chain.name}`);
  }
  const known = locator.tokenId === undefined ? findTokenByAddress(chain, locator.address) : undefined;
  if (known) return E.right(fromKnown(chain, known));
  const base = { chain, locator: formatTokenLocator(locator), native: false, address: locator.address };
  return E.right(locator.tokenId === undefined ? base : { ...base, tokenId: locator.tokenId });
};
