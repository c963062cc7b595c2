import { Inject, Injectable } from '@nestjs/common';
import * as E from 'fp-ts/lib/Either.js';
import type { SubmitApprovalsBody } from '@paykit/contracts';
import { type CommandContext, DomainException, type IdGenerator, invalid } from '@paykit/kernel';
import {
  type DelegatedSignerInput,
  SERVICE_HELD_SIGNERS,
  type Signer,
  type SignerOperation,
  type SignerOperationKind,
  type Wallet,
  type CustodialKeys,
  normalizeSignerLocator,
  signerGeneration,
  signerOperationApproval,
  signerOperationDigest,
  signerOperationTxId,
} from '@paykit/wallets';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { ID_GENERATOR } from '../../infrastructure/tokens.js';
import { unverified } from '../approvals/approval-signatures.js';
import { ApprovalVerifier } from '../approvals/approval-verifier.js';
import { type ChangeKind, SignerRegistrations } from './signer-registrations.js';
import { SignerOperationAggregate } from './signer-operation.aggregate.js';

export interface SignerChange {
  readonly kind: SignerOperationKind;
  readonly locator: string;
  readonly chain: string;
  readonly admin: Signer;
  readonly addition?: { readonly request: DelegatedSignerInput; readonly custodialKeys: CustodialKeys };
  readonly grant?: { readonly scopes: unknown; readonly expiresAt?: string };
}

const CHANGE: Record<SignerOperationKind, ChangeKind> = { 'add-signer': 'add', 'remove-signer': 'remove' };

/**
 * Signer operations (ADR 0448): wallet transactions the admin approves, after which a delegated
 * signer joins or leaves the wallet. One per signer, change and generation (SignerRegistrations).
 */
@Injectable()
export class SignerOperations {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly registrations: SignerRegistrations,
    private readonly verifier: ApprovalVerifier,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  /** The operation for this change: opened now, or the one an earlier request opened. */
  async open(wallet: Wallet, change: SignerChange, context: CommandContext): Promise<SignerOperation> {
    const { kind, locator } = change;
    const { change: claimed, claimed: mine } = await this.registrations.claim(
      CHANGE[kind],
      wallet,
      locator,
      { transactionId: this.ids.uuid() },
      context,
    );
    if (!('transactionId' in claimed)) throw new Error(`signer ${locator} is being changed through a signature`);
    const operationId = claimed.transactionId;
    // Not ours and not there: a crash came between an earlier request's claim and its operation.
    const operation =
      (!mine && (await this.load(wallet, operationId))) || (await this.request(wallet, change, operationId, context));
    await this.registrations.completeOperation(operation, context);
    return operation;
  }

  /** Opens the claimed operation: what the admin is asked to approve, bound to its id (ADR 0448). */
  private async request(
    wallet: Wallet,
    change: SignerChange,
    operationId: string,
    context: CommandContext,
  ): Promise<SignerOperation> {
    const { kind, locator, admin } = change;
    const approver = { type: admin.type, address: admin.address, locator: admin.locator };
    const subject = {
      operationId,
      kind,
      chainType: wallet.chainType,
      chain: change.chain,
      walletAddress: wallet.address,
      signer: locator,
      approver,
      ...(change.grant && { grant: change.grant }),
    };
    const digest = signerOperationDigest(subject);
    const createdAt = this.aggregates.now().toISOString();
    const requested = await this.aggregates.tryExecute(
      SignerOperationAggregate,
      operationId,
      {
        type: 'RequestSignerOperation',
        data: {
          operationId,
          walletId: wallet.walletId,
          walletAddress: wallet.address,
          environment: wallet.environment,
          chainType: wallet.chainType,
          chain: change.chain,
          kind,
          signer: locator,
          generation: signerGeneration(wallet, locator),
          approver,
          digest,
          ...signerOperationApproval(subject, digest),
          createdAt,
          ...(change.addition && { addition: change.addition }),
          // The service holds the admin's key and acts on the caller's authority (its API key).
          ...(SERVICE_HELD_SIGNERS.has(admin.type) && {
            approvedByService: { txId: signerOperationTxId(wallet.chainType, digest) },
          }),
        },
      },
      context,
    );
    if (E.isRight(requested) && requested.right.state) return requested.right.state;
    // A concurrent request opened it first (the decider refuses a second opening): theirs stands.
    const opened = await this.load(wallet, operationId);
    if (!opened) throw new Error(`signer operation ${operationId} was claimed but could not be opened`);
    return opened;
  }

  /** The wallet's signer operation by id, completing one a crash left approved but not applied; null if none. */
  async find(wallet: Wallet, operationId: string, context?: CommandContext): Promise<SignerOperation | null> {
    const operation = await this.load(wallet, operationId);
    if (operation && context) await this.registrations.completeOperation(operation, context);
    return operation;
  }

  /**
   * The admin's approval (COMPAT's approvals body), verified here; the decider decides whether it
   * counts. Null when the wallet has no signer operation with this id.
   */
  async approve(
    wallet: Wallet,
    operationId: string,
    body: SubmitApprovalsBody,
    context: CommandContext,
  ): Promise<SignerOperation | null> {
    const operation = await this.load(wallet, operationId);
    if (!operation) return null;
    // An approval a crash left unapplied takes effect now, though this one is refused as made already.
    await this.registrations.completeOperation(operation, context);
    if (body.approvals.length !== 1) {
      throw new DomainException(
        invalid('invalid_approvals', 'approvals: this transaction is approved by the admin signer alone'),
      );
    }
    const [proof] = body.approvals as [SubmitApprovalsBody['approvals'][number]];
    const locator = normalizeSignerLocator(wallet.chainType, proof.signer);
    const { approver, approvalMessage, digest } = operation;
    const { signature, verified, refusal } =
      locator === approver.locator ? this.verifier.check(wallet, locator, approvalMessage, proof) : unverified(proof);
    const { state } = await this.aggregates.execute(
      SignerOperationAggregate,
      operationId,
      {
        type: 'ApproveSignerOperation',
        data: {
          signer: locator,
          signature,
          verified,
          ...(refusal && { refusal }),
          txId: signerOperationTxId(wallet.chainType, digest, signature),
          submittedAt: this.aggregates.now().toISOString(),
        },
      },
      context,
    );
    if (!state) throw new Error(`signer operation ${operationId} folds to no state after a command`);
    await this.registrations.completeOperation(state, context);
    return state;
  }

  private async load(wallet: Wallet, operationId: string): Promise<SignerOperation | null> {
    const loaded = await this.aggregates.load(SignerOperationAggregate, operationId);
    return loaded?.state && loaded.state.walletId === wallet.walletId ? loaded.state : null;
  }
}
