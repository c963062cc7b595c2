import { getBase58Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';

/** A native SOL movement a serialized transaction makes: from, to, lamports. */
export interface SolanaNativeMovement {
  readonly from: string;
  readonly to: string;
  readonly lamports: bigint;
}

/**
 * Reads a serialized (base58) `VersionedTransaction` and returns the System Program transfers
 * it makes, in order; null when it is not a transaction at all. Other instructions are listed
 * by program so a caller can refuse what it does not execute.
 */
export const solanaTransactionMovements = (
  serialized: string,
): { readonly movements: readonly SolanaNativeMovement[]; readonly otherPrograms: readonly string[] } | null => {
  try {
    const transaction = getTransactionDecoder().decode(getBase58Encoder().encode(serialized));
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
    if (message.version !== 0 && message.version !== 'legacy') return null;
    const accounts = message.staticAccounts as readonly string[];
    const movements: SolanaNativeMovement[] = [];
    const otherPrograms: string[] = [];
    for (const instruction of message.instructions) {
      const program = accounts[instruction.programAddressIndex];
      const data = instruction.data ?? new Uint8Array();
      const [fromIndex, toIndex] = instruction.accountIndices ?? [];
      const isTransfer =
        program === SYSTEM_PROGRAM &&
        data.length === 12 &&
        new DataView(data.buffer, data.byteOffset).getUint32(0, true) === 2;
      if (isTransfer && fromIndex !== undefined && toIndex !== undefined) {
        movements.push({
          from: accounts[fromIndex] as string,
          to: accounts[toIndex] as string,
          lamports: new DataView(data.buffer, data.byteOffset).getBigUint64(4, true),
        });
      } else {
        otherPrograms.push(program ?? 'an address lookup table');
      }
    }
    return { movements, otherPrograms };
  } catch {
    return null;
  }
};
