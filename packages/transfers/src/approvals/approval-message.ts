import { sha256Hex } from '@paykit/kernel';
import { encodeAbiParameters, hexToBytes, keccak256, parseAbiParameters, stringToHex, type Hex } from 'viem';
import type { TransferCallInput } from '../call/contract-call.js';
import { evmTransactionOf } from '../call/evm-call.js';
import type { ChainType } from '../transfer/chain.js';

/**
 * Versioned so a change of what is signed can never be mistaken for an earlier one. v2 (ADR
 * 0455): the EVM message covers the call data with its memo trailer; v1 left the trailer out.
 * A transfer records the version its message was made with (`TransferCreated.approvals.version`).
 */
export const APPROVAL_MESSAGE_VERSION = 2;
export const APPROVAL_MESSAGE_DOMAIN = `paykit:transfer-approval:v${APPROVAL_MESSAGE_VERSION}`;

/**
 * Whether a message of `version` covers every byte such a transfer executes: all but v1 EVM
 * messages of transfers with a memo (the trailer went on chain unapproved).
 */
export const approvalCoversExecution = (transfer: {
  readonly chainType: ChainType;
  readonly memo?: unknown;
  readonly version: number;
}): boolean => transfer.version >= 2 || transfer.chainType !== 'evm' || transfer.memo === undefined;

export interface ApprovalMessageInput extends TransferCallInput {
  readonly transferId: string;
  readonly chain: string;
}

const EVM_APPROVAL_FIELDS = parseAbiParameters(
  'string domain, string chain, bytes32 nonce, address from, address to, uint256 value, bytes data',
);

/**
 * EVM: keccak256 of the ABI encoding of (domain, chain, nonce, from, to, value, data), where
 * to/value/data are exactly the transaction the wallet executes, memo trailer included, and
 * nonce = keccak256(transfer id), so one signature approves one transfer only. A 0x-prefixed
 * 32-byte hex string.
 */
const evmApprovalMessage = (input: ApprovalMessageInput): Hex => {
  const { to, data, value } = evmTransactionOf(input);
  return keccak256(
    encodeAbiParameters(EVM_APPROVAL_FIELDS, [
      APPROVAL_MESSAGE_DOMAIN,
      input.chain,
      keccak256(stringToHex(input.transferId)),
      input.from as Hex,
      to as Hex,
      BigInt(value),
      data as Hex,
    ]),
  );
};

/**
 * Other families: sha256 (lowercase hex, no prefix) of one field per line; the memo comes last
 * because it is the only field that may itself contain a line break.
 */
const digestApprovalMessage = (input: ApprovalMessageInput): string =>
  sha256Hex(
    [
      APPROVAL_MESSAGE_DOMAIN,
      `chain:${input.chain}`,
      `nonce:${input.transferId}`,
      `from:${input.from}`,
      `token:${input.token.native ? 'native' : input.token.address}`,
      `to:${input.recipientAddress}`,
      `amount:${input.baseUnits}`,
      `memo:${input.memo ? `${input.memo.type}:${input.memo.value}` : ''}`,
    ].join('\n'),
  );

/**
 * The message every approver of a transfer signs; deterministic in the transfer's content.
 * Stellar: the digest in base64, the encoding Stellar signers decode before signing (ADR 0442).
 * Solana transfers sign their transaction's message instead, which the handler prepares with
 * this digest as its lifetime (see CreateTransfer.onChainTransaction).
 */
export const approvalMessageOf = (input: ApprovalMessageInput): string => {
  if (input.chainType === 'evm') return evmApprovalMessage(input);
  const digest = digestApprovalMessage(input);
  return input.chainType === 'stellar' ? Buffer.from(digest, 'hex').toString('base64') : digest;
};

const HEX_DIGEST = /^(0x)?[0-9a-fA-F]{64}$/;

/**
 * The bytes a signer signs: EVM wallets personal_sign them (`signMessage({ message: { raw } })`),
 * ed25519 signers sign them as they are. Digests are hex (EVM, Aptos, Sui, and Stellar transfers
 * made before ADR 0442) or base64 (Stellar).
 */
export const approvalMessageBytes = (message: string): Uint8Array =>
  HEX_DIGEST.test(message)
    ? hexToBytes((message.startsWith('0x') ? message : `0x${message}`) as Hex)
    : new Uint8Array(Buffer.from(message, 'base64'));
