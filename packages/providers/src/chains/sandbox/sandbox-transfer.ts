import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { DomainError } from '@paykit/kernel';
import { addressFromPublicKey, keyCurveOf, publicKeyOf, type ChainInfo } from '@paykit/wallets';
import type { SubmitTransferRequest, TransferAuthority } from '../chain-gateway.js';
import { authorityNotSupported, signerMismatch } from '../chain-errors.js';
import { checkAddress, knownToken, parseBaseUnits, tokenKeyOf } from '../chain-request.js';
import { evmTransferCallOf } from '../evm/evm-transfer-call.js';
import { checkChainMemo } from '../memo-rules.js';
import type { TransactionDraft } from './ledger-transaction.js';
import { sandboxFeeOf } from './sandbox-chain-params.js';

/**
 * Who pays the fee, once the authority is checked: a custodial key must be the key of the
 * sending address and pays its own gas; a smart wallet's admin-approved call is sponsored
 * (a paymaster or fee payer, as the project's fees mode says).
 */
const feePayerOf = (
  chain: ChainInfo,
  from: string,
  request: SubmitTransferRequest,
): E.Either<DomainError, string | undefined> => {
  const authority: TransferAuthority = request.authority;
  if (authority.kind === 'smart-account') {
    return request.from.walletType === 'smart'
      ? E.right(undefined)
      : E.left(
          authorityNotSupported(
            chain.name,
            `an ${request.from.walletType} wallet signs with its key, not with smart-account approvals`,
          ),
        );
  }
  if (authority.curve !== keyCurveOf(chain.chainType)) return E.left(signerMismatch(chain.name));
  let address: string;
  try {
    address = addressFromPublicKey(chain.chainType, publicKeyOf(authority.curve, authority.secretKey));
  } catch {
    return E.left(signerMismatch(chain.name));
  }
  return address === from ? E.right(from) : E.left(signerMismatch(chain.name));
};

/** A transfer request checked and turned into the transaction the sandbox will include. */
export const planSandboxTransfer = (
  chain: ChainInfo,
  request: SubmitTransferRequest,
): E.Either<DomainError, TransactionDraft> =>
  pipe(
    E.Do,
    E.bind('from', () => checkAddress(chain, 'from.address', request.from.address)),
    E.bind('recipient', () => checkAddress(chain, 'recipient', request.recipient)),
    E.bind('token', () => knownToken(chain, request.token)),
    // A call with value 0 and no data moves nothing and is still a transaction (ADR 0811).
    E.bind('units', () => parseBaseUnits(chain, request.baseUnits, { allowZero: true })),
    E.bind('memo', () => checkChainMemo(chain, request.memo)),
    E.bind('feePayer', ({ from }) => feePayerOf(chain, from, request)),
    E.map(({ from, recipient, units, memo, feePayer }) => {
      const call = chain.chainType === 'evm' ? evmTransferCallOf(request.token, recipient, units, memo) : undefined;
      return {
        kind: 'transfer' as const,
        from,
        to: recipient,
        token: tokenKeyOf(chain, request.token),
        baseUnits: units.toString(),
        fee: sandboxFeeOf(chain, request.token.native).toString(),
        ...(feePayer && { feePayer }),
        ...(memo && { memo }),
        ...(request.idempotencyKey && { idempotencyKey: request.idempotencyKey }),
        ...(call && { call: { to: call.to, data: call.data } }),
      };
    }),
  );
