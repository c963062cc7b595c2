import * as E from 'fp-ts/lib/Either.js';
import { domainError, type DomainError } from '@paykit/kernel';
import type { Memo } from '@paykit/transfers';
import { ENVIRONMENTS, findChain, normalizeAddress, normalizeTokenAddress, type ChainInfo } from '@paykit/wallets';
import type { ChainToken, IncomingTransfer } from './chain-gateway.js';

/** What an order expects to have been paid. */
export interface ExpectedDeposit {
  readonly chain: string;
  readonly depositAddress: string;
  readonly token: ChainToken;
  /** Base units as a decimal string. */
  readonly baseUnits: string;
  /** When set, the transfer must carry exactly this memo. */
  readonly memo?: Memo;
  /** Accept more than `baseUnits` (the surplus is the payer's problem); default false: exact. */
  readonly allowOverpayment?: boolean;
}

/** `final`: the deposit is settled; `pending`: it matches but the chain may still undo it. */
export interface VerifiedDeposit {
  readonly status: 'final' | 'pending';
  readonly transfer: IncomingTransfer;
}

const mismatch = (code: string, message: string, parameters: Record<string, unknown>): DomainError =>
  domainError('unprocessable', code, message, parameters);

const chainInfoOf = (chain: string): ChainInfo | undefined =>
  ENVIRONMENTS.map((environment) => findChain(chain, environment)).find((info) => info !== undefined);

const tokenKey = (chain: ChainInfo, token: ChainToken): string =>
  token.native ? 'native' : normalizeTokenAddress(chain, token.address);

const sameMemo = (a: Memo | undefined, b: Memo): boolean => a !== undefined && a.type === b.type && a.value === b.value;

/**
 * Checks a transfer found by txId against the deposit an order asked for; the first mismatch
 * wins, in the order chain, outcome, recipient, token, amount, memo. Mismatches are
 * `unprocessable` (`deposit_*_mismatch`, `deposit_failed`): the transaction exists but does not pay it.
 */
export const verifyDeposit = (
  transfer: IncomingTransfer,
  expected: ExpectedDeposit,
): E.Either<DomainError, VerifiedDeposit> => {
  const { txId } = transfer;
  const chain = chainInfoOf(expected.chain);
  if (!chain || transfer.chain !== expected.chain) {
    return E.left(
      mismatch('deposit_chain_mismatch', `transaction ${txId} is on ${transfer.chain}, not ${expected.chain}`, {
        txId,
      }),
    );
  }
  if (transfer.status === 'failed')
    return E.left(mismatch('deposit_failed', `transaction ${txId} failed and moved nothing`, { txId }));
  if (normalizeAddress(chain.chainType, transfer.to) !== normalizeAddress(chain.chainType, expected.depositAddress)) {
    return E.left(
      mismatch('deposit_recipient_mismatch', `transaction ${txId} pays ${transfer.to}, not the deposit address`, {
        txId,
      }),
    );
  }
  if (tokenKey(chain, transfer.token) !== tokenKey(chain, expected.token)) {
    return E.left(
      mismatch('deposit_token_mismatch', `transaction ${txId} moves another token than the one expected`, { txId }),
    );
  }
  const paid = BigInt(transfer.baseUnits);
  const owed = BigInt(expected.baseUnits);
  if (paid < owed || (paid > owed && !expected.allowOverpayment)) {
    return E.left(
      mismatch('deposit_amount_mismatch', `transaction ${txId} moves ${paid} base units, expected ${owed}`, {
        txId,
        paid: paid.toString(),
        expected: owed.toString(),
      }),
    );
  }
  if (expected.memo && !sameMemo(transfer.memo, expected.memo)) {
    return E.left(mismatch('deposit_memo_mismatch', `transaction ${txId} does not carry the expected memo`, { txId }));
  }
  return E.right({ status: transfer.final && transfer.status === 'success' ? 'final' : 'pending', transfer });
};
