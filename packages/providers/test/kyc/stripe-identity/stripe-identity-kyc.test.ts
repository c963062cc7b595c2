import { ManualClock } from '@paykit/kernel';
import Stripe from 'stripe';
import {
  type StripeClientSettings,
  StripeIdentityKyc,
  StripeIdentityWebhooks,
  createStripeClient,
} from '../../../src/index.js';
import { type IdentityOutcome, StripeMock } from '../../support/stripe-mock/index.js';
import { leftOf, rightOf } from '../../support.js';
import { describeKycConformance } from '../kyc-conformance.js';

const PUBLISHABLE_KEY = 'pk_test_contract';
const ENDPOINT_SECRET = 'whsec_identity';

let mock: StripeMock;

beforeAll(async () => {
  mock = await StripeMock.start();
});

// Fails when an answer of the mock broke Stripe's schema, or a request reached what it does not implement.
afterAll(() => mock.close());

const kycOn = (settings: Partial<StripeClientSettings> = {}) =>
  new StripeIdentityKyc({
    stripe: createStripeClient({ secretKey: 'sk_test_contract', apiBase: mock.url, maxNetworkRetries: 0, ...settings }),
    publishableKey: PUBLISHABLE_KEY,
    returnUrl: 'https://shop.example/kyc-done',
  });

const webhooks = (at = new Date()) =>
  new StripeIdentityWebhooks({
    endpointSecret: ENDPOINT_SECRET,
    publishableKey: PUBLISHABLE_KEY,
    clock: new ManualClock(at.toISOString()),
  });

const start = async (userId = 'project-1:user-1', referenceId = 'order-1') =>
  rightOf(await kycOn().startInquiry({ userId, referenceId }));

describeKycConformance('StripeIdentityKyc', () => kycOn(), 'vs_unknown');

describe('Stripe Identity against Stripe’s OpenAPI document', () => {
  it('opens a document VerificationSession with our metadata and an idempotency key per user and reference', async () => {
    const inquiry = await start('project-1:ana', 'order-7');
    expect(inquiry).toEqual({
      provider: 'stripe-identity',
      inquiryId: expect.stringMatching(/^vs_/),
      sessionToken: expect.stringMatching(/^vs_\w+_secret_/),
      environmentId: PUBLISHABLE_KEY,
      userId: 'project-1:ana',
      referenceId: 'order-7',
      status: 'pending',
      createdAt: expect.any(String),
    });
    expect(mock.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/identity/verification_sessions',
      status: 200,
      stripeVersion: Stripe.API_VERSION,
      idempotencyKey: expect.stringMatching(/^paykit-kyc-[0-9a-f]{64}$/),
      body: {
        type: 'document',
        metadata: { paykit_user: 'project-1:ana', paykit_reference: 'order-7' },
        return_url: 'https://shop.example/kyc-done',
      },
    });
    const again = await start('project-1:ana', 'order-7');
    expect(again.inquiryId).toBe(inquiry.inquiryId);
    expect((await start('project-1:ana', 'order-8')).inquiryId).not.toBe(inquiry.inquiryId);
  });

  it.each<[IdentityOutcome, string]>([
    [{ kind: 'verified' }, 'approved'],
    [{ kind: 'canceled' }, 'declined'],
    [{ kind: 'failed', code: 'under_supported_age' }, 'declined'],
    [{ kind: 'failed', code: 'consent_declined' }, 'declined'],
    [{ kind: 'failed', code: 'selfie_face_mismatch' }, 'needs-review'],
    [{ kind: 'failed', code: 'document_expired' }, 'needs-review'],
  ])('reads the session after %p as %s, and its signed webhook says the same', async (outcome, status) => {
    const inquiry = await start(`project-1:${JSON.stringify(outcome)}`);
    const event = mock.completeVerification(inquiry.inquiryId, outcome);
    expect(rightOf(await kycOn().getInquiry(inquiry.inquiryId)).status).toBe(status);
    const { payload, signature } = mock.signed(event, ENDPOINT_SECRET);
    expect(rightOf(webhooks().inquiryUpdateOf(Buffer.from(payload), signature))).toMatchObject({
      inquiryId: inquiry.inquiryId,
      userId: inquiry.userId,
      status,
    });
  });

  it('refuses a webhook with a bad signature, another secret, an altered body, a stale timestamp or none', async () => {
    const inquiry = await start('project-1:signatures');
    const event = mock.completeVerification(inquiry.inquiryId, { kind: 'verified' });
    const { payload, signature } = mock.signed(event, ENDPOINT_SECRET);
    const other = mock.signed(event, 'whsec_other');
    const stale = mock.signed(event, ENDPOINT_SECRET, Math.floor(Date.now() / 1000) - 3600);
    for (const [body, header] of [
      [payload, other.signature],
      [payload.replace('"verified"', '"canceled"'), signature],
      [stale.payload, stale.signature],
      [payload, undefined],
      [payload, 't=1,v1=00'],
    ] as const) {
      expect(leftOf(webhooks().inquiryUpdateOf(Buffer.from(body), header))).toMatchObject({
        kind: 'invalid',
        code: 'invalid_webhook_signature',
      });
    }
  });

  it('acknowledges events that decide nothing of ours: a created session, another party’s session', async () => {
    const inquiry = await start('project-1:created');
    const created = mock.events('identity.verification_session.created').at(-1)!;
    expect((created['data'] as { object: { id: string } }).object.id).toBe(inquiry.inquiryId);
    const signedCreated = mock.signed(created, ENDPOINT_SECRET);
    expect(rightOf(webhooks().inquiryUpdateOf(Buffer.from(signedCreated.payload), signedCreated.signature))).toBe(
      undefined,
    );
    const foreign = mock.completeVerification(
      rightOf(await kycOn().startInquiry({ userId: 'project-1:foreign' })).inquiryId,
      { kind: 'verified' },
    );
    const data = foreign['data'] as { object: Record<string, unknown> };
    const notOurs = { ...foreign, data: { ...data, object: { ...data.object, metadata: {} } } };
    const signedForeign = mock.signed(notOurs, ENDPOINT_SECRET);
    expect(rightOf(webhooks().inquiryUpdateOf(Buffer.from(signedForeign.payload), signedForeign.signature))).toBe(
      undefined,
    );
  });

  describe('failures', () => {
    it('answers Stripe’s 500 as unavailable', async () => {
      mock.fail('server-error');
      expect(leftOf(await kycOn().startInquiry({ userId: 'project-1:outage' }))).toMatchObject({
        kind: 'unavailable',
        code: 'provider_unavailable',
        message: 'The kyc provider is unavailable',
      });
    });

    it('answers no answer within the timeout as provider_timeout', async () => {
      mock.fail('timeout');
      expect(leftOf(await kycOn({ timeoutMs: 150 }).startInquiry({ userId: 'project-1:slow' }))).toMatchObject({
        kind: 'unavailable',
        code: 'provider_timeout',
      });
    });

    it.each(['not-json', 'wrong-shape'] as const)('answers a %s answer as upstream_invalid', async (fault) => {
      const inquiry = await start('project-1:malformed');
      mock.fail(fault);
      expect(leftOf(await kycOn().getInquiry(inquiry.inquiryId))).toMatchObject({
        kind: 'upstream_invalid',
        code: 'provider_invalid_response',
      });
    });

    it('answers a session Stripe does not know as inquiry_not_found', async () => {
      expect(leftOf(await kycOn().getInquiry('vs_1NotKnownToStripe'))).toMatchObject({ code: 'inquiry_not_found' });
      expect(mock.requests.at(-1)).toMatchObject({
        path: '/v1/identity/verification_sessions/vs_1NotKnownToStripe',
        status: 404,
      });
    });
  });
});
