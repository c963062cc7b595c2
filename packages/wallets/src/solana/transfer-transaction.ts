import {
  AccountRole,
  type Address,
  type Instruction,
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  getBase58Decoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
} from '@solana/kit';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { SOLANA_SMART_ACCOUNT_PROGRAM, findProgramDerivedAddress, solanaAddressBytes } from '../addresses/solana.js';

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL' as Address;
const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr' as Address;
/** Anchor-style discriminator of the smart-account program's `execute` instruction. */
const EXECUTE = sha256(utf8ToBytes('global:execute')).slice(0, 8);

export interface SolanaTransferInput {
  /** The sending wallet: a smart account (program-derived, signs through its program) or a key (MPC). */
  readonly wallet: { readonly address: string; readonly walletType: 'smart' | 'mpc' };
  /** Who signs the transaction, fee payer first: the approving signers of a smart wallet. MPC: ignored. */
  readonly signers: readonly string[];
  readonly recipient: string;
  /** The native currency (lamports), or an SPL token by mint. */
  readonly token:
    { readonly native: true } | { readonly native: false; readonly mint: string; readonly decimals: number };
  readonly baseUnits: bigint;
  readonly memo?: string;
  /** 32 bytes that stand in the recent-blockhash slot: they bind the transaction to one transfer. */
  readonly lifetime: Uint8Array;
}

export interface SolanaTransferTransaction {
  /** The unsigned `VersionedTransaction` (v0) in wire format, base58: what wallets deserialize and sign. */
  readonly transaction: string;
  /** Its message bytes, base58: what an Ed25519 signer's signature covers (`message.serialize()`). */
  readonly message: string;
}

const u64 = (value: bigint): Uint8Array => {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return bytes;
};

const associatedTokenAccount = (owner: string, mint: string): Address =>
  findProgramDerivedAddress(ASSOCIATED_TOKEN_PROGRAM, [
    solanaAddressBytes(owner as Address),
    solanaAddressBytes(TOKEN_PROGRAM),
    solanaAddressBytes(mint as Address),
  ]).address;

/** System Program `transfer` (index 2) or SPL Token `transferChecked` (index 12), moving funds out of `from`. */
const movementOf = (input: SolanaTransferInput, fromRole: AccountRole): Instruction => {
  const from = input.wallet.address as Address;
  if (input.token.native) {
    return {
      programAddress: SYSTEM_PROGRAM,
      accounts: [
        { address: from, role: fromRole === AccountRole.READONLY ? AccountRole.WRITABLE : AccountRole.WRITABLE_SIGNER },
        { address: input.recipient as Address, role: AccountRole.WRITABLE },
      ],
      data: Uint8Array.of(2, 0, 0, 0, ...u64(input.baseUnits)),
    };
  }
  const { mint, decimals } = input.token;
  return {
    programAddress: TOKEN_PROGRAM,
    accounts: [
      { address: associatedTokenAccount(from, mint), role: AccountRole.WRITABLE },
      { address: mint as Address, role: AccountRole.READONLY },
      { address: associatedTokenAccount(input.recipient, mint), role: AccountRole.WRITABLE },
      { address: from, role: fromRole },
    ],
    data: Uint8Array.of(12, ...u64(input.baseUnits), decimals),
  };
};

/**
 * A smart account moves funds through its program, which signs for the program-derived wallet:
 * `execute` lists the wallet, the approving signers, then the inner instruction's program and
 * accounts, with the inner instruction's data after the discriminator.
 */
const executeThroughSmartAccount = (input: SolanaTransferInput, inner: Instruction): Instruction => ({
  programAddress: SOLANA_SMART_ACCOUNT_PROGRAM,
  accounts: [
    { address: input.wallet.address as Address, role: AccountRole.WRITABLE },
    ...input.signers.map((signer) => ({ address: signer as Address, role: AccountRole.READONLY_SIGNER })),
    { address: inner.programAddress, role: AccountRole.READONLY },
    ...(inner.accounts ?? []),
  ],
  data: Uint8Array.of(...EXECUTE, (inner.accounts ?? []).length, ...(inner.data ?? [])),
});

const memoOf = (memo: string): Instruction => ({ programAddress: MEMO_PROGRAM, accounts: [], data: utf8ToBytes(memo) });

/**
 * The Solana transaction a transfer executes, as a real v0 `VersionedTransaction`: what the
 * public SDK's Solana signers deserialize and sign. MPC wallets sign it with their own key (fee
 * payer and owner); smart wallets through their program, approved by their signers (fee payer:
 * the first). Deterministic in its input.
 */
export const solanaTransferTransaction = (input: SolanaTransferInput): SolanaTransferTransaction => {
  const smart = input.wallet.walletType === 'smart';
  const feePayer = (smart ? input.signers[0] : input.wallet.address) as Address | undefined;
  if (feePayer === undefined) throw new Error('a smart-account transaction needs at least one signer');
  const movement = smart
    ? executeThroughSmartAccount(input, movementOf(input, AccountRole.READONLY))
    : movementOf(input, AccountRole.READONLY_SIGNER);
  return compileSolanaTransaction(
    feePayer,
    [movement, ...(input.memo === undefined ? [] : [memoOf(input.memo)])],
    input.lifetime,
  );
};

/**
 * An unsigned v0 transaction of `instructions` paid by `feePayer`, with 32 bytes of ours in the
 * recent-blockhash slot (they bind it to one approval: ADR 0442), and its message bytes.
 */
export const compileSolanaTransaction = (
  feePayer: Address,
  instructions: readonly Instruction[],
  lifetime: Uint8Array,
): SolanaTransferTransaction => {
  if (lifetime.length !== 32) throw new Error('the lifetime stand-in must be 32 bytes');
  const base58 = getBase58Decoder();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayer(feePayer, draft),
    (draft) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: base58.decode(lifetime) as Blockhash, lastValidBlockHeight: 0n },
        draft,
      ),
    (draft) => appendTransactionMessageInstructions(instructions, draft),
  );
  const compiled = compileTransaction(message);
  return {
    transaction: base58.decode(getTransactionEncoder().encode(compiled)),
    message: base58.decode(compiled.messageBytes),
  };
};
