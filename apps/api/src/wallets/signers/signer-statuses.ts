import { Injectable } from '@nestjs/common';
import { type CommandContext, getOrThrow } from '@paykit/kernel';
import {
  type DelegatedSigner,
  type DelegatedSignerResource,
  type SignatureRequest,
  type Wallet,
  delegatedSignerAddition,
  toDelegatedSignerResource,
} from '@paykit/wallets';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { SignatureRequestAggregate } from '../signatures/signature-request.aggregate.js';
import { SignerRegistrations } from './signer-registrations.js';

/** The SDK's delegated signer: per chain, whether it is approved, or the signature that would approve it. */
export type SignerStatusResource = Omit<DelegatedSignerResource, 'chains'> & {
  readonly chains: Readonly<Record<string, { readonly status: 'awaiting-approval' | 'success'; readonly id?: string }>>;
};

/** A delegated signer as `POST` and `GET .../signers` answer it: added, or awaiting its admin's signature. */
@Injectable()
export class SignerStatuses {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly registrations: SignerRegistrations,
  ) {}

  /** A delegated signer (approved), or one whose registration awaits the admin; completes an approved one a crash left behind. */
  async read(wallet: Wallet, locator: string, context: CommandContext): Promise<SignerStatusResource | null> {
    const added = wallet.delegatedSigners.find((delegated) => delegated.signer.locator === locator);
    if (added) return statusOf(added);
    const signatureId = await this.registrations.find(wallet.walletId, locator);
    const request =
      signatureId === null ? null : (await this.aggregates.load(SignatureRequestAggregate, signatureId))?.state;
    if (!request) return null;
    if (request.outputSignature !== undefined) {
      const updated = await this.registrations.complete(request, context);
      const now = updated?.delegatedSigners.find((delegated) => delegated.signer.locator === locator);
      return now ? statusOf(now) : null;
    }
    return pendingOf(wallet, request, locator);
  }
}

export const statusOf = (delegated: DelegatedSigner): SignerStatusResource => toDelegatedSignerResource(delegated);

const pendingOf = (wallet: Wallet, request: SignatureRequest, locator: string): SignerStatusResource | null => {
  const purpose = request.purpose;
  if (!purpose) return null;
  const addition = getOrThrow(
    delegatedSignerAddition(wallet, {
      type: 'AddDelegatedSigner',
      data: {
        walletId: wallet.walletId,
        request: purpose.request,
        custodialKeys: purpose.custodialKeys,
        now: Date.parse(request.createdAt),
      },
    }),
  );
  if (addition.present || addition.delegatedSigner.signer.locator !== locator) return null;
  return {
    ...toDelegatedSignerResource(addition.delegatedSigner),
    chains: { [request.chain]: { status: 'awaiting-approval', id: request.signatureId } },
  };
};
