import * as E from 'fp-ts/lib/Either.js';
import {
  AptosApiError,
  Deserializer,
  Hex,
  MimeType,
  SignedTransaction,
  postAptosFullNode,
  type PendingTransactionResponse,
  type PublicKey,
  type SimpleTransaction,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import { invalid, type DomainError } from '@paykit/kernel';
import type { TransferError } from '@paykit/transfers';
import type { AptosChain } from './aptos-chain.js';
import {
  AptosSequenceConflict,
  MalformedAptosAnswer,
  SEQUENCE_CONFLICT_CODES,
  aptosErrorCodeOf,
  aptosErrorMessageOf,
  aptosTransferErrorOf,
} from './aptos-errors.js';
import { aptosGasUnitPriceOf, aptosLedgerOf, aptosSequenceNumberOf, expectU64 } from './aptos-reads.js';
import {
  aptosTransactionOf,
  type AptosMovement,
  type AptosTransactionTerms,
  type SignedAptosTransaction,
} from './aptos-transfer.js';

/** Gas units a transaction may burn before simulation says how many it needs (the SDK's default). */
const SIMULATION_MAX_GAS = 200_000n;
/** The sent transaction may burn twice what its simulation used, and no less than the network's floor for a max. */
const GAS_HEADROOM = 2n;
const MIN_MAX_GAS = 2_000n;
/** How long (ledger seconds) a sent transaction may wait in the mempool before it expires. */
const EXPIRATION_SECS = 60n;

interface InFlight {
  readonly sequenceNumber: bigint;
  readonly expirationSecs: bigint;
}

/**
 * What each sender of each chain sent from this process that may still wait in the mempool:
 * the node's account counts committed transactions only, and two transfers may wait there at
 * once. One that expired never lands, so its sequence number is free again.
 */
export class InFlightTransactions {
  private readonly sent = new Map<string, readonly InFlight[]>();

  /** The number a new transaction takes: after the committed ones and this process's live ones. */
  next(chain: string, sender: string, committed: bigint, ledgerSecs: bigint): bigint {
    const key = `${chain}:${sender}`;
    const alive = (this.sent.get(key) ?? []).filter(
      (sent) => sent.sequenceNumber >= committed && sent.expirationSecs >= ledgerSecs,
    );
    this.sent.set(key, alive);
    return alive.reduce((most, sent) => (sent.sequenceNumber >= most ? sent.sequenceNumber + 1n : most), committed);
  }

  record(chain: string, sender: string, { sequenceNumber, expirationSecs }: InFlight): void {
    const key = `${chain}:${sender}`;
    this.sent.set(key, [...(this.sent.get(key) ?? []), { sequenceNumber, expirationSecs }]);
  }
}

export interface SenderTerms extends Omit<AptosTransactionTerms, 'maxGasAmount'> {
  /** The account's committed count: a simulation runs there (the prologue wants it exactly), a later send may not. */
  readonly committedSequenceNumber: bigint;
}

/** Chain id, expiration (ledger clock + 60 s), gas price and sequence number for a transaction of `sender`, read off the node. */
export const aptosTermsOf = async (
  chain: AptosChain,
  sender: string,
  inFlight: InFlightTransactions,
): Promise<SenderTerms> => {
  const [ledger, gasUnitPrice, committed] = await Promise.all([
    aptosLedgerOf(chain),
    aptosGasUnitPriceOf(chain),
    aptosSequenceNumberOf(chain, sender),
  ]);
  return {
    sender,
    sequenceNumber: inFlight.next(chain.info.name, sender, committed, ledger.timestampSecs),
    committedSequenceNumber: committed,
    gasUnitPrice,
    expirationSecs: ledger.timestampSecs + EXPIRATION_SECS,
    chainId: ledger.chainId,
  };
};

/**
 * `POST /transactions/simulate` of the movement at the committed sequence number, the node
 * estimating the max gas the sender can afford; with `signerPublicKey` the SDK's simulation
 * authenticator of that key, else the node's `NoAccountAuthenticator`.
 */
export const simulateAptos = async (
  chain: AptosChain,
  movement: AptosMovement,
  terms: SenderTerms,
  signerPublicKey?: PublicKey,
): Promise<UserTransactionResponse> => {
  const answer: unknown = await chain.aptos.transaction.simulate.simple({
    transaction: aptosTransactionOf(movement, {
      ...terms,
      sequenceNumber: terms.committedSequenceNumber,
      maxGasAmount: SIMULATION_MAX_GAS,
    }),
    ...(signerPublicKey && { signerPublicKey }),
    options: { estimateMaxGasAmount: true },
  });
  const first = Array.isArray(answer) ? (answer[0] as Partial<UserTransactionResponse> | undefined) : undefined;
  if (typeof first?.success !== 'boolean' || typeof first.vm_status !== 'string')
    throw new MalformedAptosAnswer('the simulation answered no outcome');
  expectU64(first.gas_used, 'gas_used');
  return first as UserTransactionResponse;
};

/** The transaction to send after a simulation: twice the gas it used as its maximum (at least the network's floor). */
export const sendableAptosTransaction = (
  movement: AptosMovement,
  terms: SenderTerms,
  simulated: UserTransactionResponse,
): SimpleTransaction => {
  const needed = BigInt(simulated.gas_used) * GAS_HEADROOM;
  return aptosTransactionOf(movement, { ...terms, maxGasAmount: needed > MIN_MAX_GAS ? needed : MIN_MAX_GAS });
};

/**
 * `POST /transactions` (BCS). A transaction the VM refuses at submission (`vm_error`) is a Left,
 * nothing sent; a sequence number the mempool has taken is `chain_unavailable` (retry); any other
 * answer of the node (4xx, 429) refused it. No usable answer (timeout, dropped connection, 5xx,
 * unreadable, another hash) leaves it unknown whether the mempool took it, so it is a Right too:
 * the caller counts it as submitted, since signing it again with the next sequence number could pay twice.
 */
export const submitAptos = async (
  chain: AptosChain,
  signed: SignedAptosTransaction,
): Promise<E.Either<TransferError, void>> => {
  try {
    await chain.aptos.transaction.submit.simple({
      transaction: signed.transaction,
      senderAuthenticator: signed.authenticator,
    });
  } catch (error) {
    const code = aptosErrorCodeOf(error);
    if (code === 'vm_error') return E.left(aptosTransferErrorOf(aptosErrorMessageOf(error)));
    if (code !== undefined && SEQUENCE_CONFLICT_CODES.has(code))
      throw new AptosSequenceConflict(aptosErrorMessageOf(error));
    if (error instanceof AptosApiError && error.status < 500) throw error;
  }
  return E.right(undefined);
};

/** Hex of a BCS `SignedTransaction`, read back with the SDK; else `invalid_transaction`. */
export const signedAptosBytesOf = (hex: string): E.Either<DomainError, Uint8Array> => {
  try {
    const bytes = Hex.fromHexInput(hex).toUint8Array();
    SignedTransaction.deserialize(new Deserializer(bytes));
    return E.right(bytes);
  } catch {
    return E.left(invalid('invalid_transaction', 'signedTransaction: not the hex of a BCS SignedTransaction'));
  }
};

/** A payer's signed transaction submitted as is; one the node refuses is `invalid_transaction` with its message. */
export const broadcastAptos = async (
  chain: AptosChain,
  bytes: Uint8Array,
): Promise<E.Either<DomainError, { readonly txId: string }>> => {
  try {
    const { data } = await postAptosFullNode<Uint8Array, PendingTransactionResponse>({
      aptosConfig: chain.aptos.config,
      body: bytes,
      path: 'transactions',
      originMethod: 'submitTransaction',
      contentType: MimeType.BCS_SIGNED_TRANSACTION,
    });
    if (typeof data?.hash !== 'string') throw new MalformedAptosAnswer('the submission answered no hash');
    return E.right({ txId: data.hash });
  } catch (error) {
    const code = aptosErrorCodeOf(error);
    if (code !== 'vm_error' && code !== 'invalid_input') throw error;
    return E.left(invalid('invalid_transaction', `signedTransaction: ${aptosErrorMessageOf(error)}`));
  }
};
