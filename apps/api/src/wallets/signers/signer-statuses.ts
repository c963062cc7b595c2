import { Injectable } from '@nestjs/common';
import { type CommandContext, getOrThrow } from '@paykit/kernel';
import {
  type DelegatedSigner,
  type DelegatedSignerInput,
  type DelegatedSignerResource,
  type CustodialKeys,
  type SignerOperation,
  type SignerTransactionResource,
  type Wallet,
  delegatedSignerAddition,
  toDelegatedSignerResource,
  toSignerTransactionResource,
} from '@paykit/wallets';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { SignatureRequestAggregate } from '../signatures/signature-request.aggregate.js';
import { SignerOperations } from './signer-operations.js';
import { SignerRegistrations } from './signer-registrations.js';

/**
 * The SDK's delegated signer: per chain, whether it is approved, or the signature that would
 * approve it (EVM); on Solana and Stellar, the registration's transaction (ADR 0448).
 */
export type SignerStatusResource = Omit<DelegatedSignerResource, 'chains'> & {
  readonly chains: Readonly<Record<string, { readonly status: 'awaiting-approval' | 'success'; readonly id?: string }>>;
  readonly transaction?: SignerTransactionResource;
};

/** A delegated signer as `POST` and `GET .../signers` answer it: added, or awaiting its admin's approval. */
@Injectable()
export class SignerStatuses {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly registrations: SignerRegistrations,
    private readonly operations: SignerOperations,
  ) {}

  /** A delegated signer (approved), or one whose registration awaits the admin; completes an approved one a crash left behind. */
  async read(wallet: Wallet, locator: string, context: CommandContext): Promise<SignerStatusResource | null> {
    const added = wallet.delegatedSigners.find((delegated) => delegated.signer.locator === locator);
    if (added) return statusOf(added, await this.registration(wallet, locator));
    const change = await this.registrations.find('add', wallet, locator);
    if (change === null) return null;
    if ('transactionId' in change) {
      const operation = await this.operations.find(wallet, change.transactionId);
      if (!operation?.addition) return null;
      if (operation.approval !== undefined) {
        const updated = await this.registrations.completeOperation(operation, context);
        const now = updated?.delegatedSigners.find((delegated) => delegated.signer.locator === locator);
        return now ? statusOf(now, operation) : null;
      }
      return pendingOf(wallet, operation.addition, operation.createdAt, locator, {
        chains: { [operation.chain]: { status: 'awaiting-approval', id: operation.operationId } },
        transaction: toSignerTransactionResource(operation),
      });
    }
    const request = (await this.aggregates.load(SignatureRequestAggregate, change.signatureId))?.state;
    if (!request?.purpose) return null;
    if (request.outputSignature !== undefined) {
      const updated = await this.registrations.complete(request, context);
      const now = updated?.delegatedSigners.find((delegated) => delegated.signer.locator === locator);
      return now ? statusOf(now) : null;
    }
    return pendingOf(wallet, request.purpose, request.createdAt, locator, {
      chains: { [request.chain]: { status: 'awaiting-approval', id: request.signatureId } },
    });
  }

  /** Solana and Stellar: the transaction that registered the signer in its current generation, if one did. */
  async registration(wallet: Wallet, locator: string): Promise<SignerOperation | null> {
    if (wallet.chainType === 'evm') return null;
    const change = await this.registrations.find('add', wallet, locator);
    return change && 'transactionId' in change ? this.operations.find(wallet, change.transactionId) : null;
  }
}

export const statusOf = (delegated: DelegatedSigner, registration?: SignerOperation | null): SignerStatusResource => ({
  ...toDelegatedSignerResource(delegated),
  ...(registration && { transaction: toSignerTransactionResource(registration) }),
});

const pendingOf = (
  wallet: Wallet,
  addition: { readonly request: DelegatedSignerInput; readonly custodialKeys: CustodialKeys },
  createdAt: string,
  locator: string,
  pending: Pick<SignerStatusResource, 'chains' | 'transaction'>,
): SignerStatusResource | null => {
  const proposed = getOrThrow(
    delegatedSignerAddition(wallet, {
      type: 'AddDelegatedSigner',
      data: { walletId: wallet.walletId, ...addition, now: Date.parse(createdAt) },
    }),
  );
  if (proposed.present || proposed.delegatedSigner.signer.locator !== locator) return null;
  return { ...toDelegatedSignerResource(proposed.delegatedSigner), ...pending };
};
