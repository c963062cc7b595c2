import { type TestProject, type WalletServer, pollUntil, startWalletServer } from './wallet-server.js';

const WALLETS = '/2025-06-09/wallets';

/** ADR 0811: a transfer to a user locator whose user has no wallet yet creates that wallet. */
describe('transfers to users without a wallet pregenerate it', () => {
  let api: WalletServer;
  let project: TestProject;
  let sender: string;
  const call = (method: string, path: string, body?: unknown) => api.call(project.serverKey, method, path, body);
  const send = (recipient: string, amount = '1') =>
    call('POST', `${WALLETS}/${sender}/tokens/base-sepolia:usdc/transfers`, { recipient, amount });
  const settled = (id: string) =>
    pollUntil(
      () => call('GET', `${WALLETS}/${sender}/transactions/${id}`),
      (response) => ['success', 'failed'].includes(response.body.status),
    );
  const usdcOf = async (locator: string) =>
    (await call('GET', `${WALLETS}/${locator}/balances?tokens=usdc&chains=base-sepolia`)).body[0].amount;

  beforeAll(async () => {
    api = await startWalletServer();
    project = await api.project();
    sender = (await call('POST', WALLETS, { chainType: 'evm', config: { adminSigner: { type: 'api-key' } } })).body
      .address;
    await call('POST', `/v1-alpha2/wallets/${sender}/balances`, { amount: 50, token: 'usdc', chain: 'base-sepolia' });
  });
  afterAll(() => api.close());

  it('sends to an email without a chain (the SDK form): a smart wallet held by that email signer, funded', async () => {
    const sent = await send('email:New.Person@Example.com', '2.5');
    expect(sent.status).toBe(201);
    const wallet = await call('GET', `${WALLETS}/email:new.person@example.com:evm`);
    expect(wallet.status).toBe(200);
    expect(wallet.body).toMatchObject({
      chainType: 'evm',
      type: 'smart',
      owner: 'email:new.person@example.com',
      config: { adminSigner: { type: 'email', locator: 'email:new.person@example.com' } },
    });
    expect(sent.body.sendParams.params).toEqual({
      recipient: 'email:New.Person@Example.com',
      recipientAddress: wallet.body.address,
      amount: '2.5',
    });
    expect((await settled(sent.body.id)).body.status).toBe('success');
    expect(await usdcOf(wallet.body.address)).toBe('2.5');
  });

  it('pregenerates the wallet a full locator names: user ids get the api-key signer, mpc wallets no signer', async () => {
    expect((await send('userId:player-7:evm')).status).toBe(201);
    const byUserId = (await call('GET', `${WALLETS}/userId:player-7:evm`)).body;
    expect(byUserId).toMatchObject({
      type: 'smart',
      owner: 'userId:player-7',
      config: { adminSigner: { type: 'api-key' } },
    });

    expect((await send('phoneNumber:+14155550123:evm:mpc')).status).toBe(201);
    const mpc = await call('GET', `${WALLETS}/phoneNumber:+14155550123:evm:mpc`);
    expect(mpc.status).toBe(200);
    expect(mpc.body).toMatchObject({ type: 'mpc', owner: 'phoneNumber:+14155550123' });
    expect(mpc.body.config?.adminSigner).toBeUndefined();

    expect((await send('x:newcomer:evm:alias:tips')).status).toBe(201);
    expect((await call('GET', `${WALLETS}/x:newcomer:evm:alias:tips`)).body).toMatchObject({
      owner: 'x:newcomer',
      alias: 'tips',
    });
  });

  it('makes one wallet for concurrent transfers to one new user, the wallet a later create answers with 200', async () => {
    const sends = await Promise.all(Array.from({ length: 5 }, () => send('email:crowd@example.com')));
    expect(sends.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    const addresses = new Set(sends.map((response) => response.body.sendParams.params.recipientAddress));
    expect(addresses.size).toBe(1);
    const created = await call('POST', WALLETS, {
      chainType: 'evm',
      owner: 'email:crowd@example.com',
      config: { adminSigner: { type: 'email', email: 'crowd@example.com' } },
    });
    expect(created.status).toBe(200);
    expect(addresses.has(created.body.address)).toBe(true);
  });

  it('creates nothing for a transfer it refuses', async () => {
    const zero = await send('email:refused@example.com', '0');
    expect(zero.status).toBe(400);
    expect(zero.body.message).toContain('amount');
    const memo = await call('POST', `${WALLETS}/${sender}/tokens/base-sepolia:usdc/transfers`, {
      recipient: 'email:refused@example.com',
      amount: '1',
      memo: { type: 'text', value: 'm'.repeat(300) },
    });
    expect(memo.status).toBe(400);
    const otherFamily = await send('email:refused@example.com:solana');
    expect(otherFamily.status).toBe(400);
    expect(otherFamily.body).toMatchObject({
      code: 'invalid_recipient',
      message: 'recipient: "email:refused@example.com:solana" is a solana wallet; this wallet sends on evm',
    });
    for (const chainType of ['evm', 'solana'])
      expect((await call('GET', `${WALLETS}/email:refused@example.com:${chainType}`)).status).toBe(404);
    // An alias of no one names no user: nothing to create it for.
    const alias = await send('evm:alias:nobody-made-this');
    expect(alias.status).toBe(400);
    expect(alias.body.message).toBe('recipient: no wallet matches "evm:alias:nobody-made-this"');
  });

  it('pregenerates in the caller’s project only', async () => {
    expect((await send('userId:shared-name:evm')).status).toBe(201);
    const other = await api.project();
    expect((await api.call(other.serverKey, 'GET', `${WALLETS}/userId:shared-name:evm`)).status).toBe(404);
  });
});
