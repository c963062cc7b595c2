import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { isHex, keccak256, parseTransaction, recoverTransactionAddress, serializeTransaction, type Hex } from 'viem';
import { invalid, type DomainError } from '@paykit/kernel';
import type { Memo } from '@paykit/transfers';
import { addressFromPublicKey, verifyEd25519, type ChainInfo } from '@paykit/wallets';
import type { ChainToken, DepositTransactionRequest, UnsignedDepositTransaction } from '../chain-gateway.js';
import { checkAddress, knownToken, parseBaseUnits, tokenKeyOf } from '../chain-request.js';
import { decodeEvmTransfer, evmTransferCallOf } from '../evm/evm-transfer-call.js';
import { checkChainMemo } from '../memo-rules.js';
import { decodeSignedTransferPayload, encodeTransferPayload, tokenFieldOf, tokenOfField } from '../transfer-payload.js';
import type { ChainLedger, LedgerReader } from './chain-ledger.js';
import type { TransactionDraft } from './ledger-transaction.js';
import { SANDBOX_EVM_GAS, sandboxFeeOf } from './sandbox-chain-params.js';
import { sandboxIdOf } from './transaction-ids.js';

interface CheckedTransfer {
  readonly from: string;
  readonly to: string;
  readonly token: ChainToken;
  readonly units: bigint;
  readonly memo: Memo | undefined;
}

const checkTransfer = (
  chain: ChainInfo,
  fields: { readonly from: string; readonly to: string },
  transfer: {
    readonly from: string;
    readonly to: string;
    readonly token: ChainToken;
    readonly baseUnits: string;
    readonly memo?: Memo;
  },
): E.Either<DomainError, CheckedTransfer> =>
  pipe(
    E.Do,
    E.bind('from', () => checkAddress(chain, fields.from, transfer.from)),
    E.bind('to', () => checkAddress(chain, fields.to, transfer.to)),
    E.bind('token', () =>
      pipe(
        knownToken(chain, transfer.token),
        E.map(() => transfer.token),
      ),
    ),
    E.bind('units', () => parseBaseUnits(chain, transfer.baseUnits)),
    E.bind('memo', () => checkChainMemo(chain, transfer.memo)),
  );

/**
 * EVM: an EIP-1559 transaction (nonce = the payer's count on the ledger, gas and fees the
 * sandbox's) calling the token's `transfer`, memo as call-data trailer. Other families: the
 * documented `paykit-transfer-v1` payload.
 */
export const buildSandboxDeposit = (
  ledger: ChainLedger,
  request: DepositTransactionRequest,
): E.Either<DomainError, UnsignedDepositTransaction> => {
  const { chain } = ledger;
  return pipe(
    checkTransfer(
      chain,
      { from: 'payer', to: 'depositAddress' },
      { ...request, from: request.payer, to: request.depositAddress },
    ),
    E.map(({ from, to, token, units, memo }) => {
      const nonce = ledger.nonceOf(from);
      if (chain.chainType !== 'evm') {
        const serializedTransaction = encodeTransferPayload({
          chain: chain.name,
          from,
          to,
          token: tokenFieldOf(token),
          amount: units.toString(),
          nonce,
          ...(memo && { memo }),
        });
        return { chain: chain.name, encoding: 'paykit-transfer-v1' as const, serializedTransaction, to };
      }
      const call = evmTransferCallOf(token, to, units, memo);
      const serializedTransaction = serializeTransaction({
        type: 'eip1559',
        chainId: chain.evmChainId as number,
        nonce,
        to: call.to,
        data: call.data,
        value: call.value,
        gas: call.data === '0x' ? SANDBOX_EVM_GAS.native : SANDBOX_EVM_GAS.token,
        maxFeePerGas: SANDBOX_EVM_GAS.maxFeePerGas,
        maxPriorityFeePerGas: SANDBOX_EVM_GAS.maxFeePerGas,
      });
      return {
        chain: chain.name,
        encoding: 'evm-eip1559' as const,
        serializedTransaction,
        to: call.to,
        data: call.data,
      };
    }),
  );
};

const refuse = (code: string, message: string) => E.left(invalid(code, `signedTransaction: ${message}`));

const draftOf = (
  chain: ChainInfo,
  txId: string,
  checked: CheckedTransfer,
): TransactionDraft & { readonly txId: string } => ({
  txId,
  kind: 'transfer',
  from: checked.from,
  to: checked.to,
  token: tokenKeyOf(chain, checked.token),
  baseUnits: checked.units.toString(),
  fee: sandboxFeeOf(chain, checked.token.native).toString(),
  feePayer: checked.from,
  ...(checked.memo && { memo: checked.memo }),
});

/** A payer can only use its next nonce; a transaction already accepted is recognised by its id first. */
const checkNonce = (ledger: LedgerReader, txId: string, from: string, nonce: number): E.Either<DomainError, void> => {
  const expected = ledger.nonceOf(from);
  if (ledger.entry(txId) || nonce === expected) return E.right(undefined);
  return E.left(
    invalid('invalid_nonce', `signedTransaction: nonce ${nonce} is not the sender's next nonce ${expected}`, {
      expected,
    }),
  );
};

const decodeEvm = async (
  ledger: LedgerReader,
  signed: string,
): Promise<E.Either<DomainError, TransactionDraft & { readonly txId: string }>> => {
  const { chain } = ledger;
  if (!isHex(signed)) return refuse('invalid_transaction', 'must be a signed EVM transaction in hex');
  let parsed: ReturnType<typeof parseTransaction>;
  let from: string;
  try {
    parsed = parseTransaction(signed);
    from = await recoverTransactionAddress({
      serializedTransaction: signed as Parameters<typeof recoverTransactionAddress>[0]['serializedTransaction'],
    });
  } catch {
    return refuse('invalid_transaction', 'is not a signed EVM transaction');
  }
  if (parsed.chainId !== chain.evmChainId)
    return refuse('invalid_transaction', `is for chain id ${parsed.chainId}, not ${chain.evmChainId}`);
  const transfer = decodeEvmTransfer(parsed.to, (parsed.data ?? '0x') as Hex, parsed.value ?? 0n);
  if (!transfer) return refuse('unsupported_transaction', 'only native and ERC-20 transfer transactions are accepted');
  const txId = keccak256(signed);
  return pipe(
    checkTransfer(
      chain,
      { from: 'from', to: 'to' },
      { ...transfer, from, to: transfer.recipient, baseUnits: transfer.baseUnits.toString() },
    ),
    E.chainFirst((checked) => checkNonce(ledger, txId, checked.from, parsed.nonce ?? 0)),
    E.map((checked) => draftOf(chain, txId, checked)),
  );
};

const decodePayload = (
  ledger: LedgerReader,
  signed: string,
): E.Either<DomainError, TransactionDraft & { readonly txId: string }> => {
  const { chain } = ledger;
  const decoded = decodeSignedTransferPayload(signed);
  if (E.isLeft(decoded)) return decoded;
  const { payload, payloadBytes, publicKey, signature } = decoded.right;
  if (payload.chain !== chain.name) return refuse('invalid_transaction', `is for ${payload.chain}, not ${chain.name}`);
  const txId = sandboxIdOf(chain.chainType, `paykit:sandbox:signed:${signed}`);
  return pipe(
    checkTransfer(
      chain,
      { from: 'from', to: 'to' },
      { ...payload, token: tokenOfField(payload.token), baseUnits: payload.amount },
    ),
    E.chainFirst((checked) =>
      addressFromPublicKey(chain.chainType, publicKey) === checked.from &&
      verifyEd25519(publicKey, payloadBytes, signature)
        ? E.right(undefined)
        : refuse('invalid_signature', 'is not signed by the key of its sender'),
    ),
    E.chainFirst((checked) => checkNonce(ledger, txId, checked.from, payload.nonce)),
    E.map((checked) => draftOf(chain, txId, checked)),
  );
};

/** A payer's signed transaction, checked (signature, chain, nonce, transfer shape) and ready to accept. */
export const decodeSignedSandboxTransaction = async (
  ledger: LedgerReader,
  signed: string,
): Promise<E.Either<DomainError, TransactionDraft & { readonly txId: string }>> =>
  ledger.chain.chainType === 'evm' ? decodeEvm(ledger, signed) : decodePayload(ledger, signed);
