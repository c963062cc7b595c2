import {
  Account,
  Asset,
  Memo as StellarMemo,
  Operation,
  TransactionBuilder,
  type Keypair,
  type Transaction,
  type xdr,
} from '@stellar/stellar-sdk';
import type { Memo } from '@paykit/transfers';
import type { StellarChain } from './stellar-chain.js';
import { amountOfStroops, stroopsOfUnits, type StellarToken } from './stellar-reads.js';

export interface StellarMovement {
  readonly recipient: string;
  readonly token: StellarToken;
  /** The registry's base units (XLM: stroops; USDC: 6 decimals). */
  readonly units: bigint;
  readonly memo?: Memo;
}

/** The memo field: text (28 bytes), id (uint64) or hash (32 bytes), as the transfers domain validated it. */
export const stellarMemoOf = (memo: Memo | undefined): StellarMemo => {
  if (!memo) return StellarMemo.none();
  switch (memo.type) {
    case 'text':
      return StellarMemo.text(memo.value);
    case 'id':
      return StellarMemo.id(memo.value);
    case 'hash':
      return StellarMemo.hash(memo.value);
  }
};

/**
 * One operation: `payment` of XLM or the asset; XLM to an account that does not exist yet is
 * `createAccount` (the amount is its starting balance, at least the base reserve). A transfer
 * of nothing, which a payment cannot carry, is a `bumpSequence` to 0: a valid no-op transaction
 * (ADR 0811, 0933).
 */
export const stellarOperationOf = (movement: StellarMovement, destinationExists: boolean): xdr.Operation => {
  if (movement.units === 0n) return Operation.bumpSequence({ bumpTo: '0' });
  const amount = amountOfStroops(stroopsOfUnits(movement.token, movement.units));
  if (movement.token.native && !destinationExists)
    return Operation.createAccount({ destination: movement.recipient, startingBalance: amount });
  const asset = movement.token.native ? Asset.native() : movement.token.asset;
  return Operation.payment({ destination: movement.recipient, asset, amount });
};

export interface StellarTransferPlan {
  readonly source: { readonly id: string; readonly sequence: bigint };
  readonly movement: StellarMovement;
  readonly destinationExists: boolean;
  /** The fee bid per operation, in stroops. */
  readonly feePerOperation: bigint;
  /** Unix seconds after which no ledger takes the transaction. */
  readonly maxTime: number;
}

/** The transaction of a plan; signed when a key is given. */
export const stellarTransactionOf = (chain: StellarChain, plan: StellarTransferPlan, signer?: Keypair): Transaction => {
  const transaction = new TransactionBuilder(new Account(plan.source.id, plan.source.sequence.toString()), {
    fee: plan.feePerOperation.toString(),
    networkPassphrase: chain.networkPassphrase,
    timebounds: { minTime: 0, maxTime: plan.maxTime },
    memo: stellarMemoOf(plan.movement.memo),
  })
    .addOperation(stellarOperationOf(plan.movement, plan.destinationExists))
    .build();
  if (signer) transaction.sign(signer);
  return transaction;
};
