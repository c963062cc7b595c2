import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SubmitApprovalsBody } from '@paykit/contracts';
import { DomainException, invalid } from '@paykit/kernel';
import {
  type SignatureResource,
  signatureApprovalRefusal,
  signerLocatorOf,
  toSignatureResource,
} from '@paykit/wallets';
import type { Caller } from '../../http/caller.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { unverified } from '../approvals/approval-signatures.js';
import { ApprovalVerifier } from '../approvals/approval-verifier.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import { SignerAuthority } from '../signers/signer-authority.js';
import { SignerRegistrations } from '../signers/signer-registrations.js';
import { SignatureRequestAggregate } from './signature-request.aggregate.js';
import { loadWalletSignature, signatureAfter } from './wallet-signature.js';

/** `POST .../signatures/{signatureId}/approvals`: the signer's approval, in COMPAT's approvals body. */
export class ApproveSignature extends Command<SignatureResource> {
  constructor(
    readonly caller: Caller,
    readonly walletLocator: string,
    readonly signatureId: string,
    readonly body: SubmitApprovalsBody,
  ) {
    super();
  }
}

/** The signer's signature is verified here; the decider decides whether it counts. */
@CommandHandler(ApproveSignature)
export class ApproveSignatureHandler implements ICommandHandler<ApproveSignature> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly resolver: WalletResolver,
    private readonly registrations: SignerRegistrations,
    private readonly authority: SignerAuthority,
    private readonly verifier: ApprovalVerifier,
  ) {}

  async execute({
    caller: { principal, context },
    walletLocator,
    signatureId,
    body,
  }: ApproveSignature): Promise<SignatureResource> {
    const resolved = (await this.resolver.resolve(principal, walletLocator)).wallet;
    const request = await loadWalletSignature(this.aggregates, principal.projectId, resolved, signatureId);
    // A registration a crash left unapplied takes effect now, though a repeated approval is refused as made already.
    await this.registrations.complete(request, context);
    if (body.approvals.length !== 1) {
      throw new DomainException(invalid('invalid_approvals', 'approvals: a signature is approved by its one signer'));
    }
    const [approval] = body.approvals as [SubmitApprovalsBody['approvals'][number]];
    const locator = signerLocatorOf(resolved, approval.signer);
    // A removal of the asked signer, approved before a crash let it apply, is applied before it counts (ADR 0452).
    const asked = locator === request.signer.locator;
    const wallet = asked ? await this.authority.settle(resolved, locator, context) : resolved;
    // Checked again at approval: a delegated signer expired or removed since the request approves nothing (ADR 0453).
    const lapsed = asked && signatureApprovalRefusal(wallet, request, this.aggregates.now().getTime());
    if (lapsed) throw new DomainException(lapsed);
    const { signature, verified, refusal } = asked
      ? this.verifier.check(wallet, locator, request.approvalMessage, approval)
      : unverified(approval);
    const executed = await this.aggregates.execute(
      SignatureRequestAggregate,
      signatureId,
      {
        type: 'SubmitSignatureApproval',
        data: {
          signer: locator,
          signature,
          verified,
          ...(refusal && { refusal }),
          submittedAt: this.aggregates.now().toISOString(),
        },
      },
      context,
    );
    const updated = signatureAfter(signatureId, executed);
    // A signer registration completes as its signature does (ADR 0445).
    await this.registrations.complete(updated, context);
    return toSignatureResource(updated);
  }
}
