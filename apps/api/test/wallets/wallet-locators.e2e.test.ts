import { type TestProject, type WalletServer, startWalletServer } from './wallet-server.js';

const WALLETS = '/2025-06-09/wallets';

describe('GET /2025-06-09/wallets/{walletLocator}', () => {
  let api: WalletServer;
  let project: TestProject;
  let other: TestProject;
  const created: Record<string, { address: string; owner?: string }> = {};
  const get = (locator: string, key = project.serverKey, headers: Record<string, string> = {}) =>
    api.call(key, 'GET', `${WALLETS}/${encodeURIComponent(locator)}`, undefined, headers);

  beforeAll(async () => {
    api = await startWalletServer();
    project = await api.project();
    other = await api.project();
    const make = async (name: string, body: unknown, headers: Record<string, string> = {}) => {
      const response = await api.call(project.serverKey, 'POST', WALLETS, body, headers);
      expect(response.status).toBe(201);
      created[name] = response.body;
    };
    await make('email', { chainType: 'evm', type: 'mpc', owner: 'email:ana@example.com' });
    await make('emailAlias', { chainType: 'evm', type: 'mpc', owner: 'email:ana@example.com', alias: 'trip' });
    await make('emailSmart', {
      chainType: 'evm',
      owner: 'email:ana@example.com',
      config: { adminSigner: { type: 'api-key' } },
    });
    await make('userId', { chainType: 'solana', type: 'mpc', owner: 'userId:u-1' });
    await make('phone', { chainType: 'aptos', owner: 'phoneNumber:+14155550123' });
    await make('twitter', { chainType: 'sui', owner: 'twitter:SatoshiFan' });
    await make('x', { chainType: 'sui', owner: 'x:builder_42' });
    await make('alias', { chainType: 'evm', alias: 'treasury', config: { adminSigner: { type: 'api-key' } } });
    await make('aliasMpc', { chainType: 'solana', type: 'mpc', alias: 'hot' });
    await make('me', { chainType: 'evm', type: 'mpc', owner: 'userId:jwt-user' });
  });
  afterAll(() => api.close());

  it.each([
    ['an address', 'email', (w: { address: string }) => w.address],
    ['an EVM address in lowercase', 'email', (w: { address: string }) => w.address.toLowerCase()],
    ['email with chain type (wallet type defaults to smart)', 'emailSmart', () => 'email:ana@example.com:evm'],
    ['email, chain and wallet type', 'email', () => 'email:ANA@example.com:evm:mpc'],
    ['email with alias', 'emailAlias', () => 'email:ana@example.com:evm:mpc:alias:trip'],
    ['userId', 'userId', () => 'userId:u-1:solana:mpc'],
    ['phoneNumber (mpc by default on aptos)', 'phone', () => 'phoneNumber:+14155550123:aptos'],
    ['twitter', 'twitter', () => 'twitter:satoshifan:sui'],
    ['x', 'x', () => 'x:builder_42:sui:mpc'],
    ['chain type and alias', 'alias', () => 'evm:alias:treasury'],
    ['chain type, wallet type and alias', 'aliasMpc', () => 'solana:mpc:alias:hot'],
  ])('finds a wallet by %s', async (_form, name, locatorOf) => {
    const wallet = created[name]!;
    const response = await get(locatorOf(wallet));
    expect(response.status).toBe(200);
    expect(response.body.address).toBe(wallet.address);
  });

  it('accepts a long but valid locator (an email owner with an alias) instead of a 414', async () => {
    const owner = `email:${'a'.repeat(60)}@${'b'.repeat(40)}.example.com`;
    const response = await api.call(project.serverKey, 'POST', WALLETS, {
      chainType: 'evm',
      type: 'mpc',
      owner,
      alias: 'long-alias',
    });
    expect(response.status).toBe(201);
    const found = await get(`${owner}:evm:mpc:alias:long-alias`);
    expect(found.status).toBe(200);
    expect(found.body.address).toBe(response.body.address);
  });

  it('resolves me: from the JWT subject under a client key and from x-service-user-id under a server key', async () => {
    const jwt = { authorization: `Bearer ${await api.userJwt('jwt-user')}` };
    const mine = await get('me:evm:mpc', project.clientKey, jwt);
    expect(mine.status).toBe(200);
    expect(mine.body.address).toBe(created['me']!.address);
    const served = await get('me:evm:mpc', project.serverKey, { 'x-service-user-id': 'jwt-user' });
    expect(served.body.address).toBe(created['me']!.address);
    const nobody = await get('me:evm:mpc');
    expect(nobody.status).toBe(400);
    expect(nobody.body.message).toMatch(/^walletLocator: "me" needs a user/);
  });

  it.each([
    ['email:ana@example.com:evn', 'unknown chain type "evn"'],
    ['evn:alias:x', 'unknown locator type "evn"'],
    ['email:ana@example.com', 'missing chain type after "email:ana@example.com"'],
    ['email:not-an-email:evm', '"not-an-email" is not an email address'],
    ['phoneNumber:4155550123:evm', 'E.164'],
    ['email:ana@example.com:evm:custodial', 'unknown wallet type "custodial"'],
    ['email:ana@example.com:evm:mpc:alias', 'alias'],
    ['evm:mpc', 'needs an alias'],
    ['evm', 'needs an alias'],
    ['0x52908400098527886E0F7030069857D2E4169ee7', 'invalid EIP-55 checksum'],
    ['not-a-wallet', 'is not a wallet address of any supported chain'],
    ['facebook:ana:evm', 'unknown locator type "facebook"'],
    ['evm:alias:treasury:extra', 'unexpected "extra"'],
  ])('answers 400 saying which part of %s is wrong', async (locator, reason) => {
    const response = await get(locator);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: true, code: 'invalid_wallet_locator' });
    expect(response.body.message).toMatch(/^walletLocator: /);
    expect(response.body.message).toContain(reason);
  });

  it.each([
    '0x000000000000000000000000000000000000dEaD',
    'email:nobody@example.com:evm',
    'email:ana@example.com:solana',
    'email:ana@example.com:evm:mpc:alias:other',
    'userId:u-2:solana:mpc',
    'evm:alias:unknown',
    'sui:alias:treasury',
  ])('answers 404 Not found for a well-formed locator that matches nothing: %s', async (locator) => {
    const response = await get(locator);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: true, message: 'Not found', code: 'not_found' });
  });

  it("answers 404 for another project's wallet, by every form", async () => {
    for (const locator of [created['email']!.address, 'email:ana@example.com:evm:mpc', 'evm:alias:treasury']) {
      expect((await get(locator, other.serverKey)).status).toBe(404);
    }
    for (const path of ['balances', 'transactions']) {
      expect((await api.call(other.serverKey, 'GET', `${WALLETS}/${created['email']!.address}/${path}`)).status).toBe(
        404,
      );
    }
  });

  it("answers 404 to a client key for another user's wallet", async () => {
    const jwt = { authorization: `Bearer ${await api.userJwt('jwt-user')}` };
    expect((await get(created['me']!.address, project.clientKey, jwt)).status).toBe(200);
    expect((await get(created['email']!.address, project.clientKey, jwt)).status).toBe(404);
    expect((await get('email:ana@example.com:evm:mpc', project.clientKey, jwt)).status).toBe(404);
  });

  /** Issue 30, finding 11: owners that look like ana@example.com but are not it. */
  describe('look-alike owners', () => {
    const ZERO_WIDTH = 'email:ana\u200b@example.com';
    const CYRILLIC_A = 'email:\u0430na@example.com';

    it.each([
      ['a zero-width space', ZERO_WIDTH, /invisible/],
      ['a Cyrillic "а" among Latin letters', CYRILLIC_A, /mixes Cyrillic and Latin letters/],
      ['a right-to-left override', 'userId:u-1\u202egnp.exe', /invisible/],
      ['a zero-width joiner in a user id', 'userId:u\u200d-1', /invisible/],
      ['fullwidth letters', 'email:\uff41na@example.com', /compatibility/],
    ])('refuses an owner with %s: 400, no wallet', async (_what, owner, reason) => {
      const response = await api.call(project.serverKey, 'POST', WALLETS, { chainType: 'evm', type: 'mpc', owner });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: true, code: 'invalid_owner' });
      expect(response.body.message).toMatch(/^owner: /);
      expect(response.body.message).toMatch(reason);
      const found = await get(`${owner}:evm:mpc`);
      expect(found.status).toBe(400);
      expect(found.body.code).toBe('invalid_wallet_locator');
    });

    it('takes email:Ana@Example.com for the same owner as email:ana@example.com', async () => {
      const again = await api.call(project.serverKey, 'POST', WALLETS, {
        chainType: 'evm',
        type: 'mpc',
        owner: 'email:Ana@Example.com',
      });
      expect(again.body.address).toBe(created['email']!.address);
      expect(again.body.owner).toBe('email:ana@example.com');
      expect((await get('email:Ana@Example.COM:evm:mpc')).body.address).toBe(created['email']!.address);
    });

    it('refuses a transfer to a look-alike user locator', async () => {
      const sender = created['email']!.address;
      const faucet = await api.call(project.serverKey, 'POST', `/v1-alpha2/wallets/${sender}/balances`, {
        amount: 5,
        token: 'usdc',
        chain: 'base-sepolia',
      });
      expect(faucet.status).toBe(201);
      // Whoever made the look-alike wallet (if one could be made) must not receive Ana's transfer.
      for (const owner of [CYRILLIC_A, ZERO_WIDTH])
        await api.call(project.serverKey, 'POST', WALLETS, { chainType: 'evm', type: 'mpc', owner });
      for (const recipient of [CYRILLIC_A, `${ZERO_WIDTH}:evm:mpc`]) {
        const sent = await api.call(
          project.serverKey,
          'POST',
          `${WALLETS}/${sender}/tokens/base-sepolia:usdc/transfers`,
          {
            recipient,
            amount: '1',
          },
        );
        expect(sent.status).toBe(400);
        expect(sent.body.code).toBe('invalid_recipient');
        expect(sent.body.message).toMatch(/^recipient: /);
        expect(sent.body.message).not.toContain('no wallet matches');
      }
    });
  });
});
