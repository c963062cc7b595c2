import { ed25519 } from '@noble/curves/ed25519.js';
import { solanaAddressFromPublicKey, solanaTransactionMovements, solanaTransferTransaction } from '../../src/index.js';

const addressOf = (seed: number) =>
  solanaAddressFromPublicKey(ed25519.getPublicKey(new Uint8Array(32).fill(seed))) as string;

const WALLET = addressOf(3);
const RECIPIENT = addressOf(2);
const MINT = '6q2dykvfwg44cbduhrVae78Rgt5io2vUhqEVinF9Bv59';
const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const lifetime = new Uint8Array(32).fill(7);

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
});
