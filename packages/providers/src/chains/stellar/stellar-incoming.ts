import * as E from 'fp-ts/lib/Either.js';
import { Asset } from '@stellar/stellar-sdk';
import type { DomainError } from '@paykit/kernel';
import type { Memo } from '@paykit/transfers';
import type { ChainToken, IncomingTransfer } from '../chain-gateway.js';
import { transactionNotATransfer, transactionNotFound } from '../chain-errors.js';
import { MalformedHorizonAnswer, expectList, expectRecord, expectString } from './horizon-client.js';
import type { StellarChain } from './stellar-chain.js';
import { askHorizon, stroopsOf, unitsOfStroops } from './stellar-reads.js';
import { isStellarTxHash, loadTransaction } from './stellar-status.js';

interface Movement {
  readonly from: string;
  readonly to: string;
  readonly token: ChainToken;
  readonly units: bigint;
}

/**
 * An operation record's asset as the port names tokens: `native`, or the asset's Stellar Asset
 * Contract id (the registry's token addresses); amounts in the registry's decimals when it knows
 * the asset, else in stroops.
 */
const movementOf = (chain: StellarChain, operation: Record<string, unknown>): Movement | undefined => {
  if (operation.type === 'create_account')
    return {
      from: expectString(operation.funder, 'funder'),
      to: expectString(operation.account, 'account'),
      token: { native: true },
      units: stroopsOf(expectString(operation.starting_balance, 'starting_balance'), 'starting_balance'),
    };
  if (operation.type !== 'payment') return undefined;
  const stroops = stroopsOf(expectString(operation.amount, 'amount'), 'amount');
  const from = expectString(operation.from, 'from');
  const to = expectString(operation.to, 'to');
  if (operation.asset_type === 'native') return { from, to, token: { native: true }, units: stroops };
  const asset = new Asset(
    expectString(operation.asset_code, 'asset_code'),
    expectString(operation.asset_issuer, 'asset_issuer'),
  );
  const address = asset.contractId(chain.networkPassphrase);
  const known = chain.assets.get(address);
  const units = known ? unitsOfStroops({ native: false, asset, decimals: known.decimals }, stroops) : stroops;
  return { from, to, token: { native: false, address }, units };
};

/** Horizon's `memo_type` and `memo` (a hash memo is base64 there; the port writes it in hex). A refund's `return` memo matches no order. */
const memoOf = (record: Record<string, unknown>): Memo | undefined => {
  const value = record.memo;
  switch (record.memo_type) {
    case 'text':
      return { type: 'text', value: expectString(value, 'memo') };
    case 'id':
      return { type: 'id', value: expectString(value, 'memo') };
    case 'hash':
      return { type: 'hash', value: Buffer.from(expectString(value, 'memo'), 'base64').toString('hex') };
    case 'none':
    case 'return':
    case undefined:
      return undefined;
    default:
      throw new MalformedHorizonAnswer('memo_type is not none, text, id, hash or return');
  }
};

/**
 * A transfer as the ledger recorded it: GET /transactions/{hash} (memo, outcome, ledger) and
 * GET /transactions/{hash}/operations (the first `payment` or `create_account`). Horizon shows
 * only ledger-included transactions, so a found transfer is final.
 */
export const stellarIncomingTransfer = async (
  chain: StellarChain,
  txId: string,
): Promise<E.Either<DomainError, IncomingTransfer>> => {
  if (!isStellarTxHash(txId)) return E.left(transactionNotFound(chain.info.name, txId));
  return E.flatten(
    await askHorizon(chain, async (horizon, signal): Promise<E.Either<DomainError, IncomingTransfer>> => {
      const transaction = await loadTransaction(horizon, txId, signal);
      if (!transaction) return E.left(transactionNotFound(chain.info.name, txId));
      const page = expectRecord(await horizon.get(`/transactions/${txId}/operations`, signal), 'the operations page');
      const records = expectList(expectRecord(page._embedded, '_embedded').records, 'records');
      const movement = records
        .map((entry) => movementOf(chain, expectRecord(entry, 'an operation')))
        .find((found) => found !== undefined);
      if (!movement)
        return E.left(transactionNotATransfer(txId, `transaction ${txId} is not a payment or account creation`));
      const memo = memoOf(transaction.record);
      return E.right({
        chain: chain.info.name,
        txId,
        from: movement.from,
        to: movement.to,
        token: movement.token,
        baseUnits: movement.units.toString(),
        ...(memo && { memo }),
        status: transaction.successful ? 'success' : 'failed',
        confirmations: chain.rule.confirmations,
        final: true,
        blockNumber: transaction.ledger,
      });
    }),
  );
};
