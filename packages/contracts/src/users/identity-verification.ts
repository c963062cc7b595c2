import { z } from 'zod';

export const Eligibility = z
  .object({
    type: z.enum(['onramp', 'offramp']),
    status: z.enum(['requires-data', 'pending-review', 'verified', 'rejected']),
    missingData: z.array(z.string()).optional().describe('Data items still to send with PUT /users/{userLocator}'),
    missingDocuments: z.array(z.string()).optional().describe('Document types still to upload'),
  })
  .meta({ id: 'Eligibility' });

export const KycSession = z
  .object({ provider: z.string(), inquiryId: z.string(), sessionToken: z.string(), environmentId: z.string() })
  .meta({ id: 'KycSession', description: 'What a client needs to open the identity provider’s flow' });

export const IdentityVerificationResponse = z
  .object({
    eligibility: z.array(Eligibility),
    kyc: KycSession.optional().describe('The identity check under way, when one is waiting for the person'),
  })
  .meta({ id: 'IdentityVerification' });
export type IdentityVerificationResponse = z.infer<typeof IdentityVerificationResponse>;
