import * as E from 'fp-ts/lib/Either.js';
import type { CoinStruct } from '@mysten/sui/jsonRpc';
import { SUI_TYPE_ARG } from '@mysten/sui/utils';
import type { DomainError } from '@paykit/kernel';
import { findTokenByAddress } from '@paykit/wallets';
import type { ChainToken } from '../chain-gateway.js';
import type { SuiChain } from './sui-chain.js';
import { MalformedSuiAnswer, suiNodeFailure } from './sui-errors.js';

/** One node call (the transport holds the timeout); a failure is the node's fault (ADR 0932). */
export const askNode = async <A>(chain: SuiChain, call: () => Promise<A>): Promise<E.Either<DomainError, A>> => {
  try {
    return E.right(await call());
  } catch (error) {
    return E.left(suiNodeFailure(chain.info.name, error));
  }
};

const UNSIGNED = /^\d+$/;

/** The node writes u64 values as decimal strings; anything else is `MalformedSuiAnswer`. */
export const expectUnits = (value: unknown, what: string): bigint => {
  if (typeof value === 'string' && UNSIGNED.test(value)) return BigInt(value);
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  throw new MalformedSuiAnswer(`${what} is not an unsigned integer`);
};

export const expectRecord = (value: unknown, what: string): Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new MalformedSuiAnswer(`${what} is not an object`);
  return value as Record<string, unknown>;
};

/** The coin type of a token: `0x2::sui::SUI` for the native currency. */
export const coinTypeOf = (token: ChainToken): string => (token.native ? SUI_TYPE_ARG : token.address);

/** The registry's decimals, else the coin's metadata (`suix_getCoinMetadata`). */
export const suiDecimalsOf = (chain: SuiChain, token: ChainToken): Promise<E.Either<DomainError, number>> => {
  if (token.native) return Promise.resolve(E.right(chain.info.nativeCurrency.decimals));
  const known = findTokenByAddress(chain.info, token.address);
  if (known) return Promise.resolve(E.right(known.decimals));
  return askNode(chain, async () => {
    const metadata = await chain.client.getCoinMetadata({ coinType: token.address });
    const decimals = (metadata as { decimals?: unknown } | null)?.decimals;
    if (typeof decimals !== 'number' || !Number.isInteger(decimals))
      throw new MalformedSuiAnswer(`${token.address} has no coin metadata`);
    return decimals;
  });
};

/** `suix_getBalance`: the owner's total of a coin type (none: 0). */
export const suiUnitsOf = (chain: SuiChain, owner: string, token: ChainToken): Promise<E.Either<DomainError, bigint>> =>
  askNode(chain, async () => {
    const balance = await chain.client.getBalance({ owner, coinType: coinTypeOf(token) });
    return expectUnits(expectRecord(balance, 'suix_getBalance').totalBalance, 'totalBalance');
  });

export interface OwnedCoin {
  readonly objectId: string;
  readonly version: string;
  readonly digest: string;
  readonly balance: bigint;
}

/** Gas payment takes at most 256 coins; a transfer's inputs stop once they cover the amount. */
const MAX_COINS = 256;
const PAGE = 50;

const ownedCoinOf = (coin: CoinStruct): OwnedCoin => {
  const { coinObjectId, version, digest } = expectRecord(coin, 'coin');
  if (typeof coinObjectId !== 'string' || typeof digest !== 'string')
    throw new MalformedSuiAnswer('a coin without its object reference');
  return {
    objectId: coinObjectId,
    version: expectUnits(version, 'coin version').toString(),
    digest,
    balance: expectUnits(coin.balance, 'coin balance'),
  };
};

/**
 * `suix_getCoins` pages of the owner's coins of a type, largest first within what was read, until
 * they cover `enough` (or the owner has no more).
 */
export const suiCoinsOf = async (
  chain: SuiChain,
  owner: string,
  coinType: string,
  enough: bigint,
): Promise<readonly OwnedCoin[]> => {
  const coins: OwnedCoin[] = [];
  let cursor: string | null | undefined = null;
  let total = 0n;
  do {
    const page = await chain.client.getCoins({ owner, coinType, cursor, limit: PAGE });
    if (!Array.isArray(page?.data)) throw new MalformedSuiAnswer('suix_getCoins answered no data');
    for (const coin of page.data.map(ownedCoinOf)) {
      coins.push(coin);
      total += coin.balance;
    }
    cursor = page.hasNextPage ? page.nextCursor : undefined;
  } while (cursor && total < enough && coins.length < MAX_COINS);
  return coins.slice(0, MAX_COINS).sort((a, b) => (a.balance === b.balance ? 0 : a.balance > b.balance ? -1 : 1));
};
