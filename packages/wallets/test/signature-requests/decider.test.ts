import { invalid } from '@paykit/kernel';
import { DeciderSpecification, refusal } from '@paykit/kernel/testing';
import {
  type RequestSignature,
  type SignatureRequestEvent,
  type SubmitSignatureApproval,
  signatureRequestDecider,
  signatureStreamName,
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
const approval = (overrides: Partial<SubmitSignatureApproval['data']> = {}) => ({
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
    const outright = invalid('webauthn_origin_not_allowed', 'metadata.clientDataJSON: origin https://evil.example');
    spec
      .given([requested])
      .when(approval({ verified: false, refusal: outright }))
      .thenFails(outright);
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

describe('signature requests: refusals in full', () => {
  const done = spec.given([requested]).when(approval()).events();

  it('names the signer who already approved', () => {
    spec
      .given([requested, ...done])
      .when(approval())
      .thenFails(
        refusal('conflict', 'approval_already_submitted', `${ADMIN.locator} already approved this signature`, {
          signer: ADMIN.locator,
        }),
      );
  });

  it('says a completed signature needs no more approvals', () => {
    spec
      .given([requested, ...done])
      .when(approval({ signature: `0x${'cd'.repeat(65)}` }))
      .thenFails(refusal('unprocessable', 'approvals_complete', 'This signature needs no more approvals'));
  });

  it('names the signer it awaits when another one approves', () => {
    const other = 'external-wallet:0x3333333333333333333333333333333333333333';
    spec
      .given([requested])
      .when(approval({ signer: other }))
      .thenFails(
        refusal(
          'invalid',
          'signer_not_pending',
          `signer: ${other} is not asked to approve; awaiting ${ADMIN.locator}`,
          {
            awaiting: [ADMIN.locator],
          },
        ),
      );
  });

  it('names the signer whose signature does not verify', () => {
    spec
      .given([requested])
      .when(approval({ verified: false }))
      .thenFails(
        refusal(
          'invalid',
          'invalid_signature',
          `the signature of ${ADMIN.locator} does not verify against the approval message`,
          { signer: ADMIN.locator },
        ),
      );
  });
});

describe('signature requests: the resource', () => {
  const resourceAfter = (events: readonly SignatureRequestEvent[]) =>
    toSignatureResource(events.reduce(signatureRequestDecider.evolve, null)!);

  it('shows a request awaiting its approval in full, with no output signature or completion yet', () => {
    expect(resourceAfter([requested])).toStrictEqual({
      id: 'sig-1',
      type: 'message',
      chainType: 'evm',
      walletType: 'smart',
      status: 'awaiting-approval',
      params: { message: 'hello', signer: ADMIN, chain: 'base-sepolia' },
      approvals: { required: 1, pending: [{ signer: ADMIN, message: request.approvalMessage }], submitted: [] },
      createdAt: Date.parse(AT),
    });
  });

  it('still counts the one approval a smart wallet required once it is in', () => {
    const done = spec.given([requested]).when(approval()).events();
    expect(resourceAfter([requested, ...done]).approvals).toEqual({
      required: 1,
      pending: [],
      submitted: [
        { signer: ADMIN, message: request.approvalMessage, signature: SIGNATURE, submittedAt: Date.parse(LATER) },
      ],
    });
  });

  /** The resource of a request the service signs as it records it. */
  const signedAtOnce = (data: typeof request) =>
    resourceAfter(
      spec
        .given([])
        .when({ type: 'RequestSignature', data: { ...data, signedByService: SIGNATURE } })
        .events(),
    );

  it('asks no approval of a smart wallet whose signer the service holds: it signs at once', () => {
    expect(signedAtOnce(request)).toMatchObject({
      status: 'success',
      outputSignature: SIGNATURE,
      completedAt: Date.parse(AT),
      approvals: { required: 0, pending: [], submitted: [] },
    });
  });

  it('never asks an approval of an MPC wallet, which signs with its own key, before or after it signs', () => {
    const mpc = { ...request, walletType: 'mpc' as const };
    const waiting = spec.given([]).when({ type: 'RequestSignature', data: mpc }).events();
    expect(resourceAfter(waiting).approvals).toEqual({ required: 0, pending: [], submitted: [] });
    expect(signedAtOnce(mpc)).toMatchObject({
      status: 'success',
      outputSignature: SIGNATURE,
      approvals: { required: 0, pending: [], submitted: [] },
    });
  });
});

describe('signatureStreamName', () => {
  // Stream names are stored: renaming one would orphan every signature request already recorded.
  it('keeps each signature request in its own stream, walletsignature-<id>', () => {
    expect(signatureStreamName('sig-1')).toBe('walletsignature-sig-1');
  });
});
