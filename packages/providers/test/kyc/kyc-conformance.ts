import type { KycProviderPort } from '../../src/index.js';
import { leftOf, rightOf } from '../support.js';

/**
 * What every KYC provider adapter answers alike (the sandbox and Stripe Identity): an inquiry
 * carrying the fields of `payment.preparation.kyc` that reads back by its id, and the port's
 * refusals. `provider()` is called in each test, after the suite's own setup.
 */
export const describeKycConformance = (name: string, provider: () => KycProviderPort, unknownId: string): void => {
  describe(`${name}: the KYC port`, () => {
    it('opens an inquiry with what the client needs to open the flow, and reads it back by its id', async () => {
      const started = rightOf(await provider().startInquiry({ userId: 'project-1:user-1', referenceId: 'order-1' }));
      expect(started).toMatchObject({ userId: 'project-1:user-1', referenceId: 'order-1' });
      for (const field of ['provider', 'inquiryId', 'sessionToken', 'environmentId'] as const) {
        expect(started[field]).toEqual(expect.stringMatching(/\S/));
      }
      expect(Number.isNaN(Date.parse(started.createdAt))).toBe(false);
      const read = rightOf(await provider().getInquiry(started.inquiryId));
      expect(read).toMatchObject({ inquiryId: started.inquiryId, userId: 'project-1:user-1', status: started.status });
    });

    it('refuses a blank user and answers an unknown inquiry as inquiry_not_found', async () => {
      expect(leftOf(await provider().startInquiry({ userId: ' ' }))).toMatchObject({
        kind: 'invalid',
        code: 'invalid_user_id',
      });
      expect(leftOf(await provider().getInquiry(unknownId))).toMatchObject({
        kind: 'not_found',
        code: 'inquiry_not_found',
      });
    });
  });
};
