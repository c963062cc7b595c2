import * as E from 'fp-ts/lib/Either.js';
import {
  decompileTransactionMessage,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  isSignature,
  type Address,
  type Instruction,
} from '@solana/kit';
import {
  SYSTEM_PROGRAM_ADDRESS,
  SystemInstruction,
  identifySystemInstruction,
  parseTransferSolInstruction,
} from '@solana-program/system';
import {
  TOKEN_PROGRAM_ADDRESS,
  TokenInstruction,
  getTokenDecoder,
  identifyTokenInstruction,
  parseTransferCheckedInstruction,
} from '@solana-program/token';
import type { DomainError } from '@paykit/kernel';
import { MEMO_TYPES, type Memo, type MemoType } from '@paykit/transfers';
import type { ChainToken, IncomingTransfer } from '../chain-gateway.js';
import { transactionNotATransfer, transactionNotFound } from '../chain-errors.js';
import type { SolanaChain } from './solana-chain.js';
import { MalformedSolanaAnswer } from './solana-errors.js';
import { askNode, expectBigint } from './solana-reads.js';
import { MEMO_PROGRAM_ADDRESS } from './solana-transfer.js';

interface Movement {
  readonly from: Address;
  /** Lamports: the recipient; tokens: the destination token account, whose owner is the recipient. */
  readonly destination: Address;
  readonly token: ChainToken;
  readonly units: bigint;
}

type FullInstruction = Instruction & {
  readonly accounts: NonNullable<Instruction['accounts']>;
  readonly data: Uint8Array;
};

const isFull = (instruction: Instruction): instruction is FullInstruction =>
  instruction.accounts !== undefined && instruction.data !== undefined;

/** The first System `transfer` or SPL `transferChecked` of the transaction. */
const movementOf = (instructions: readonly Instruction[]): Movement | undefined => {
  for (const instruction of instructions.filter(isFull)) {
    if (
      instruction.programAddress === SYSTEM_PROGRAM_ADDRESS &&
      identifySystemInstruction(instruction) === SystemInstruction.TransferSol
    ) {
      const parsed = parseTransferSolInstruction(instruction);
      return {
        from: parsed.accounts.source.address,
        destination: parsed.accounts.destination.address,
        token: { native: true },
        units: parsed.data.amount,
      };
    }
    if (
      instruction.programAddress === TOKEN_PROGRAM_ADDRESS &&
      identifyTokenInstruction(instruction) === TokenInstruction.TransferChecked
    ) {
      const parsed = parseTransferCheckedInstruction(instruction);
      return {
        from: parsed.accounts.authority.address,
        destination: parsed.accounts.destination.address,
        token: { native: false, address: parsed.accounts.mint.address },
        units: parsed.data.amount,
      };
    }
  }
  return undefined;
};

/** The Memo program's text, read back the way solana-transfer.ts writes it (`<type>:<value>` for ids and hashes). */
const memoOf = (instructions: readonly Instruction[]): Memo | undefined => {
  const data = instructions.find((instruction) => instruction.programAddress === MEMO_PROGRAM_ADDRESS)?.data;
  if (!data) return undefined;
  const text = new TextDecoder().decode(Uint8Array.from(data));
  const typed = /^(\w+):(.+)$/s.exec(text);
  const type = typed?.[1] as MemoType | undefined;
  return type && type !== 'text' && MEMO_TYPES.includes(type)
    ? { type, value: typed?.[2] ?? '' }
    : { type: 'text', value: text };
};

/**
 * A transfer as the node recorded it (`getTransaction`, base64, decoded with kit and the
 * programs' own instruction parsers): a token transfer's recipient is the owner of its
 * destination token account, read from the node.
 */
export const solanaIncomingTransfer = async (
  chain: SolanaChain,
  txId: string,
): Promise<E.Either<DomainError, IncomingTransfer>> => {
  if (!isSignature(txId)) return E.left(transactionNotFound(chain.info.name, txId));
  return E.flatten(
    await askNode(chain, async (abortSignal): Promise<E.Either<DomainError, IncomingTransfer>> => {
      const found = await chain.rpc
        .getTransaction(txId, { commitment: 'confirmed', encoding: 'base64', maxSupportedTransactionVersion: 0 })
        .send({ abortSignal });
      if (!found) return E.left(transactionNotFound(chain.info.name, txId));
      if (!found.meta || !Array.isArray(found.transaction))
        throw new MalformedSolanaAnswer('getTransaction answered no transaction');
      const wire = getTransactionDecoder().decode(getBase64Encoder().encode(found.transaction[0]));
      const { instructions } = decompileTransactionMessage(
        getCompiledTransactionMessageDecoder().decode(wire.messageBytes),
      );
      const movement = movementOf(instructions);
      if (!movement)
        return E.left(transactionNotATransfer(txId, `transaction ${txId} is not a System or SPL token transfer`));
      let to = movement.destination as string;
      if (!movement.token.native) {
        const account = await chain.rpc
          .getAccountInfo(movement.destination, { encoding: 'base64' })
          .send({ abortSignal });
        const data = account?.value?.data;
        if (!Array.isArray(data)) throw new MalformedSolanaAnswer('the destination token account is unreadable');
        to = getTokenDecoder().decode(getBase64Encoder().encode(data[0])).owner;
      }
      const statuses = await chain.rpc.getSignatureStatuses([txId]).send({ abortSignal });
      const status = statuses?.value?.[0];
      const final = status?.confirmationStatus === 'finalized';
      const confirmations = final ? chain.rule.confirmations : Number(status?.confirmations ?? 0n) + 1;
      const memo = memoOf(instructions);
      return E.right({
        chain: chain.info.name,
        txId,
        from: movement.from,
        to,
        token: movement.token,
        baseUnits: movement.units.toString(),
        ...(memo && { memo }),
        status: found.meta.err === null ? 'success' : 'failed',
        confirmations: Math.min(confirmations, chain.rule.confirmations),
        final,
        blockNumber: Number(expectBigint(found.slot, 'slot')),
      });
    }),
  );
};
