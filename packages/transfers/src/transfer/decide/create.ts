import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { DomainError } from '@paykit/kernel';
import { getAddress, isAddress } from 'viem';
import { parseTransferAmount } from '../../amount/amount.js';
import { APPROVAL_MESSAGE_VERSION, approvalMessageOf } from '../../approvals/approval-message.js';
import { quorumLocatorOf } from '../../approvals/quorum.js';
import { validateMemo } from '../../memo/memo.js';
import { isChainType, isWalletType } from '../chain.js';
import type { CreateTransfer, QuorumInput } from '../commands.js';
import { transferErrors as errors } from '../errors.js';
import type { TransferEvent } from '../events.js';
import type { Memo, Quorum, TransferState } from '../model.js';
import { parseIsoTimestamp } from '@paykit/kernel';

/** Approvals not complete within a day expire (a sign-in link or a hardware wallet can take a while). */
export const DEFAULT_APPROVAL_WINDOW_SECONDS = 24 * 60 * 60;

/** Largest decimals a token can have and still hold one whole unit in a uint256. */
const MAX_TOKEN_DECIMALS = 77;

type Request = CreateTransfer['data'];

const checkShape = (request: Request): E.Either<DomainError, Request> => {
  const { chainType, walletType, token, wallet, recipient } = request;
  if (!isChainType(chainType))
    return E.left(errors.invalidChain(`chainType "${chainType}" is not one of evm, solana, aptos, sui, stellar`));
  if (!isWalletType(walletType)) return E.left(errors.invalidChain(`walletType "${walletType}" is not smart or mpc`));
  if (!Number.isInteger(token.decimals) || token.decimals < 0 || token.decimals > MAX_TOKEN_DECIMALS) {
    return E.left(errors.invalidToken(`token decimals must be an integer from 0 to ${MAX_TOKEN_DECIMALS}`));
  }
  if (!token.native && !token.address)
    return E.left(errors.invalidToken(`token ${token.locator} has no contract address`));
  const evm = chainType === 'evm';
  if (evm && !isAddress(wallet.address, { strict: false }))
    return E.left(errors.invalidChain(`wallet address "${wallet.address}" is not an EVM address`));
  if (evm && !isAddress(recipient.address, { strict: false })) {
    return E.left(errors.invalidRecipient(`recipient address "${recipient.address}" is not an EVM address`));
  }
  if (evm && token.address !== undefined && !isAddress(token.address, { strict: false })) {
    return E.left(errors.invalidToken(`token address "${token.address}" is not an EVM address`));
  }
  // One spelling (EIP-55) on EVM, so call args, messages and resources agree; and only the
  // fields the transfer keeps, whatever richer objects the handler resolved them from.
  const address = (value: string) => (evm ? getAddress(value) : value);
  return E.right({
    ...request,
    wallet: { walletId: wallet.walletId, locator: wallet.locator, address: address(wallet.address) },
    recipient: {
      locator: recipient.locator,
      address: address(recipient.address),
      ...(recipient.walletId !== undefined && { walletId: recipient.walletId }),
    },
    token: {
      locator: token.locator,
      native: token.native,
      ...(token.address !== undefined && { address: address(token.address) }),
      decimals: token.decimals,
      symbol: token.symbol,
    },
  });
};

const checkQuorum = (input: QuorumInput): E.Either<DomainError, Quorum> => {
  const locators = input.signers.map((signer) => signer.locator);
  if (locators.length === 0) return E.left(errors.invalidQuorum('a quorum needs at least one signer'));
  if (new Set(locators).size !== locators.length)
    return E.left(errors.invalidQuorum('a quorum lists each signer once'));
  if (!Number.isInteger(input.threshold) || input.threshold < 1 || input.threshold > locators.length) {
    return E.left(errors.invalidQuorum(`threshold must be an integer from 1 to ${locators.length}`));
  }
  return E.right({
    locator: input.locator ?? quorumLocatorOf(input.threshold, locators),
    threshold: input.threshold,
    signers: input.signers.map(({ locator, type, address }) => ({ locator, type, address })),
  });
};

const checkQuorums = (inputs: readonly QuorumInput[]): E.Either<DomainError, readonly Quorum[]> =>
  pipe(
    E.traverseArray(checkQuorum)(inputs),
    E.filterOrElse(
      (quorums) => new Set(quorums.map((quorum) => quorum.locator)).size === quorums.length,
      () => errors.invalidQuorum('each quorum needs its own locator'),
    ),
  );

const checkMemo = (request: Request): E.Either<DomainError, Memo | undefined> =>
  request.memo === undefined ? E.right(undefined) : validateMemo(request.memo, request.chainType);

const expiryOf = (createdAt: number, windowSeconds: number | undefined): E.Either<DomainError, string> => {
  const seconds = windowSeconds ?? DEFAULT_APPROVAL_WINDOW_SECONDS;
  if (!Number.isInteger(seconds) || seconds <= 0)
    return E.left(errors.invalidQuorum('approvalWindowSeconds must be a positive integer'));
  return E.right(new Date(createdAt + seconds * 1000).toISOString());
};

/** Opens a transfer: awaiting approval when a quorum is required, otherwise approved at once. */
export const createTransfer = (
  command: CreateTransfer,
  state: TransferState,
): E.Either<DomainError, TransferEvent[]> => {
  if (state) return E.left(errors.alreadyExists(state.transferId));
  const createdAt = parseIsoTimestamp(command.data.createdAt);
  if (createdAt === null) return E.left(errors.invalidTimestamp('createdAt'));
  return pipe(
    E.Do,
    E.bind('request', () => checkShape(command.data)),
    E.bind('amount', ({ request }) =>
      parseTransferAmount(request.amount, request.token.decimals, request.chainType, {
        allowZero: request.source === 'call',
      }),
    ),
    E.bind('memo', ({ request }) => checkMemo(request)),
    E.bind('quorums', ({ request }) => checkQuorums(request.requiredApprovals)),
    E.bind('expiresAt', ({ request }) => expiryOf(createdAt, request.approvalWindowSeconds)),
    E.map(({ request, amount, memo, quorums, expiresAt }) => {
      const {
        transferId,
        wallet,
        chainType,
        walletType,
        chain,
        token,
        recipient,
        signer,
        feeEstimate,
        onChainTransaction,
      } = request;
      const digest = approvalMessageOf({
        transferId,
        chain,
        chainType,
        from: wallet.address,
        token,
        recipientAddress: recipient.address,
        baseUnits: amount.baseUnits,
        ...(memo && { memo }),
      });
      const message = onChainTransaction?.message ?? digest;
      const created: TransferEvent = {
        type: 'TransferCreated',
        data: {
          transferId,
          wallet,
          chainType,
          walletType,
          chain,
          token,
          recipient,
          amount,
          ...(memo && { memo }),
          ...(signer !== undefined && { signer }),
          approvals: { quorums, message, expiresAt, version: APPROVAL_MESSAGE_VERSION },
          ...(feeEstimate && { feeEstimate }),
          ...(onChainTransaction && { onChainTransaction: onChainTransaction.transaction }),
          createdAt: request.createdAt,
        },
      };
      return quorums.length === 0
        ? [created, { type: 'TransferApproved', data: { transferId, approvedAt: request.createdAt } }]
        : [created];
    }),
  );
};
