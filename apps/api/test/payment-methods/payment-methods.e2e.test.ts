import { SavedPaymentMethods } from '../../src/payment-methods/saved-payment-methods.js';
import { type IdentityServer, everythingOnDisk, startIdentityServer } from '../users/identity-fixtures.js';

const ACCOUNT_NUMBER = '000987654321';
const ROUTING_NUMBER = '110000000';

const bankAccount = (overrides: Record<string, unknown> = {}) => ({
  accountNumber: ACCOUNT_NUMBER,
  routingNumber: ROUTING_NUMBER,
  accountType: 'checking',
  bankName: 'First Sandbox Bank',
  currency: 'usd',
  country: 'US',
  entityType: 'individual',
  billing: {
    name: 'Ana Lima',
    address: { line1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' },
  },
  ...overrides,
});

const create = (userLocator: string, overrides: Record<string, unknown> = {}) => ({
  type: 'bank-account-us',
  userLocator,
  bankAccount: bankAccount(overrides),
});

describe('payment methods', () => {
  let api: IdentityServer;
  beforeAll(async () => {
    api = await startIdentityServer();
  });
  afterAll(() => api.close());

  it('saves a bank account and shows only its last four digits; the first of a user is the default', async () => {
    const first = await api.call('POST', '/unstable/payment-methods', create('email:ana@example.com'));
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      paymentMethodId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'bank-account-us',
      default: true,
      bankAccount: {
        accountSuffix: '4321',
        routingNumber: ROUTING_NUMBER,
        bankName: 'First Sandbox Bank',
        accountType: 'checking',
        currency: 'usd',
        country: 'US',
        entityType: 'individual',
      },
      createdAt: expect.any(String),
    });
    expect(first.text).not.toContain(ACCOUNT_NUMBER);
    const second = await api.call(
      'POST',
      '/unstable/payment-methods',
      create('email:ana@example.com', { accountNumber: '5550001111', accountType: 'savings' }),
    );
    expect(second.body).toMatchObject({
      default: false,
      bankAccount: { accountSuffix: '1111', accountType: 'savings' },
    });

    const got = await api.call('GET', `/unstable/payment-methods/${first.body.paymentMethodId}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(first.body);
  });

  it('lists a user’s methods oldest first, in pages that never skip or repeat, and reads its own writes', async () => {
    const user = 'userId:lister';
    const created: string[] = [];
    for (let index = 0; index < 5; index++) {
      const response = await api.call(
        'POST',
        '/unstable/payment-methods',
        create(user, { accountNumber: `12345678${index}` }),
      );
      created.push(response.body.paymentMethodId);
      // Immediately listed: the list waits for the projection to reach the write.
      const listed = await api.call('GET', `/unstable/payment-methods?userLocator=${user}&limit=100`);
      expect(listed.body.data.map((method: { paymentMethodId: string }) => method.paymentMethodId)).toEqual(created);
    }
    const pages = [];
    let cursor: string | undefined;
    do {
      const response = await api.call(
        'GET',
        `/unstable/payment-methods?userLocator=${user}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(response.status).toBe(200);
      pages.push(response.body);
      cursor = response.body.nextCursor;
    } while (cursor);
    expect(
      pages.flatMap((page) => page.data.map((method: { paymentMethodId: string }) => method.paymentMethodId)),
    ).toEqual(created);
    expect(pages.flatMap((page) => page.data.map((method: { default: boolean }) => method.default))).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    const back = await api.call(
      'GET',
      `/unstable/payment-methods?userLocator=${user}&limit=2&cursor=${pages.at(-1).previousCursor}`,
    );
    expect(back.body.data.map((method: { paymentMethodId: string }) => method.paymentMethodId)).toEqual(
      created.slice(2, 4),
    );

    const otherUserCursor = await api.call(
      'GET',
      `/unstable/payment-methods?userLocator=userId:someone&cursor=${pages[0].nextCursor}`,
    );
    expect(otherUserCursor.status).toBe(400);
    expect(otherUserCursor.body.parameters.issues[0].path).toBe('cursor');
  });

  it('deletes a method: gone from get and list, and the next oldest becomes the default', async () => {
    const user = 'userId:deleter';
    const first = await api.call('POST', '/unstable/payment-methods', create(user));
    const second = await api.call('POST', '/unstable/payment-methods', create(user, { accountNumber: '7777' }));
    const deleted = await api.call('DELETE', `/unstable/payment-methods/${first.body.paymentMethodId}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await api.call('GET', `/unstable/payment-methods/${first.body.paymentMethodId}`)).status).toBe(404);
    expect((await api.call('DELETE', `/unstable/payment-methods/${first.body.paymentMethodId}`)).status).toBe(404);
    const listed = await api.call('GET', `/unstable/payment-methods?userLocator=${user}`);
    expect(listed.body.data).toEqual([{ ...second.body, default: true }]);
  });

  it('answers 404 for another project’s method, and never lists it', async () => {
    const mine = await api.call('POST', '/unstable/payment-methods', create('userId:private'));
    const path = `/unstable/payment-methods/${mine.body.paymentMethodId}`;
    const missing = await api.call(
      'GET',
      '/unstable/payment-methods/00000000-0000-4000-8000-000000000000',
      undefined,
      api.other,
    );
    const theirs = await api.call('GET', path, undefined, api.other);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    expect(theirs.body).toMatchObject({ error: true, message: 'Not found' });
    expect((await api.call('DELETE', path, undefined, api.other)).status).toBe(404);
    const list = await api.call('GET', '/unstable/payment-methods?limit=100', undefined, api.other);
    expect(list.body.data).toEqual([]);
    expect((await api.call('GET', path)).status).toBe(200);
  });

  it.each([
    ['a routing number that fails the ABA checksum', { routingNumber: '123456789' }, 'bankAccount.routingNumber'],
    ['an account number with letters', { accountNumber: '12ab5678' }, 'bankAccount.accountNumber'],
    ['another currency', { currency: 'eur' }, 'bankAccount.currency'],
    ['an unknown account type', { accountType: 'brokerage' }, 'bankAccount.accountType'],
    ['no billing address', { billing: { name: 'Ana' } }, 'bankAccount.billing.address'],
  ])('refuses %s with a 400 naming the field', async (_case, overrides, field) => {
    const response = await api.call('POST', '/unstable/payment-methods', create('userId:invalid', overrides));
    expect(response.status).toBe(400);
    expect(response.body.parameters.issues.map((issue: { path: string }) => issue.path)).toContain(field);
    expect(response.text).not.toMatch(/12ab5678/);
  });

  it('refuses a malformed user locator and a bad id', async () => {
    const locator = await api.call('POST', '/unstable/payment-methods', create('ana'));
    expect(locator.status).toBe(400);
    expect(locator.body.parameters.issues[0].path).toBe('userLocator');
    expect((await api.call('GET', '/unstable/payment-methods/not-a-uuid')).status).toBe(400);
  });

  it('needs the payment-methods scopes', async () => {
    const reader = await api.keyWith(['payment-methods.read']);
    expect((await api.call('POST', '/unstable/payment-methods', create('userId:scoped'), reader)).status).toBe(401);
    expect((await api.call('GET', '/unstable/payment-methods', undefined, reader)).status).toBe(200);
  });

  it('gives the orders area the vault token of a project’s method (SavedPaymentMethods.get)', async () => {
    const created = await api.call('POST', '/unstable/payment-methods', create('userId:payee'));
    const service = api.server.app.get(SavedPaymentMethods);
    const method = await service.get(api.shop.projectId, created.body.paymentMethodId);
    expect(method).toMatchObject({
      paymentMethodId: created.body.paymentMethodId,
      projectId: api.shop.projectId,
      userLocator: 'userId:payee',
      vaultToken: expect.stringMatching(/^ba_/),
      bankAccount: { accountSuffix: '4321' },
    });
    expect(JSON.stringify(method)).not.toContain(ACCOUNT_NUMBER);
    expect(await service.get(api.other.projectId, created.body.paymentMethodId)).toBeNull();
  });

  it('keeps the full account number out of the event store, the read models and the logs', async () => {
    // Its own method: under --randomize this test may run first in the file.
    expect((await api.call('POST', '/unstable/payment-methods', create('userId:payee'))).status).toBe(201);
    const disk = await everythingOnDisk(api.server.dataDir);
    expect(disk).toContain('4321'); // the suffix is there, so the search itself works
    expect(disk).not.toContain(ACCOUNT_NUMBER);
    expect(disk).not.toContain('5550001111');
    expect(disk).not.toContain('Ana Lima');
    expect(api.logs.lines.length).toBeGreaterThan(0);
    expect(api.logs.text()).not.toContain(ACCOUNT_NUMBER);
    expect(api.logs.text()).not.toContain('5550001111');
  });
});
