import * as E from 'fp-ts/lib/Either.js';
import { type Decider, type DomainError, conflict, domainError, invalid, notFound } from '@paykit/kernel';
import type {
  SignatureRequest,
  SignatureRequestCommand,
  SignatureRequestEvent,
  SignatureRequestState,
  SubmitSignatureApproval,
} from './model.js';

type Decision = E.Either<DomainError, SignatureRequestEvent[]>;

const approve = ({ data }: SubmitSignatureApproval, request: SignatureRequest): Decision => {
  if (request.approval?.signature === data.signature && data.signer === request.signer.locator) {
    return E.left(
      conflict('approval_already_submitted', `${data.signer} already approved this signature`, { signer: data.signer }),
    );
  }
  if (request.outputSignature !== undefined) {
    return E.left(domainError('unprocessable', 'approvals_complete', 'This signature needs no more approvals'));
  }
  if (data.signer !== request.signer.locator) {
    return E.left(
      invalid(
        'signer_not_pending',
        `signer: ${data.signer} is not asked to approve; awaiting ${request.signer.locator}`,
        {
          awaiting: [request.signer.locator],
        },
      ),
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
  const { signatureId } = request;
  return E.right([
    {
      type: 'SignatureApprovalSubmitted',
      data: { signatureId, signer: data.signer, signature: data.signature, submittedAt: data.submittedAt },
    },
    // One signer approves a signature: its signature of the smart-account message is the wallet's (ERC-1271).
    {
      type: 'SignatureCompleted',
      data: { signatureId, outputSignature: data.signature, completedAt: data.submittedAt },
    },
  ]);
};

const decide = (command: SignatureRequestCommand, state: SignatureRequestState): Decision => {
  switch (command.type) {
    case 'RequestSignature': {
      if (state) return E.left(conflict('signature_already_exists', `signature ${state.signatureId} already exists`));
      const { signedByService, ...request } = command.data;
      if (signedByService === undefined) return E.right([{ type: 'SignatureRequested', data: request }]);
      return E.right([
        { type: 'SignatureRequested', data: request },
        {
          type: 'SignatureCompleted',
          data: { signatureId: request.signatureId, outputSignature: signedByService, completedAt: request.createdAt },
        },
      ]);
    }
    case 'SubmitSignatureApproval':
      return state ? approve(command, state) : E.left(notFound());
  }
};

const evolve = (state: SignatureRequestState, event: SignatureRequestEvent): SignatureRequestState => {
  switch (event.type) {
    case 'SignatureRequested':
      return event.data;
    case 'SignatureApprovalSubmitted':
      return state && { ...state, approval: { signature: event.data.signature, submittedAt: event.data.submittedAt } };
    case 'SignatureCompleted':
      return state && { ...state, outputSignature: event.data.outputSignature, completedAt: event.data.completedAt };
  }
};

/** A wallet signature request: one stream per request (`walletsignature-<id>`). */
export const signatureRequestDecider: Decider<
  SignatureRequestCommand,
  SignatureRequestEvent,
  SignatureRequestState,
  DomainError
> = {
  decide,
  evolve,
  initialState: () => null,
};
