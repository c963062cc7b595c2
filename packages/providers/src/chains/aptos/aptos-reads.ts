import * as E from 'fp-ts/lib/Either.js';
import {
  getAptosFullNode,
  type AccountData,
  type GasEstimation,
  type LedgerInfo,
  type MoveValue,
} from '@aptos-labs/ts-sdk';
import type { DomainError } from '@paykit/kernel';
import { findTokenByAddress } from '@paykit/wallets';
import type { ChainToken } from '../chain-gateway.js';
import type { AptosChain } from './aptos-chain.js';
import { MalformedAptosAnswer, aptosErrorCodeOf, aptosNodeFailure } from './aptos-errors.js';

/** One node call (or several); a failure is the node's fault (ADR 0931). */
export const askNode = async <A>(chain: AptosChain, call: () => Promise<A>): Promise<E.Either<DomainError, A>> => {
  try {
    return E.right(await call());
  } catch (error) {
    return E.left(aptosNodeFailure(chain.info.name, error));
  }
};

const U64 = /^(0|[1-9]\d*)$/;

/** Throws `MalformedAptosAnswer` (so `chain_invalid_response`) unless the value is a u64 as the API writes it (a decimal string). */
export const expectU64 = (value: unknown, what: string): bigint => {
  if (typeof value !== 'string' || !U64.test(value)) throw new MalformedAptosAnswer(`${what} is not a u64 string`);
  return BigInt(value);
};

const expectObject = <T>(value: unknown, what: string): T => {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new MalformedAptosAnswer(`${what} is not an object`);
  return value as T;
};

/** `GET /`: the chain id (the network's, else the node is another network's) and the ledger's time (the clock transaction expirations are measured on), in seconds. */
export const aptosLedgerOf = async (chain: AptosChain): Promise<{ chainId: number; timestampSecs: bigint }> => {
  // Not `aptos.getLedgerInfo()`: the SDK caches its answer per network name for 10 s, for every instance.
  const { data } = await getAptosFullNode<object, LedgerInfo>({
    aptosConfig: chain.aptos.config,
    originMethod: 'getLedgerInfo',
    path: '',
  });
  const ledger = expectObject<LedgerInfo>(data, 'the ledger info');
  if (ledger.chain_id !== chain.chainId)
    throw new MalformedAptosAnswer(`the node serves chain id ${String(ledger.chain_id)}, not ${chain.chainId}`);
  return {
    chainId: ledger.chain_id,
    timestampSecs: expectU64(ledger.ledger_timestamp, 'ledger_timestamp') / 1_000_000n,
  };
};

/** `GET /estimate_gas_price`: octas per gas unit (uncached, unlike `aptos.getGasPriceEstimation()`). */
export const aptosGasUnitPriceOf = async (chain: AptosChain): Promise<bigint> => {
  const { data } = await getAptosFullNode<object, GasEstimation>({
    aptosConfig: chain.aptos.config,
    originMethod: 'getGasPriceEstimation',
    path: 'estimate_gas_price',
  });
  const estimate = expectObject<GasEstimation>(data, 'the gas estimate').gas_estimate;
  if (!Number.isSafeInteger(estimate) || estimate <= 0)
    throw new MalformedAptosAnswer('gas_estimate is not a positive integer');
  return BigInt(estimate);
};

/** `GET /accounts/{address}`: the next sequence number; an account not created yet starts at 0. */
export const aptosSequenceNumberOf = async (chain: AptosChain, address: string): Promise<bigint> => {
  try {
    const { data } = await getAptosFullNode<object, AccountData>({
      aptosConfig: chain.aptos.config,
      originMethod: 'getInfo',
      path: `accounts/${address}`,
    });
    return expectU64(expectObject<AccountData>(data, 'the account').sequence_number, 'sequence_number');
  } catch (error) {
    if (aptosErrorCodeOf(error) === 'account_not_found') return 0n;
    throw error;
  }
};

/** APT: the framework's coin type (its balance counts the paired fungible asset too). */
export const APTOS_COIN = '0x1::aptos_coin::AptosCoin' as const;
/** The type a fungible asset's metadata object is named by. */
export const FUNGIBLE_ASSET_METADATA = '0x1::fungible_asset::Metadata' as const;

type MoveId = `${string}::${string}::${string}`;

const viewOf = async (
  chain: AptosChain,
  fn: MoveId,
  typeArguments: MoveId[],
  functionArguments: string[],
): Promise<MoveValue> => {
  const answer: unknown = await chain.aptos.viewJson({ payload: { function: fn, typeArguments, functionArguments } });
  if (!Array.isArray(answer) || answer.length !== 1) throw new MalformedAptosAnswer(`${fn} answered no value`);
  return answer[0] as MoveValue;
};

/** The registry's decimals, else the asset metadata's (`fungible_asset::decimals`). */
export const aptosDecimalsOf = (chain: AptosChain, token: ChainToken): Promise<E.Either<DomainError, number>> => {
  if (token.native) return Promise.resolve(E.right(chain.info.nativeCurrency.decimals));
  const known = findTokenByAddress(chain.info, token.address);
  if (known) return Promise.resolve(E.right(known.decimals));
  return askNode(chain, async () => {
    const decimals = await viewOf(chain, '0x1::fungible_asset::decimals', [FUNGIBLE_ASSET_METADATA], [token.address]);
    if (typeof decimals !== 'number' || !Number.isInteger(decimals))
      throw new MalformedAptosAnswer('decimals is not an integer');
    return decimals;
  });
};

/** Octas (`coin::balance<AptosCoin>`), or the owner's primary store of the asset (`primary_fungible_store::balance`; none yet: 0). */
export const aptosUnitsOf = (
  chain: AptosChain,
  owner: string,
  token: ChainToken,
): Promise<E.Either<DomainError, bigint>> =>
  askNode(chain, async () => {
    const value = token.native
      ? await viewOf(chain, '0x1::coin::balance', [APTOS_COIN], [owner])
      : await viewOf(chain, '0x1::primary_fungible_store::balance', [FUNGIBLE_ASSET_METADATA], [owner, token.address]);
    return expectU64(value, 'the balance');
  });
