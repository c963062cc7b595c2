import { DeciderSpecification } from '@paykit/kernel/testing';
import {
  type RequestSignature,
  type SignatureRequestEvent,
  signatureRequestDecider,
  toSignatureResource,
} from '../../src/index.js';

const spec = DeciderSpecification.for(signatureRequestDecider);
const ADMIN = {
  type: 'external-wallet',
  address: '0x1111111111111111111111111111111111111111',
  locator: 'external-wallet:0x1111111111111111111111111111111111111111',
};
const AT = '2026-03-01T12:00:00.000Z';
const LATER = '2026-03-01T12:00:05.000Z';
const SIGNATURE = `0x${'ab'.repeat(65)}`;

const request: RequestSignature['data'] = {
  signatureId: 'sig-1',
  walletId: 'wallet-1',
  walletAddress: '0x2222222222222222222222222222222222222222',
  environment: 'staging',
  walletType: 'smart',
  chain: 'base-sepolia',
  type: 'message',
  params: { message: 'hello' },
  signer: ADMIN,
  digest: `0x${'01'.repeat(32)}`,
  approvalMessage: `0x${'02'.repeat(32)}`,
  createdAt: AT,
};
const requested: SignatureRequestEvent = { type: 'SignatureRequested', data: request };
const approval = (overrides: Partial<{ signer: string; verified: boolean; signature: string }> = {}) => ({
  type: 'SubmitSignatureApproval' as const,
  data: { signer: ADMIN.locator, signature: SIGNATURE, verified: true, submittedAt: LATER, ...overrides },
});

describe('signature requests', () => {
  it('waits for the signer of a smart wallet', () => {
    spec.given([]).when({ type: 'RequestSignature', data: request }).then([requested]);
  });

  it('completes at once when the service holds the signing key', () => {
    spec
      .given([])
      .when({ type: 'RequestSignature', data: { ...request, walletType: 'mpc', signedByService: SIGNATURE } })
      .then([
        { type: 'SignatureRequested', data: { ...request, walletType: 'mpc' } },
        { type: 'SignatureCompleted', data: { signatureId: 'sig-1', outputSignature: SIGNATURE, completedAt: AT } },
      ]);
  });

  it('takes the signer’s verified signature as the wallet’s', () => {
    spec
      .given([requested])
      .when(approval())
      .then([
        {
          type: 'SignatureApprovalSubmitted',
          data: { signatureId: 'sig-1', signer: ADMIN.locator, signature: SIGNATURE, submittedAt: LATER },
        },
        { type: 'SignatureCompleted', data: { signatureId: 'sig-1', outputSignature: SIGNATURE, completedAt: LATER } },
      ]);
  });

  it('refuses a signature that does not verify, another signer, a repeat and a late one', () => {
    spec
      .given([requested])
      .when(approval({ verified: false }))
      .thenFails({ code: 'invalid_signature' });
    spec
      .given([requested])
      .when(approval({ signer: 'external-wallet:0x3333333333333333333333333333333333333333' }))
      .thenFails({ code: 'signer_not_pending' });
    const done = spec.given([requested]).when(approval()).events();
    spec
      .given([requested, ...done])
      .when(approval())
      .thenFails({ code: 'approval_already_submitted' });
    spec
      .given([requested, ...done])
      .when(approval({ signature: `0x${'cd'.repeat(65)}` }))
      .thenFails({ code: 'approvals_complete' });
    spec.given([]).when(approval()).thenFails({ code: 'not_found' });
    spec
      .given([requested])
      .when({ type: 'RequestSignature', data: request })
      .thenFails({ code: 'signature_already_exists' });
  });

  it('shows a lone signer’s pending approval as itself, then the output signature', () => {
    const waiting = signatureRequestDecider.evolve(null, requested);
    expect(toSignatureResource(waiting!)).toMatchObject({
      id: 'sig-1',
      status: 'awaiting-approval',
      params: { message: 'hello', signer: ADMIN, chain: 'base-sepolia' },
      approvals: { required: 1, pending: [{ signer: ADMIN, message: request.approvalMessage }], submitted: [] },
    });
    const done = spec.given([requested]).when(approval()).events().reduce(signatureRequestDecider.evolve, waiting);
    expect(toSignatureResource(done!)).toMatchObject({
      status: 'success',
      outputSignature: SIGNATURE,
      approvals: { pending: [], submitted: [{ signer: ADMIN, signature: SIGNATURE, submittedAt: Date.parse(LATER) }] },
    });
  });
});
