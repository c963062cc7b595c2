import {
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Blockhash,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token';
import type { Memo } from '@paykit/transfers';

export const MEMO_PROGRAM_ADDRESS = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

export interface SolanaMovement {
  readonly recipient: Address;
  /** The lamports, or an SPL token (classic Token program) by mint. */
  readonly token:
    { readonly native: true } | { readonly native: false; readonly mint: Address; readonly decimals: number };
  readonly units: bigint;
  readonly memo?: Memo;
}

/** The associated token account of an owner for a mint (classic Token program). */
export const associatedTokenAccountOf = async (owner: Address, mint: Address): Promise<Address> =>
  (await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0];

/** Memo program data: the text, or `<type>:<value>` for ids and hashes (the EVM trailer's form). */
export const memoDataOf = (memo: Memo): string => (memo.type === 'text' ? memo.value : `${memo.type}:${memo.value}`);

const memoInstruction = (memo: Memo): Instruction => ({
  programAddress: MEMO_PROGRAM_ADDRESS,
  accounts: [],
  data: new TextEncoder().encode(memoDataOf(memo)),
});

/**
 * System Program `transfer`, or SPL `transferChecked` between associated token accounts after an
 * idempotent creation of the recipient's (the sender pays its rent, as wallets do); a memo adds
 * a Memo-program instruction.
 */
export const solanaTransferInstructions = async (
  sender: TransactionSigner,
  movement: SolanaMovement,
): Promise<Instruction[]> => {
  const memo = movement.memo ? [memoInstruction(movement.memo)] : [];
  if (movement.token.native)
    return [
      getTransferSolInstruction({ source: sender, destination: movement.recipient, amount: movement.units }),
      ...memo,
    ];
  const { mint, decimals } = movement.token;
  const source = await associatedTokenAccountOf(sender.address, mint);
  const destination = await associatedTokenAccountOf(movement.recipient, mint);
  return [
    getCreateAssociatedTokenIdempotentInstruction({ payer: sender, ata: destination, owner: movement.recipient, mint }),
    getTransferCheckedInstruction({ source, mint, destination, authority: sender, amount: movement.units, decimals }),
    ...memo,
  ];
};

export interface SignedSolanaTransfer {
  readonly signature: string;
  /** Base64 wire transaction, what `sendTransaction` takes. */
  readonly wire: string;
}

/** A v0 transaction of the movement, paid and signed by the sender, alive until `lastValidBlockHeight`. */
export const signSolanaTransfer = async (
  sender: TransactionSigner,
  movement: SolanaMovement,
  lifetime: { readonly blockhash: Blockhash; readonly lastValidBlockHeight: bigint },
): Promise<SignedSolanaTransfer> => {
  const instructions = await solanaTransferInstructions(sender, movement);
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayerSigner(sender, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(lifetime, draft),
    (draft) => appendTransactionMessageInstructions(instructions, draft),
  );
  const transaction = await signTransactionMessageWithSigners(message);
  return { signature: getSignatureFromTransaction(transaction), wire: getBase64EncodedWireTransaction(transaction) };
};
