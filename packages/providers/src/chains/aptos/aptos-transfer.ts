import {
  AccountAddress,
  ChainId,
  EntryFunction,
  RawTransaction,
  SimpleTransaction,
  TransactionPayloadEntryFunction,
  U64,
  generateUserTransactionHash,
  parseTypeTag,
  type AccountAuthenticatorEd25519,
  type Ed25519Account,
} from '@aptos-labs/ts-sdk';
import type { ChainToken } from '../chain-gateway.js';
import { FUNGIBLE_ASSET_METADATA } from './aptos-reads.js';

export interface AptosMovement {
  readonly recipient: string;
  /** APT, or a fungible asset by its metadata object address (the registry's token addresses). */
  readonly token: ChainToken;
  readonly units: bigint;
}

/**
 * `0x1::aptos_account::transfer(to, amount)` for APT (it creates the recipient's account), else
 * `0x1::primary_fungible_store::transfer<Metadata>(metadata, to, amount)` between primary stores.
 */
export const aptosTransferPayloadOf = (movement: AptosMovement): TransactionPayloadEntryFunction => {
  const to = AccountAddress.from(movement.recipient);
  const amount = new U64(movement.units);
  const call = movement.token.native
    ? EntryFunction.build('0x1::aptos_account', 'transfer', [], [to, amount])
    : EntryFunction.build(
        '0x1::primary_fungible_store',
        'transfer',
        [parseTypeTag(FUNGIBLE_ASSET_METADATA)],
        [AccountAddress.from(movement.token.address), to, amount],
      );
  return new TransactionPayloadEntryFunction(call);
};

export interface AptosTransactionTerms {
  readonly sender: string;
  readonly sequenceNumber: bigint;
  readonly maxGasAmount: bigint;
  readonly gasUnitPrice: bigint;
  /** Seconds on the ledger's clock after which the chain refuses the transaction. */
  readonly expirationSecs: bigint;
  readonly chainId: number;
}

/** A single-signer transaction of the movement, built locally from terms read off the node. */
export const aptosTransactionOf = (movement: AptosMovement, terms: AptosTransactionTerms): SimpleTransaction =>
  new SimpleTransaction(
    new RawTransaction(
      AccountAddress.from(terms.sender),
      terms.sequenceNumber,
      aptosTransferPayloadOf(movement),
      terms.maxGasAmount,
      terms.gasUnitPrice,
      terms.expirationSecs,
      new ChainId(terms.chainId),
    ),
  );

export interface SignedAptosTransaction {
  readonly transaction: SimpleTransaction;
  readonly authenticator: AccountAuthenticatorEd25519;
  /** The transaction hash the chain will know it by. */
  readonly hash: string;
}

export const signAptosTransaction = (
  signer: Ed25519Account,
  transaction: SimpleTransaction,
): SignedAptosTransaction => {
  const authenticator = signer.signTransactionWithAuthenticator(transaction);
  return {
    transaction,
    authenticator,
    hash: generateUserTransactionHash({ transaction, senderAuthenticator: authenticator }),
  };
};
