import { createHash } from 'node:crypto';
import type { ChainType } from '@paykit/wallets';

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

const base58 = (bytes: Uint8Array): string => {
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let out = '';
  while (value > 0n) {
    out = BASE58_ALPHABET[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
};

const digest = (seed: string): Buffer => createHash('sha256').update(seed).digest();

/**
 * A transaction id (or block hash) in the shape the chain family writes them, from a seed:
 * EVM and Aptos `0x` + 64 hex, Stellar 64 hex, Solana a base58 64-byte signature, Sui a base58
 * 32-byte digest. Explorer links built from them are well formed even though only the sandbox
 * knows them.
 */
export const sandboxIdOf = (chainType: ChainType, seed: string): string => {
  switch (chainType) {
    case 'evm':
    case 'aptos':
      return `0x${digest(seed).toString('hex')}`;
    case 'stellar':
      return digest(seed).toString('hex');
    case 'solana':
      return base58(Buffer.concat([digest(`${seed}:0`), digest(`${seed}:1`)]));
    case 'sui':
      return base58(digest(seed));
  }
};
