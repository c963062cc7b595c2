import * as E from 'fp-ts/lib/Either.js';
import { invalid, type DomainError } from '@paykit/kernel';
import {
  CHAIN_TYPES,
  defaultWalletType,
  isChainType,
  isWalletType,
  supportsWalletType,
  walletTypesOf,
  type ChainType,
  type WalletType,
} from '../chains/chain-type.js';
import { chainTypesOfAddress, normalizeAddress } from '../addresses/by-chain-type.js';
import { aliasRule, isAlias } from './alias.js';
import { formatOwner, isOwnerType, normalizeOwnerValue, OWNER_TYPES, type Owner } from './owner.js';

/** Which wallet a path names (spec: Wallet locator). */
export type WalletLocator =
  | { readonly kind: 'address'; readonly address: string; readonly chainTypes: readonly ChainType[] }
  | {
      readonly kind: 'owner';
      readonly owner: Owner;
      readonly chainType: ChainType;
      readonly walletType: WalletType;
      readonly alias?: string;
    }
  /** The caller's own wallet: resolved from the user of a client-key call. */
  | { readonly kind: 'me'; readonly chainType: ChainType; readonly walletType: WalletType; readonly alias?: string }
  | { readonly kind: 'alias'; readonly chainType: ChainType; readonly walletType: WalletType; readonly alias: string };

interface Selector {
  readonly chainType: ChainType;
  readonly walletType: WalletType;
  readonly alias?: string;
}

const FIELD = 'walletLocator';
const fail = (message: string) => E.left(invalid('invalid_wallet_locator', `${FIELD}: ${message}`));
const CHAIN_TYPE_LIST = 'evm, solana, aptos, sui or stellar';
const LOOKS_LIKE_EVM = /^0x[0-9a-fA-F]{40}$/;

const parseAddress = (text: string): E.Either<DomainError, WalletLocator> => {
  const chainTypes = chainTypesOfAddress(text);
  const [first] = chainTypes;
  if (first) return E.right({ kind: 'address', address: normalizeAddress(first, text), chainTypes });
  if (LOOKS_LIKE_EVM.test(text)) return fail(`"${text}" has an invalid EIP-55 checksum`);
  if (isChainType(text)) return fail(`"${text}" needs an alias: use ${text}[:<walletType>]:alias:<alias>`);
  if (isOwnerType(text) || text === 'me')
    return fail(`"${text}" needs a chain type, e.g. ${text === 'me' ? 'me' : `${text}:<value>`}:evm`);
  return fail(`"${text}" is not a wallet address of any supported chain (${CHAIN_TYPE_LIST})`);
};

/** `<chainType>[:<walletType>][:alias:<alias>]`, the tail shared by every non-address form. */
const parseSelector = (
  segments: readonly string[],
  after: string,
  requireAlias: boolean,
): E.Either<DomainError, Selector> => {
  const [chainType, ...tail] = segments;
  if (!chainType) return fail(`missing chain type after "${after}"`);
  if (!isChainType(chainType)) return fail(`unknown chain type "${chainType}"; expected ${CHAIN_TYPE_LIST}`);
  let index = 0;
  let walletType: WalletType | undefined;
  const candidate = tail[0];
  if (candidate !== undefined && candidate !== 'alias') {
    if (!isWalletType(candidate)) return fail(`unknown wallet type "${candidate}"; expected smart or mpc`);
    if (!supportsWalletType(chainType, candidate)) {
      return fail(`${chainType} has no ${candidate} wallets (only ${walletTypesOf(chainType).join(', ')})`);
    }
    walletType = candidate;
    index = 1;
  }
  let alias: string | undefined;
  if (tail[index] === 'alias') {
    alias = tail[index + 1];
    if (!alias) return fail('missing alias after "alias:"');
    if (!isAlias(alias)) return fail(`alias "${alias}" is not valid (${aliasRule})`);
    index += 2;
  }
  if (index < tail.length)
    return fail(
      `unexpected "${tail.slice(index).join(':')}" after "${[chainType, ...tail.slice(0, index)].join(':')}"`,
    );
  if (requireAlias && alias === undefined)
    return fail(`"${segments.join(':')}" needs an alias: use ${chainType}[:<walletType>]:alias:<alias>`);
  const selector = { chainType, walletType: walletType ?? defaultWalletType(chainType) };
  return E.right(alias === undefined ? selector : { ...selector, alias });
};

/**
 * Parses every wallet-locator form of the spec: an address; `<ownerType>:<value>:<selector>`;
 * `me:<selector>`; `<chainType>[:<walletType>]:alias:<alias>`. The wallet type defaults to
 * smart (to mpc for chains that only have MPC wallets).
 */
export const parseWalletLocator = (text: string): E.Either<DomainError, WalletLocator> => {
  if (text.length === 0) return fail('must not be empty');
  const [head = '', ...rest] = text.split(':');
  if (rest.length === 0) return parseAddress(text);
  if (isOwnerType(head)) {
    const [value, ...selector] = rest;
    if (!value) return fail(`missing ${head} value after "${head}:"`);
    const normalized = normalizeOwnerValue(head, value);
    if (E.isLeft(normalized)) return fail(normalized.left);
    const parsed = parseSelector(selector, `${head}:${value}`, false);
    return E.isLeft(parsed)
      ? parsed
      : E.right({ kind: 'owner', owner: { type: head, value: normalized.right }, ...parsed.right });
  }
  if (head === 'me') {
    const parsed = parseSelector(rest, 'me', false);
    return E.isLeft(parsed) ? parsed : E.right({ kind: 'me', ...parsed.right });
  }
  if (isChainType(head)) {
    const parsed = parseSelector([head, ...rest], '', true);
    return E.isLeft(parsed) ? parsed : E.right({ kind: 'alias', ...parsed.right, alias: parsed.right.alias ?? '' });
  }
  return fail(
    `unknown locator type "${head}"; expected a wallet address, ${OWNER_TYPES.join(', ')}, me or a chain type (${CHAIN_TYPES.join(', ')})`,
  );
};

const formatSelector = (selector: Selector): string =>
  `${selector.chainType}:${selector.walletType}${selector.alias === undefined ? '' : `:alias:${selector.alias}`}`;

/** The canonical spelling of a locator; parsing it gives the same locator back. */
export const formatWalletLocator = (locator: WalletLocator): string => {
  switch (locator.kind) {
    case 'address':
      return locator.address;
    case 'owner':
      return `${formatOwner(locator.owner)}:${formatSelector(locator)}`;
    case 'me':
      return `me:${formatSelector(locator)}`;
    case 'alias':
      return formatSelector(locator);
  }
};

/** A `me:` locator once the caller's user is known: the same selector, owned by that user. */
export const resolveMeLocator = (locator: WalletLocator, me: Owner): WalletLocator =>
  locator.kind === 'me' ? { ...locator, kind: 'owner', owner: me } : locator;
