import { generateKeyPairSync, sign } from 'node:crypto';
import type { SolanaExternalWalletSignerConfig } from '@crossmint/wallets-sdk';
import { solanaAddressFromPublicKey, stellarAddressFromPublicKey } from '@paykit/wallets';

/** The @solana/web3.js VersionedTransaction the SDK hands a Solana wallet app. */
export type VersionedTransaction = Parameters<SolanaExternalWalletSignerConfig['onSign']>[0];

const ed25519Key = () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return { publicKey: Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url'), privateKey };
};

export interface SolanaWalletApp {
  readonly address: string;
  readonly signed: VersionedTransaction[];
  onSign(transaction: VersionedTransaction): Promise<VersionedTransaction>;
}

/** A Solana wallet app's key: signs a transaction's message in its own signature slot. */
export const solanaKey = (): SolanaWalletApp => {
  const { publicKey, privateKey } = ed25519Key();
  const address: string = solanaAddressFromPublicKey(publicKey);
  const signed: VersionedTransaction[] = [];
  return {
    address,
    signed,
    onSign: async (transaction: VersionedTransaction) => {
      signed.push(transaction);
      const slot = transaction.message.staticAccountKeys.findIndex((key) => key.toBase58() === address);
      transaction.signatures[slot] = sign(null, transaction.message.serialize(), privateKey);
      return transaction;
    },
  };
};

/** A Stellar wallet app's key: the SDK hands it the message in base64 and expects a base64 signature. */
export const stellarKey = () => {
  const { publicKey, privateKey } = ed25519Key();
  const address: string = stellarAddressFromPublicKey(publicKey);
  const payloads: string[] = [];
  return {
    address,
    payloads,
    onSign: async (payload: string) => {
      payloads.push(payload);
      return sign(null, Buffer.from(payload, 'base64'), privateKey).toString('base64');
    },
  };
};
