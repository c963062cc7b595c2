import * as E from 'fp-ts/lib/Either.js';
import { type Decider, type DomainError, conflict, domainError, invalid, notFound } from '@paykit/kernel';
import type {
  ApproveSignerOperation,
  SignerOperation,
  SignerOperationCommand,
  SignerOperationEvent,
  SignerOperationState,
} from './model.js';

type Decision = E.Either<DomainError, SignerOperationEvent[]>;

/** The admin's approval, verified by the handler; refusals as for transfers and signatures. */
const approve = ({ data }: ApproveSignerOperation, operation: SignerOperation): Decision => {
  const { approver } = operation;
  if (operation.approval !== undefined) {
    return operation.approval.signature === data.signature && data.signer === approver.locator
      ? E.left(
          conflict('approval_already_submitted', `${data.signer} already approved this transaction`, {
            signer: data.signer,
          }),
        )
      : E.left(domainError('unprocessable', 'approvals_complete', 'This transaction needs no more approvals'));
  }
  if (data.signer !== approver.locator) {
    return E.left(
      invalid('signer_not_pending', `signer: ${data.signer} is not asked to approve; awaiting ${approver.locator}`, {
        awaiting: [approver.locator],
      }),
    );
  }
  if (!data.verified) {
    return E.left(
      data.refusal ??
        invalid('invalid_signature', `the signature of ${data.signer} does not verify against the approval message`, {
          signer: data.signer,
        }),
    );
  }
  const { signer, signature, txId, submittedAt } = data;
  return E.right([
    {
      type: 'SignerOperationApproved',
      data: { operationId: operation.operationId, signer, signature, txId, submittedAt },
    },
  ]);
};

const decide = (command: SignerOperationCommand, state: SignerOperationState): Decision => {
  switch (command.type) {
    case 'RequestSignerOperation': {
      if (state)
        return E.left(conflict('transaction_already_exists', `transaction ${state.operationId} already exists`));
      const { approvedByService, ...operation } = command.data;
      const requested: SignerOperationEvent = { type: 'SignerOperationRequested', data: operation };
      if (approvedByService === undefined) return E.right([requested]);
      return E.right([
        requested,
        {
          type: 'SignerOperationApproved',
          data: {
            operationId: operation.operationId,
            signer: operation.approver.locator,
            txId: approvedByService.txId,
            submittedAt: operation.createdAt,
          },
        },
      ]);
    }
    case 'ApproveSignerOperation':
      return state ? approve(command, state) : E.left(notFound());
  }
};

const evolve = (state: SignerOperationState, event: SignerOperationEvent): SignerOperationState => {
  switch (event.type) {
    case 'SignerOperationRequested':
      return event.data;
    case 'SignerOperationApproved': {
      if (!state) return state;
      const { signature, submittedAt, txId } = event.data;
      return {
        ...state,
        approval: { ...(signature !== undefined && { signature }), submittedAt },
        txId,
        completedAt: submittedAt,
      };
    }
  }
};

/** A signer operation: one stream per operation (`walletsignerop-<id>`). */
export const signerOperationDecider: Decider<
  SignerOperationCommand,
  SignerOperationEvent,
  SignerOperationState,
  DomainError
> = {
  decide,
  evolve,
  initialState: () => null,
};
