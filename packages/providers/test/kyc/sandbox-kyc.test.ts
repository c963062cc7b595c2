import { SandboxFaults, SandboxKyc, type SandboxKycOptions, type StartInquiryInput } from '../../src/index.js';
import { clockAt, ids, leftOf, rightOf } from '../support.js';
import { describeKycConformance } from './kyc-conformance.js';

const kyc = (options: Partial<SandboxKycOptions> = {}) => {
  const clock = clockAt('2026-01-01T00:00:00Z');
  return { clock, kyc: new SandboxKyc({ clock, ids: ids('kyc'), ...options }) };
};

const start = async (sandbox: SandboxKyc, input: Partial<StartInquiryInput> = {}) =>
  rightOf(await sandbox.startInquiry({ userId: 'user-1', ...input }));

describe('SandboxKyc: the outcome follows the input', () => {
  it('opens an inquiry with the fields of payment.preparation.kyc', async () => {
    const inquiry = await start(kyc({ provider: 'persona', environmentId: 'env_staging' }).kyc, {
      referenceId: 'order-1',
    });
    expect(inquiry).toEqual({
      provider: 'persona',
      inquiryId: expect.stringMatching(/^inq_[0-9a-f-]{36}$/),
      sessionToken: expect.stringMatching(/^kyc_session_[0-9a-f]{32}$/),
      environmentId: 'env_staging',
      userId: 'user-1',
      referenceId: 'order-1',
      status: 'approved',
      createdAt: '2026-01-01T00:00:00.000Z',
      decidedAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it.each([
    [{ email: 'ana+decline@example.com' }, 'declined'],
    [{ email: 'ana+REVIEW@example.com' }, 'needs-review'],
    [{ name: 'Ana +approve Silva' }, 'approved'],
    [{ name: 'Ana Silva', email: 'ana@example.com' }, 'approved'],
    [{ email: 'ana+approve@example.com', sandboxOutcome: 'declined' }, 'declined'],
    [{ sandboxOutcome: 'needs-review' }, 'needs-review'],
  ] as const)('decides %p as %s', async (input, status) => {
    expect((await start(kyc().kyc, input)).status).toBe(status);
  });

  it('takes its default outcome from configuration', async () => {
    expect((await start(kyc({ defaultOutcome: 'declined' }).kyc)).status).toBe('declined');
  });

  it('refuses an unknown sandboxOutcome and a missing user', async () => {
    expect(leftOf(await kyc().kyc.startInquiry({ userId: 'u', sandboxOutcome: 'maybe' })).code).toBe(
      'invalid_sandbox_outcome',
    );
    expect(leftOf(await kyc().kyc.startInquiry({ userId: ' ' })).code).toBe('invalid_user_id');
  });

  it('is deterministic under a seeded id source', async () => {
    expect((await start(kyc().kyc)).sessionToken).toBe((await start(kyc().kyc)).sessionToken);
  });
});

describe('SandboxKyc: over time', () => {
  it('stays pending until the person has had time to complete the check', async () => {
    const { clock, kyc: sandbox } = kyc({ completionDelayMs: 60_000 });
    const inquiry = await start(sandbox, { email: 'bo+decline@example.com' });
    expect(inquiry.status).toBe('pending');
    clock.advance(59_999);
    expect(rightOf(await sandbox.getInquiry(inquiry.inquiryId)).status).toBe('pending');
    clock.advance(1);
    expect(rightOf(await sandbox.getInquiry(inquiry.inquiryId))).toMatchObject({
      status: 'declined',
      decidedAt: '2026-01-01T00:01:00.000Z',
    });
  });

  it('holds a manual review until the reviewer resolves it', async () => {
    const { clock, kyc: sandbox } = kyc();
    const inquiry = await start(sandbox, { sandboxOutcome: 'needs-review' });
    expect(inquiry.decidedAt).toBeUndefined();
    clock.advance(3_600_000);
    expect(rightOf(await sandbox.getInquiry(inquiry.inquiryId)).status).toBe('needs-review');
    const resolved = rightOf(await sandbox.resolveReview(inquiry.inquiryId, 'approved'));
    expect([resolved.status, resolved.decidedAt]).toEqual(['approved', '2026-01-01T01:00:00.000Z']);
    expect(rightOf(await sandbox.getInquiry(inquiry.inquiryId)).status).toBe('approved');
    expect(rightOf(await sandbox.resolveReview(inquiry.inquiryId, 'approved')).status).toBe('approved');
    expect(leftOf(await sandbox.resolveReview(inquiry.inquiryId, 'declined')).code).toBe('inquiry_not_in_review');
  });

  it('resolves a review as declined', async () => {
    const { kyc: sandbox } = kyc();
    const inquiry = await start(sandbox, { email: 'x+review@example.com' });
    expect(rightOf(await sandbox.resolveReview(inquiry.inquiryId, 'declined')).status).toBe('declined');
  });

  it('refuses to review an inquiry that is not in review', async () => {
    const { kyc: sandbox } = kyc();
    const inquiry = await start(sandbox);
    expect(leftOf(await sandbox.resolveReview(inquiry.inquiryId, 'declined')).code).toBe('inquiry_not_in_review');
    expect(leftOf(await sandbox.resolveReview('inq_nope', 'declined')).code).toBe('inquiry_not_found');
  });

  it("resumes a user's open inquiry and opens a new one once it is decided", async () => {
    const { clock, kyc: sandbox } = kyc({ completionDelayMs: 1000 });
    const first = await start(sandbox, { email: 'c+decline@example.com' });
    expect((await start(sandbox)).inquiryId).toBe(first.inquiryId);
    expect((await start(sandbox, { userId: 'user-2' })).inquiryId).not.toBe(first.inquiryId);
    clock.advance(1000);
    const second = await start(sandbox);
    expect(second.inquiryId).not.toBe(first.inquiryId);
    expect(rightOf(await sandbox.getInquiry(first.inquiryId)).status).toBe('declined');
  });
});

describe('SandboxKyc: failures', () => {
  it('answers unknown inquiries, outages and malformed answers', async () => {
    const faults = new SandboxFaults();
    const { kyc: sandbox } = kyc({ faults });
    expect(leftOf(await sandbox.getInquiry('inq_nope'))).toMatchObject({
      kind: 'not_found',
      code: 'inquiry_not_found',
    });
    faults.inject({ operation: 'kyc.startInquiry', kind: 'unavailable', times: 1 });
    expect(leftOf(await sandbox.startInquiry({ userId: 'u' })).kind).toBe('unavailable');
    const inquiry = await start(sandbox);
    faults.inject({ operation: 'kyc.getInquiry', kind: 'malformed', times: 1 });
    expect(leftOf(await sandbox.getInquiry(inquiry.inquiryId)).kind).toBe('upstream_invalid');
    expect(rightOf(await sandbox.getInquiry(inquiry.inquiryId)).status).toBe('approved');
  });
});

const conforming = kyc().kyc;
describeKycConformance('SandboxKyc', () => conforming, 'inq_00000000-0000-4000-8000-000000000000');
