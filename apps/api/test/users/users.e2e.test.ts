import { type SandboxKyc } from '@paykit/providers';
import { IdentityVerificationService } from '../../src/users/identity-verification.service.js';
import { KYC_PROVIDER } from '../../src/users/kyc.provider.js';
import { type IdentityServer, everythingOnDisk, startIdentityServer } from './identity-fixtures.js';

const PNG = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64')}`;

const details = (firstName = 'Ana', overrides: Record<string, unknown> = {}) => ({
  userDetails: { firstName, lastName: 'Lima', dateOfBirth: '1990-04-12', countryOfResidence: 'us' },
  kycData: { address: { line1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' } },
  ...overrides,
});

describe('users and identity verification', () => {
  let api: IdentityServer;
  beforeAll(async () => {
    api = await startIdentityServer();
  });
  afterAll(() => api.close());

  const user = (locator: string) => `/2025-06-09/users/${encodeURIComponent(locator)}`;
  const upload = (locator: string, documentType: string) =>
    api.call('POST', '/2025-06-09/documents', {
      data: PNG,
      documentType,
      reference: { userLocator: locator },
      expiresAt: '2035-01-01',
    });
  const verification = (locator: string) => api.call('GET', `${user(locator)}/identity-verification`);
  const startVerification = (locator: string) => api.call('PUT', `${user(locator)}/identity-verification`);
  /** Everything an onramp needs: details, a passport and a selfie. */
  const readyForOnramp = async (locator: string, firstName?: string) => {
    expect((await api.call('PUT', user(locator), details(firstName))).status).toBe(200);
    expect((await upload(locator, 'id-passport')).status).toBe(201);
    expect((await upload(locator, 'selfie-front')).status).toBe(201);
  };

  describe('PUT /users/{userLocator}', () => {
    it('saves details and KYC data and answers them; a later section replaces only itself', async () => {
      const saved = await api.call('PUT', user('email:ana@example.com'), details());
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        userLocator: 'email:ana@example.com',
        userDetails: { firstName: 'Ana', lastName: 'Lima', dateOfBirth: '1990-04-12', countryOfResidence: 'US' },
        kycData: { address: { city: 'Springfield', country: 'US' } },
      });
      const phone = await api.call('PUT', user('email:ANA@example.com'), { kycData: { phoneNumber: '+14155550123' } });
      expect(phone.body.userDetails.firstName).toBe('Ana');
      expect(phone.body.kycData).toEqual({ phoneNumber: '+14155550123' });
      expect(phone.body.createdAt).toBe(saved.body.createdAt);
    });

    it.each([
      [
        'a day that does not exist',
        { userDetails: { firstName: 'A', lastName: 'B', dateOfBirth: '1990-02-30' } },
        'userDetails.dateOfBirth',
      ],
      [
        'a minor',
        { userDetails: { firstName: 'A', lastName: 'B', dateOfBirth: '2015-01-01' } },
        'userDetails.dateOfBirth',
      ],
      [
        'a birth date in the future',
        { userDetails: { firstName: 'A', lastName: 'B', dateOfBirth: '2999-01-01' } },
        'userDetails.dateOfBirth',
      ],
      ['a bad email', { kycData: { email: 'not-an-email' } }, 'kycData.email'],
      ['a phone number not in E.164', { kycData: { phoneNumber: '415 555 0123' } }, 'kycData.phoneNumber'],
      [
        'an unknown country',
        { kycData: { address: { line1: 'x', city: 'y', postalCode: '1', country: 'XX' } } },
        'kycData.address.country',
      ],
      ['an unknown field', { ssn: '123-45-6789' }, 'body'],
      ['nothing', {}, 'body'],
    ])('refuses %s with a 400 naming the field', async (_case, body, field) => {
      const response = await api.call('PUT', user('userId:invalid'), body);
      expect(response.status).toBe(400);
      expect(response.body.parameters.issues.map((issue: { path: string }) => issue.path)).toContain(field);
    });

    it('refuses a user locator that is not one', async () => {
      const response = await api.call('PUT', user('ana@example.com'), details());
      expect(response.status).toBe(400);
      expect(response.body.parameters.issues[0].path).toBe('userLocator');
    });
  });

  describe('eligibility through the KYC sandbox', () => {
    it('asks for data and documents first, and will not start a check without them', async () => {
      const locator = 'userId:newcomer';
      const before = await verification(locator);
      expect(before.status).toBe(200);
      expect(before.body.eligibility).toEqual([
        {
          type: 'onramp',
          status: 'requires-data',
          missingData: ['name', 'dateOfBirth', 'address', 'email'],
          missingDocuments: ['id-passport', 'selfie-front'],
        },
        {
          type: 'offramp',
          status: 'requires-data',
          missingData: ['name', 'dateOfBirth', 'address', 'email', 'phoneNumber'],
          missingDocuments: ['id-passport', 'selfie-front', 'proof-of-address'],
        },
      ]);
      const refused = await startVerification(locator);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({
        code: 'identity_data_missing',
        parameters: { missingDocuments: ['id-passport', 'selfie-front'] },
      });

      await upload(locator, 'id-idcard-front');
      const halfCard = await verification(locator);
      expect(halfCard.body.eligibility[0].missingDocuments).toEqual(['id-idcard-back', 'selfie-front']);
    });

    it('approve: verified for onramp; offramp still needs a phone and a proof of address', async () => {
      const locator = 'email:approved@example.com';
      await readyForOnramp(locator);
      const ready = await verification(locator);
      expect(ready.body.eligibility[0]).toEqual({ type: 'onramp', status: 'requires-data' });
      const started = await startVerification(locator);
      expect(started.status).toBe(200);
      expect(started.body.eligibility).toEqual([
        { type: 'onramp', status: 'verified' },
        {
          type: 'offramp',
          status: 'requires-data',
          missingData: ['phoneNumber'],
          missingDocuments: ['proof-of-address'],
        },
      ]);
      await api.call('PUT', user(locator), {
        kycData: { phoneNumber: '+14155550100', address: details().kycData.address },
      });
      await upload(locator, 'proof-of-address');
      expect((await verification(locator)).body.eligibility).toEqual([
        { type: 'onramp', status: 'verified' },
        { type: 'offramp', status: 'verified' },
      ]);
      // A new name voids the check; the same name again does not.
      await api.call('PUT', user(locator), details());
      expect((await verification(locator)).body.eligibility[0].status).toBe('verified');
      await api.call('PUT', user(locator), details('Anna'));
      expect((await verification(locator)).body.eligibility[0]).toEqual({ type: 'onramp', status: 'requires-data' });
    });

    it('decline: rejected for both, and it stays so', async () => {
      const locator = 'email:bo+decline@example.com';
      await readyForOnramp(locator, 'Bo');
      const started = await startVerification(locator);
      expect(started.body.eligibility).toEqual([
        { type: 'onramp', status: 'rejected' },
        { type: 'offramp', status: 'rejected' },
      ]);
      await api.call('PUT', user(locator), details('Someone Else'));
      expect((await startVerification(locator)).body.eligibility[0].status).toBe('rejected');
      expect((await verification(locator)).body.eligibility[1].status).toBe('rejected');
    });

    it('manual review: pending until the reviewer decides, with the provider session to show', async () => {
      const locator = 'email:cy+review@example.com';
      await readyForOnramp(locator, 'Cy');
      const started = await startVerification(locator);
      expect(started.body.eligibility[0]).toEqual({ type: 'onramp', status: 'pending-review' });
      expect(started.body.kyc).toEqual({
        provider: 'sandbox-kyc',
        inquiryId: expect.stringMatching(/^inq_/),
        sessionToken: expect.any(String),
        environmentId: expect.any(String),
      });
      expect((await startVerification(locator)).body.kyc.inquiryId).toBe(started.body.kyc.inquiryId);
      const kyc = api.server.app.get<SandboxKyc>(KYC_PROVIDER);
      await kyc.resolveReview(started.body.kyc.inquiryId, 'approved');
      const after = await verification(locator);
      expect(after.body.eligibility[0]).toEqual({ type: 'onramp', status: 'verified' });
      expect(after.body).not.toHaveProperty('kyc');
    });

    it('keeps each project’s users apart', async () => {
      const locator = 'userId:shared-name';
      await readyForOnramp(locator);
      await startVerification(locator);
      const elsewhere = await api.call('GET', `${user(locator)}/identity-verification`, undefined, api.other);
      expect(elsewhere.body.eligibility[0].status).toBe('requires-data');
      expect(elsewhere.body.eligibility[0].missingData).toContain('name');
    });
  });

  describe('for the orders area (IdentityVerificationService)', () => {
    const context = () => ({
      projectId: api.shop.projectId,
      actor: { type: 'system' as const, id: 'test' },
      correlationId: 'test',
    });

    it('opens a check from an order without our data, and reports its standing', async () => {
      const service = api.server.app.get(IdentityVerificationService);
      expect(await service.kycStanding(api.shop.projectId, 'email:dee+review@example.com')).toEqual({
        status: 'not-started',
      });
      const opened = await service.openCheck(context(), 'email:dee+review@example.com', 'order-1');
      expect(opened).toEqual({
        status: 'needs-review',
        session: {
          provider: 'sandbox-kyc',
          inquiryId: expect.any(String),
          sessionToken: expect.any(String),
          environmentId: expect.any(String),
        },
      });
      expect((await service.openCheck(context(), 'email:DEE+review@example.com')).session?.inquiryId).toBe(
        opened.session?.inquiryId,
      );
      await api.server.app.get<SandboxKyc>(KYC_PROVIDER).resolveReview(opened.session!.inquiryId, 'declined');
      expect(await service.kycStanding(api.shop.projectId, 'email:dee+review@example.com')).toEqual({
        status: 'declined',
      });
      expect(
        (await service.eligibility(api.shop.projectId, 'email:dee+review@example.com')).map((entry) => entry.status),
      ).toEqual(['rejected', 'rejected']);
      expect(await service.kycStanding(api.other.projectId, 'email:dee+review@example.com')).toEqual({
        status: 'not-started',
      });
    });
  });

  it('keeps personal data out of the event store file and the logs', async () => {
    await api.call('PUT', user('userId:secretive'), details('Zephyrine', { kycData: { phoneNumber: '+14155559876' } }));
    const disk = await everythingOnDisk(api.server.dataDir);
    for (const personal of ['Zephyrine', '+14155559876', '1990-04-12', 'Springfield']) {
      expect(disk).not.toContain(personal);
      expect(api.logs.text()).not.toContain(personal);
    }
  });
});
