import * as E from 'fp-ts/lib/Either.js';
import type { Asset } from '@stellar/stellar-sdk';
import type { DomainError } from '@paykit/kernel';
import type { ChainToken } from '../chain-gateway.js';
import { tokenNotSupportedOnChain } from '../chain-errors.js';
import {
  MalformedHorizonAnswer,
  expectInteger,
  expectList,
  expectRecord,
  expectString,
  type HorizonClient,
} from './horizon-client.js';
import { STELLAR_AMOUNT_DECIMALS, type StellarChain } from './stellar-chain.js';
import { stellarNodeFailure } from './stellar-errors.js';

/** One Horizon call with the chain's timeout; a failure is the node's fault (ADR 0933). */
export const askHorizon = async <A>(
  chain: StellarChain,
  call: (horizon: HorizonClient, signal: AbortSignal) => Promise<A>,
): Promise<E.Either<DomainError, A>> => {
  try {
    return E.right(await call(chain.horizon, AbortSignal.timeout(chain.timeoutMs)));
  } catch (error) {
    return E.left(stellarNodeFailure(chain.info.name, error));
  }
};

/** What the gateway moves: XLM, or a classic asset the registry knows, with its registry decimals. */
export type StellarToken =
  | { readonly native: true; readonly decimals: number }
  | { readonly native: false; readonly asset: Asset; readonly decimals: number };

export const stellarTokenOf = (chain: StellarChain, token: ChainToken): E.Either<DomainError, StellarToken> => {
  if (token.native) return E.right({ native: true, decimals: chain.info.nativeCurrency.decimals });
  const known = chain.assets.get(token.address);
  return known
    ? E.right({ native: false, asset: known.asset, decimals: known.decimals })
    : E.left(tokenNotSupportedOnChain(chain.info.name, token.address));
};

const AMOUNT = /^(\d+)(?:\.(\d{1,7}))?$/;

/** A Horizon amount (`"12.3456789"`) in stroops, 10^-7 of a unit. */
export const stroopsOf = (amount: string, what: string): bigint => {
  const match = AMOUNT.exec(amount);
  if (!match) throw new MalformedHorizonAnswer(`${what} is not a Stellar amount`);
  return BigInt(`${match[1]}${(match[2] ?? '').padEnd(STELLAR_AMOUNT_DECIMALS, '0')}`);
};

/** Stroops written the way operations take amounts (7 decimals). */
export const amountOfStroops = (stroops: bigint): string => {
  const digits = stroops.toString().padStart(STELLAR_AMOUNT_DECIMALS + 1, '0');
  return `${digits.slice(0, -STELLAR_AMOUNT_DECIMALS)}.${digits.slice(-STELLAR_AMOUNT_DECIMALS)}`;
};

const scaleOf = (token: StellarToken): bigint => 10n ** BigInt(STELLAR_AMOUNT_DECIMALS - token.decimals);

/** The registry's base units (USDC: 6 decimals) as stroops (7): exact. */
export const stroopsOfUnits = (token: StellarToken, units: bigint): bigint => units * scaleOf(token);

/** Stroops as the registry's base units, rounded down: a 7th decimal of USDC is dust no transfer can name. */
export const unitsOfStroops = (token: StellarToken, stroops: bigint): bigint => stroops / scaleOf(token);

/** The largest amount a Stellar operation carries (int64 stroops). */
export const MAX_STROOPS = 2n ** 63n - 1n;

export interface StellarAccount {
  readonly id: string;
  readonly sequence: bigint;
  readonly balances: readonly unknown[];
}

/** GET /accounts/{id}; `undefined` when the account does not exist (never funded, or merged). */
export const loadAccount = async (
  horizon: HorizonClient,
  id: string,
  signal: AbortSignal,
): Promise<StellarAccount | undefined> => {
  const found = await horizon.get(`/accounts/${encodeURIComponent(id)}`, signal);
  if (found === undefined) return undefined;
  const account = expectRecord(found, 'the account');
  if (account.account_id !== id) throw new MalformedHorizonAnswer('Horizon answered another account');
  return {
    id,
    sequence: expectInteger(account.sequence, 'sequence'),
    balances: expectList(account.balances, 'balances'),
  };
};

/** The account's balance line of the token, in stroops; `undefined` without one (no trustline). */
export const stroopsHeld = (account: StellarAccount, token: StellarToken): bigint | undefined => {
  for (const entry of account.balances) {
    const line = expectRecord(entry, 'a balance');
    const type = expectString(line.asset_type, 'asset_type');
    const matches = token.native
      ? type === 'native'
      : type !== 'native' && line.asset_code === token.asset.getCode() && line.asset_issuer === token.asset.getIssuer();
    if (matches) return stroopsOf(expectString(line.balance, 'balance'), 'balance');
  }
  return undefined;
};
