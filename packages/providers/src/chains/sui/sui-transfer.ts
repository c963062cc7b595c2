import * as E from 'fp-ts/lib/Either.js';
import { Transaction } from '@mysten/sui/transactions';
import { SUI_TYPE_ARG } from '@mysten/sui/utils';
import type { TransferError } from '@paykit/transfers';
import type { ChainToken } from '../chain-gateway.js';
import type { SuiChain } from './sui-chain.js';
import { suiCoinsOf, type OwnedCoin } from './sui-reads.js';

export interface SuiMovement {
  readonly sender: string;
  readonly recipient: string;
  /** The native SUI, or a coin by its (normalized) coin type. */
  readonly token: ChainToken;
  readonly units: bigint;
}

/** What a transfer pays with: the gas coins, the coins of the token moved, the gas price and a budget ceiling. */
export interface SuiTransferPlan {
  readonly movement: SuiMovement;
  readonly gasPrice: bigint;
  readonly gasCoins: readonly OwnedCoin[];
  readonly tokenCoins: readonly OwnedCoin[];
  readonly budget: bigint;
}

/** 0.05 SUI: a coin transfer costs a few thousandths; the dry run tells the real cost. */
const MAX_GAS_BUDGET = 50_000_000n;
/** Below this many gas units at the gas price no transaction runs (Sui's minimum computation charge). */
const MIN_GAS_UNITS = 1_000n;

const sum = (coins: readonly OwnedCoin[]): bigint => coins.reduce((total, coin) => total + coin.balance, 0n);

const shortfall = (message: string): E.Either<TransferError, SuiTransferPlan> =>
  E.left({ reason: 'insufficient_funds', message });

/**
 * The sender's coins for a transfer (`suix_getCoins`) and the gas price. What no transaction could
 * pay for is refused here: SUI that cannot cover the amount and the least gas, or no coin of the
 * token at all. Everything else is the dry run's to judge (a token total below the amount fails
 * it with `InsufficientCoinBalance`).
 */
export const planSuiTransfer = async (
  chain: SuiChain,
  movement: SuiMovement,
): Promise<E.Either<TransferError, SuiTransferPlan>> => {
  const gasPrice = await chain.client.getReferenceGasPrice();
  const nativeUnits = movement.token.native ? movement.units : 0n;
  const gasCoins = await suiCoinsOf(chain, movement.sender, SUI_TYPE_ARG, nativeUnits + MAX_GAS_BUDGET);
  const tokenCoins = movement.token.native
    ? []
    : await suiCoinsOf(chain, movement.sender, movement.token.address, movement.units);
  const room = sum(gasCoins) - nativeUnits;
  if (room < gasPrice * MIN_GAS_UNITS)
    return shortfall(`the sender's SUI does not cover ${movement.units} MIST and the gas`);
  if (!movement.token.native && tokenCoins.length === 0)
    return shortfall(`the sender holds no ${movement.token.address}`);
  const budget = room < MAX_GAS_BUDGET ? room : MAX_GAS_BUDGET;
  return E.right({ movement, gasPrice, gasCoins, tokenCoins, budget });
};

const refOf = (coin: OwnedCoin) => ({ objectId: coin.objectId, version: coin.version, digest: coin.digest });

/**
 * A programmable transaction: SUI split from the gas coin, or the token's coins merged into the
 * first and the amount split from it; the new coin transferred to the recipient. `expirationEpoch`:
 * the last epoch it may execute in (ADR 0932: a transaction the node never knew is lost after it).
 */
export const buildSuiTransfer = (
  plan: SuiTransferPlan,
  budget: bigint,
  expirationEpoch?: bigint,
): Promise<Uint8Array> => {
  const { movement, gasPrice, gasCoins, tokenCoins } = plan;
  const tx = new Transaction();
  tx.setSender(movement.sender);
  tx.setGasPrice(gasPrice);
  tx.setGasBudget(budget);
  tx.setGasPayment(gasCoins.map(refOf));
  if (expirationEpoch !== undefined) tx.setExpiration({ Epoch: Number(expirationEpoch) });
  const [primary, ...rest] = tokenCoins;
  const source = primary ? tx.objectRef(refOf(primary)) : tx.gas;
  if (primary && rest.length > 0)
    tx.mergeCoins(
      source,
      rest.map((coin) => tx.objectRef(refOf(coin))),
    );
  const [moved] = tx.splitCoins(source, [movement.units]);
  tx.transferObjects([moved!], movement.recipient);
  return tx.build();
};
