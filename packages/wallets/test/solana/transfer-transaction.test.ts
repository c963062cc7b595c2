import { ed25519 } from '@noble/curves/ed25519.js';
import {
  getAddressEncoder,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getProgramDerivedAddress,
  getTransactionDecoder,
  type Address,
} from '@solana/kit';
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

  it('has only the approving signer sign a smart wallet transfer: the program-derived wallet cannot sign', () => {
    const built = solanaTransferTransaction({
      wallet: { address: SMART_WALLET, walletType: 'smart' },
      signers: [SIGNER.address],
      recipient: RECIPIENT,
      token: { native: true },
      baseUnits: 5n,
      lifetime,
    });
    const { transaction, message } = decoded(built);
    expect(message.header.numSignerAccounts).toBe(1);
    expect(Object.keys(transaction.signatures)).toEqual([SIGNER.address]);
    expect(message.staticAccounts).toContain(SMART_WALLET);
  });

  it('moves a token between the associated token accounts of sender and recipient', async () => {
    const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
    const associatedTokenAccount = async (owner: string) => {
      const encoder = getAddressEncoder();
      const [address] = await getProgramDerivedAddress({
        programAddress: 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL' as Address,
        seeds: [
          encoder.encode(owner as Address),
          encoder.encode(TOKEN_PROGRAM as Address),
          encoder.encode(MINT as Address),
        ],
      });
      return address as string;
    };
    const built = solanaTransferTransaction({
      wallet: { address: MPC_WALLET.address, walletType: 'mpc' },
      signers: [],
      recipient: RECIPIENT,
      token: { native: false, mint: MINT, decimals: 6 },
      baseUnits: 42n,
      lifetime,
    });
    const { message } = decoded(built);
    const [instruction] = message.instructions;
    expect(message.staticAccounts[instruction?.programAddressIndex ?? -1]).toBe(TOKEN_PROGRAM);
    expect((instruction?.accountIndices ?? []).map((index) => message.staticAccounts[index])).toEqual([
      await associatedTokenAccount(MPC_WALLET.address),
      MINT,
      await associatedTokenAccount(RECIPIENT),
      MPC_WALLET.address,
    ]);
  });

  it('refuses a smart wallet transfer without a signer to pay for it', () => {
    expect(() =>
      solanaTransferTransaction({
        wallet: { address: SMART_WALLET, walletType: 'smart' },
        signers: [],
        recipient: RECIPIENT,
        token: { native: true },
        baseUnits: 5n,
        lifetime,
      }),
    ).toThrow('a smart-account transaction needs at least one signer');
  });

  it('refuses a lifetime stand-in that is not 32 bytes (the size of a blockhash)', () => {
    for (const length of [31, 33]) {
      expect(() =>
        solanaTransferTransaction({
          wallet: { address: MPC_WALLET.address, walletType: 'mpc' },
          signers: [],
          recipient: RECIPIENT,
          token: { native: true },
          baseUnits: 5n,
          lifetime: new Uint8Array(length).fill(7),
        }),
      ).toThrow('the lifetime stand-in must be 32 bytes');
    }
  });
});
