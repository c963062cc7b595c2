import { ed25519 } from '@noble/curves/ed25519.js';
import { getBase58Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit';
import {
  solanaAddressFromPublicKey,
  solanaSmartAccountAddress,
  solanaTransferTransaction,
  verifyEd25519,
} from '../../src/index.js';

const keyOf = (seed: number) => {
  const secret = new Uint8Array(32).fill(seed);
  const publicKey = ed25519.getPublicKey(secret);
  return { secret, publicKey, address: solanaAddressFromPublicKey(publicKey) as string };
};

const SIGNER = keyOf(1);
const RECIPIENT = keyOf(2).address;
const MPC_WALLET = keyOf(3);
const SMART_WALLET: string = solanaSmartAccountAddress(
  SIGNER.address as Parameters<typeof solanaSmartAccountAddress>[0],
  0n,
);
const MINT = '6q2dykvfwg44cbduhrVae78Rgt5io2vUhqEVinF9Bv59';
const lifetime = new Uint8Array(32).fill(7);
const base58 = getBase58Encoder();

const decoded = (built: { transaction: string }) => {
  const transaction = getTransactionDecoder().decode(base58.encode(built.transaction));
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  if (message.version !== 0) throw new Error(`expected a v0 message, got version ${String(message.version)}`);
  return { transaction, message };
};

describe('the Solana transaction a transfer executes', () => {
  it('is a v0 transaction whose required signer is the approving signer, and whose message it signs', () => {
    const built = solanaTransferTransaction({
      wallet: { address: SMART_WALLET, walletType: 'smart' },
      signers: [SIGNER.address],
      recipient: RECIPIENT,
      token: { native: false, mint: MINT, decimals: 6 },
      baseUnits: 1_500_000n,
      memo: 'order 9',
      lifetime,
    });
    const { transaction, message } = decoded(built);
    expect(message.version).toBe(0);
    expect(message.header.numSignerAccounts).toBe(1);
    expect(message.staticAccounts[0]).toBe(SIGNER.address);
    expect(message.staticAccounts).toEqual(expect.arrayContaining([SMART_WALLET, MINT]));
    expect(Object.keys(transaction.signatures)).toEqual([SIGNER.address]);
    expect(Buffer.from(base58.encode(built.message))).toEqual(Buffer.from(transaction.messageBytes));
    expect(Buffer.from(base58.encode(message.lifetimeToken))).toEqual(Buffer.from(lifetime));
    expect(message.instructions).toHaveLength(2);
    const signature = ed25519.sign(new Uint8Array(transaction.messageBytes), SIGNER.secret);
    expect(verifyEd25519(SIGNER.publicKey, new Uint8Array(base58.encode(built.message)), signature)).toBe(true);
  });

  it('has an MPC wallet pay and sign a native transfer itself: System Program transfer of the lamports', () => {
    const built = solanaTransferTransaction({
      wallet: { address: MPC_WALLET.address, walletType: 'mpc' },
      signers: [],
      recipient: RECIPIENT,
      token: { native: true },
      baseUnits: 42n,
      lifetime,
    });
    const { message } = decoded(built);
    expect(message.staticAccounts.slice(0, 1)).toEqual([MPC_WALLET.address]);
    expect(message.header.numSignerAccounts).toBe(1);
    const [instruction] = message.instructions;
    expect(message.staticAccounts[instruction?.programAddressIndex ?? -1]).toBe('11111111111111111111111111111111');
    expect(Buffer.from(instruction?.data ?? [])).toEqual(Buffer.from([2, 0, 0, 0, 42, 0, 0, 0, 0, 0, 0, 0]));
  });

  it('is the same transaction for the same transfer, and another for another', () => {
    const input = {
      wallet: { address: SMART_WALLET, walletType: 'smart' as const },
      signers: [SIGNER.address],
      recipient: RECIPIENT,
      token: { native: true as const },
      baseUnits: 5n,
      lifetime,
    };
    expect(solanaTransferTransaction(input)).toEqual(solanaTransferTransaction(input));
    expect(solanaTransferTransaction({ ...input, lifetime: new Uint8Array(32).fill(8) }).message).not.toBe(
      solanaTransferTransaction(input).message,
    );
  });
});
