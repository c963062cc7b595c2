import * as E from 'fp-ts/lib/Either.js';
import { SUI_TYPE_ARG, isValidTransactionDigest } from '@mysten/sui/utils';
import type { DomainError } from '@paykit/kernel';
import { normalizeAddress, normalizeTokenAddress, type ChainInfo } from '@paykit/wallets';
import type { ChainToken, IncomingTransfer } from '../chain-gateway.js';
import { transactionNotATransfer, transactionNotFound } from '../chain-errors.js';
import type { SuiChain } from './sui-chain.js';
import { MalformedSuiAnswer } from './sui-errors.js';
import { suiEffectsOf } from './sui-effects.js';
import { askNode, expectRecord, expectUnits } from './sui-reads.js';
import { checkpointOf, suiTransactionBlock } from './sui-status.js';

const tokenOfCoinType = (chain: ChainInfo, coinType: string): ChainToken => {
  const normalized = normalizeTokenAddress(chain, coinType);
  return normalized === normalizeTokenAddress(chain, SUI_TYPE_ARG)
    ? { native: true }
    : { native: false, address: normalized };
};

interface Receipt {
  readonly to: string;
  readonly coinType: string;
  readonly units: bigint;
}

/** The first address other than the sender whose balance of a coin grew (`balanceChanges`). */
const receiptOf = (changes: unknown, sender: string): Receipt | undefined => {
  if (!Array.isArray(changes)) throw new MalformedSuiAnswer('balanceChanges is not a list');
  for (const change of changes.map((entry) => expectRecord(entry, 'balance change'))) {
    const owner = (change.owner as { AddressOwner?: unknown } | null)?.AddressOwner;
    if (typeof owner !== 'string' || typeof change.coinType !== 'string' || typeof change.amount !== 'string') continue;
    if (change.amount.startsWith('-') || normalizeAddress('sui', owner) === sender) continue;
    const units = expectUnits(change.amount, 'balance change amount');
    if (units > 0n) return { to: normalizeAddress('sui', owner), coinType: change.coinType, units };
  }
  return undefined;
};

/**
 * A transfer as the node recorded it (`sui_getTransactionBlock` with its input, effects and
 * balance changes): the sender, and the first other address a coin balance grew for. A failed
 * transaction moved nothing, so it reads as no transfer. Sui transfers carry no memo.
 */
export const suiIncomingTransfer = async (
  chain: SuiChain,
  digest: string,
): Promise<E.Either<DomainError, IncomingTransfer>> => {
  if (!isValidTransactionDigest(digest)) return E.left(transactionNotFound(chain.info.name, digest));
  return E.flatten(
    await askNode(chain, async (): Promise<E.Either<DomainError, IncomingTransfer>> => {
      const found = await suiTransactionBlock(chain, digest, { showInput: true, showBalanceChanges: true });
      if (!found) return E.left(transactionNotFound(chain.info.name, digest));
      const sender = expectRecord(expectRecord(found.transaction, 'transaction').data, 'transaction.data').sender;
      if (typeof sender !== 'string') throw new MalformedSuiAnswer('a transaction without its sender');
      const from = normalizeAddress('sui', sender);
      const effects = suiEffectsOf(found.effects);
      const receipt = effects.ok ? receiptOf(found.balanceChanges, from) : undefined;
      if (!receipt)
        return E.left(transactionNotATransfer(digest, `transaction ${digest} moves no coin to another address`));
      const checkpoint = checkpointOf(found);
      const final = checkpoint !== undefined;
      return E.right({
        chain: chain.info.name,
        txId: digest,
        from,
        to: receipt.to,
        token: tokenOfCoinType(chain.info, receipt.coinType),
        baseUnits: receipt.units.toString(),
        status: 'success',
        confirmations: final ? chain.rule.confirmations : 0,
        final,
        ...(checkpoint !== undefined && { blockNumber: checkpoint }),
      });
    }),
  );
};
