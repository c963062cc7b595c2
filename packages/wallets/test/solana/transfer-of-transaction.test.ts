import { ed25519 } from '@noble/curves/ed25519.js';
import {
  AccountRole,
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  getTransactionEncoder,
  getBase58Encoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
  type Instruction,
} from '@solana/kit';
import {
  compileSolanaTransaction,
  solanaAddressFromPublicKey,
  solanaTransactionMovements,
  solanaTransferTransaction,
} from '../../src/index.js';

const addressOf = (seed: number) =>
  solanaAddressFromPublicKey(ed25519.getPublicKey(new Uint8Array(32).fill(seed))) as string;

const WALLET = addressOf(3);
const RECIPIENT = addressOf(2);
const MINT = '6q2dykvfwg44cbduhrVae78Rgt5io2vUhqEVinF9Bv59';
const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const lifetime = new Uint8Array(32).fill(7);
const base58 = getBase58Decoder();

/** System Program instruction data: the u32 instruction index, then a u64 (lamports), both little-endian. */
const systemData = (index: number, amount: bigint, length = 12): Uint8Array => {
  const data = new Uint8Array(length);
  new DataView(data.buffer).setUint32(0, index, true);
  new DataView(data.buffer).setBigUint64(4, amount, true);
  return data;
};

const nativeTransfer = (programAddress: string, data: Uint8Array): Instruction => ({
  programAddress: programAddress as Address,
  accounts: [
    { address: WALLET as Address, role: AccountRole.WRITABLE_SIGNER },
    { address: RECIPIENT as Address, role: AccountRole.WRITABLE },
  ],
  data,
});

const serialized = (...instructions: Instruction[]) =>
  compileSolanaTransaction(WALLET as Address, instructions, lifetime).transaction;

const transfer = (token: Parameters<typeof solanaTransferTransaction>[0]['token'], memo?: string) =>
  solanaTransferTransaction({
    wallet: { address: WALLET, walletType: 'mpc' },
    signers: [],
    recipient: RECIPIENT,
    token,
    baseUnits: 1_500_000_001n,
    lifetime,
    ...(memo === undefined ? {} : { memo }),
  }).transaction;

describe('the native movements a serialized Solana transaction makes', () => {
  it('reads a System Program transfer as from, to and lamports, with no other program', () => {
    expect(solanaTransactionMovements(transfer({ native: true }))).toEqual({
      movements: [{ from: WALLET, to: RECIPIENT, lamports: 1_500_000_001n }],
      otherPrograms: [],
    });
  });

  it('lists every instruction that is not a native transfer by its program, in order', () => {
    expect(solanaTransactionMovements(transfer({ native: true }, 'order 42'))).toEqual({
      movements: [{ from: WALLET, to: RECIPIENT, lamports: 1_500_000_001n }],
      otherPrograms: [MEMO_PROGRAM],
    });
    const token = solanaTransactionMovements(transfer({ native: false, mint: MINT, decimals: 6 }));
    expect(token?.movements).toEqual([]);
    expect(token?.otherPrograms).toContain(TOKEN_PROGRAM);
    expect(token?.otherPrograms).not.toContain('11111111111111111111111111111111');
  });

  it('answers null for what is not a transaction', () => {
    expect(solanaTransactionMovements('')).toBeNull();
    expect(solanaTransactionMovements('not base58: 0OIl')).toBeNull();
    expect(solanaTransactionMovements('3yZe7d')).toBeNull();
  });

  it('reads a legacy (unversioned) transaction as it reads a v0 one', () => {
    const message = pipe(
      createTransactionMessage({ version: 'legacy' }),
      (draft) => setTransactionMessageFeePayer(WALLET as Address, draft),
      (draft) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: base58.decode(lifetime) as Blockhash, lastValidBlockHeight: 0n },
          draft,
        ),
      (draft) => appendTransactionMessageInstructions([nativeTransfer(SYSTEM_PROGRAM, systemData(2, 42n))], draft),
    );
    const legacy = base58.decode(getTransactionEncoder().encode(compileTransaction(message)));
    expect(solanaTransactionMovements(legacy)).toEqual({
      movements: [{ from: WALLET, to: RECIPIENT, lamports: 42n }],
      otherPrograms: [],
    });
  });

  it('reads only the System Program: the same bytes sent to another program move nothing', () => {
    expect(solanaTransactionMovements(serialized(nativeTransfer(TOKEN_PROGRAM, systemData(2, 42n))))).toEqual({
      movements: [],
      otherPrograms: [TOKEN_PROGRAM],
    });
  });

  it('reads only the transfer instruction (index 2, 12 bytes) of the System Program', () => {
    // WithdrawNonceAccount (index 5) has the transfer's layout: u32 index, u64 lamports.
    const withdrawNonce = nativeTransfer(SYSTEM_PROGRAM, systemData(5, 42n));
    expect(solanaTransactionMovements(serialized(withdrawNonce))).toEqual({
      movements: [],
      otherPrograms: [SYSTEM_PROGRAM],
    });
    const longerTransfer = nativeTransfer(SYSTEM_PROGRAM, systemData(2, 42n, 16));
    expect(solanaTransactionMovements(serialized(longerTransfer))).toEqual({
      movements: [],
      otherPrograms: [SYSTEM_PROGRAM],
    });
  });

  it('names an instruction whose program is not among the static accounts as an address lookup table', () => {
    const wire = getBase58Encoder().encode(serialized(nativeTransfer(SYSTEM_PROGRAM, systemData(2, 42n))));
    const transaction = getTransactionDecoder().decode(wire);
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
    if (message.version !== 0) throw new Error(`expected a v0 message, got version ${String(message.version)}`);
    const pastTheStaticAccounts = {
      ...message,
      instructions: message.instructions.map((instruction) => ({
        ...instruction,
        programAddressIndex: message.staticAccounts.length,
      })),
    };
    const tampered = getTransactionEncoder().encode({
      ...transaction,
      messageBytes: getCompiledTransactionMessageEncoder().encode(
        pastTheStaticAccounts,
      ) as typeof transaction.messageBytes,
    });
    expect(solanaTransactionMovements(base58.decode(tampered))).toEqual({
      movements: [],
      otherPrograms: ['an address lookup table'],
    });
  });
});
