import { sandboxRevertingRecipientOf } from '@paykit/providers';
import { PRODUCTION_WITH_SANDBOXES } from '../support/production-env.js';
import { type TestProject, type WalletServer, pollUntil, startWalletServer } from './wallet-server.js';

const WALLETS = '/2025-06-09/wallets';

describe('transfers over HTTP on the sandbox chains', () => {
  let api: WalletServer;
  let project: TestProject;

  const call = (method: string, path: string, body?: unknown) => api.call(project.serverKey, method, path, body);
  const send = (from: string, token: string, body: unknown) =>
    call('POST', `${WALLETS}/${from}/tokens/${token}/transfers`, body);
  const transaction = (wallet: string, id: string) => call('GET', `${WALLETS}/${wallet}/transactions/${id}`);
  const settled = (wallet: string, id: string) =>
    pollUntil(
      () => transaction(wallet, id),
      (response) => ['success', 'failed'].includes(response.body.status),
    );
  const usdcOf = async (address: string, chain = 'base-sepolia') =>
    (await call('GET', `${WALLETS}/${address}/balances?tokens=usdc&chains=${chain}`)).body[0].amount as string;

  /** A new EVM MPC wallet of a new user per call, so no test sees another's balances. */
  let owners = 0;
  const newWallet = async () => {
    const email = `holder-${++owners}@example.com`;
    const created = await call('POST', WALLETS, { chainType: 'evm', type: 'mpc', owner: `email:${email}` });
    return { address: created.body.address as string, email };
  };
  const faucet = (address: string, amount: number | string, token = 'usdc', chain = 'base-sepolia') =>
    call('POST', `/v1-alpha2/wallets/${address}/balances`, { amount, token, chain });
  const fundedWallet = async () => {
    const wallet = await newWallet();
    expect((await faucet(wallet.address, 10)).status).toBe(201);
    return wallet;
  };

  beforeAll(async () => {
    api = await startWalletServer();
    project = await api.project();
  });
  afterAll(() => api.close());

  describe('balances and the staging faucet', () => {
    it('funds a wallet with the test stablecoin (usdc resolves to usdxm) and reports COMPAT’s shape', async () => {
      const sender = await newWallet();
      const funded = await faucet(sender.address, 10);
      expect(funded.status).toBe(201);
      expect(funded.body).toEqual([{ token: 'usdxm', decimals: 6, balances: { 'base-sepolia': '10', total: '10' } }]);
      const more = await faucet(sender.address, '5', 'usdxm', 'polygon-amoy');
      expect(more.body).toEqual([{ token: 'usdxm', decimals: 6, balances: { 'polygon-amoy': '5', total: '15' } }]);
    });

    it('lists balances per token with each chain’s amount, raw amount and contract', async () => {
      const sender = await fundedWallet();
      await faucet(sender.address, 5, 'usdc', 'polygon-amoy');
      const response = await call(
        'GET',
        `${WALLETS}/${sender.address}/balances?tokens=usdc,eth&chains=base-sepolia,polygon-amoy`,
      );
      expect(response.status).toBe(200);
      const [usdc, eth] = response.body;
      expect(usdc).toMatchObject({ symbol: 'usdc', decimals: 6, amount: '15', rawAmount: '15000000' });
      expect(usdc.chains['base-sepolia']).toEqual({
        locator: 'base-sepolia:usdxm',
        amount: '10',
        rawAmount: '10000000',
        contractAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      });
      expect(usdc.chains['polygon-amoy']).toMatchObject({ amount: '5', rawAmount: '5000000' });
      // The faucet leaves gas in a self-paying wallet; polygon-amoy's gas token is pol, not eth.
      expect(eth).toMatchObject({ symbol: 'eth', decimals: 18, amount: '0.01' });
      expect(Object.keys(eth.chains)).toEqual(['base-sepolia']);
    });

    it('defaults to every known token on every chain of the wallet, and refuses unknown ones', async () => {
      const recipient = await newWallet();
      const all = await call('GET', `${WALLETS}/${recipient.address}/balances`);
      expect(all.status).toBe(200);
      expect(all.body.map((balance: { symbol: string }) => balance.symbol)).toEqual(
        expect.arrayContaining(['eth', 'pol', 'usdxm']),
      );
      const unknown = await call('GET', `${WALLETS}/${recipient.address}/balances?tokens=doge`);
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toMatch(/^tokens: "doge"/);
      const wrongChain = await call('GET', `${WALLETS}/${recipient.address}/balances?chains=solana`);
      expect(wrongChain.status).toBe(400);
      expect(wrongChain.body.message).toMatch(/^chains: "solana" is not a evm chain/);
    });

    it('refuses faucet amounts out of range and tokens it does not give', async () => {
      const sender = await newWallet();
      const tooMuch = await faucet(sender.address, 1000);
      expect(tooMuch.status).toBe(400);
      const other = await faucet(sender.address, 1, 'doge');
      expect(other.status).toBe(400);
      expect(other.body.message).toMatch(/^token: /);
    });
  });

  describe('sending', () => {
    it('sends to a wallet locator: 201 pending, then success once final, with the funds moved', async () => {
      const sender = await fundedWallet();
      const recipient = await newWallet();
      const sent = await send(sender.address, 'base-sepolia:usdc', {
        recipient: `email:${recipient.email}:evm:mpc`,
        amount: '2.5',
      });
      expect(sent.status).toBe(201);
      expect(sent.body).toMatchObject({
        chainType: 'evm',
        walletType: 'mpc',
        status: 'pending',
        params: {
          chain: 'base-sepolia',
          call: {
            functionName: 'transfer',
            args: [recipient.address, '2500000'],
            abi: [expect.objectContaining({ name: 'transfer' })],
          },
        },
        sendParams: {
          token: 'base-sepolia:usdc',
          params: { recipient: `email:${recipient.email}:evm:mpc`, recipientAddress: recipient.address, amount: '2.5' },
        },
        approvals: { required: 0, pending: [], submitted: [] },
        fees: {
          mode: 'project',
          estimate: { token: 'base-sepolia:eth', amount: expect.any(String) },
          billed: { usd: 0 },
        },
      });
      expect(sent.body.onChain.call.data).toMatch(/^0xa9059cbb/);
      const final = await settled(sender.address, sent.body.id);
      expect(final.body).toMatchObject({ id: sent.body.id, status: 'success', completedAt: expect.any(Number) });
      expect(final.body.onChain.txId).toMatch(/^0x[0-9a-f]{64}$/);
      expect(final.body.onChain.explorerLink).toBe(`https://sepolia.basescan.org/tx/${final.body.onChain.txId}`);
      expect(final.body.fees.actual).toEqual({ token: 'base-sepolia:eth', amount: expect.any(String) });
      expect(await usdcOf(sender.address)).toBe('7.5');
      expect(await usdcOf(recipient.address)).toBe('2.5');
    });

    it('serves the same resource at spec endpoint 8, for that token only', async () => {
      const sender = await fundedWallet();
      const recipient = await newWallet();
      const sent = await send(sender.address, 'base-sepolia:usdc', { recipient: recipient.address, amount: '1' });
      const final = await settled(sender.address, sent.body.id);
      const byToken = await call(
        'GET',
        `${WALLETS}/${sender.address}/tokens/base-sepolia:usdc/transfers/${sent.body.id}`,
      );
      expect(byToken.status).toBe(200);
      expect(byToken.body).toEqual(final.body);
      const canonical = await call(
        'GET',
        `${WALLETS}/${sender.address}/tokens/base-sepolia:usdxm/transfers/${sent.body.id}`,
      );
      expect(canonical.status).toBe(200);
      expect(
        (await call('GET', `${WALLETS}/${sender.address}/tokens/base-sepolia:eth/transfers/${sent.body.id}`)).status,
      ).toBe(404);
      expect((await call('GET', `${WALLETS}/${recipient.address}/transactions/${sent.body.id}`)).status).toBe(404);
      expect(
        (await call('GET', `${WALLETS}/${sender.address}/transactions/00000000-0000-4000-8000-000000000000`)).status,
      ).toBe(404);
      // An id that is not a UUID names no transaction either: 404, on both paths and for approvals.
      for (const path of [
        `${WALLETS}/${sender.address}/transactions/not-an-id`,
        `${WALLETS}/${sender.address}/transactions/${sent.body.id.toUpperCase()}x`,
        `${WALLETS}/${sender.address}/tokens/base-sepolia:usdc/transfers/%24all`,
      ]) {
        const notFound = await call('GET', path);
        expect({ path, status: notFound.status, body: notFound.body }).toEqual({
          path,
          status: 404,
          body: { error: true, message: 'Not found', code: 'not_found' },
        });
      }
      const approval = await call('POST', `${WALLETS}/${sender.address}/transactions/not-an-id/approvals`, {
        approvals: [{ signer: `external-wallet:${sender.address}`, signature: '0x00' }],
      });
      expect(approval.status).toBe(404);
    });

    it('ends failed with error.reason when the chain reverts the call', async () => {
      const sender = await fundedWallet();
      const sent = await send(sender.address, 'base-sepolia:usdc', {
        recipient: sandboxRevertingRecipientOf('evm'),
        amount: '1',
      });
      expect(sent.status).toBe(201);
      const final = await settled(sender.address, sent.body.id);
      expect(final.body).toMatchObject({
        status: 'failed',
        completedAt: expect.any(Number),
        error: { reason: 'reverted', message: expect.any(String) },
      });
      expect(final.body.error.revertData).toMatch(/^0x08c379a0/);
    });

    it('ends failed with insufficient_funds when the wallet holds too little', async () => {
      const sender = await fundedWallet();
      const recipient = await newWallet();
      const sent = await send(sender.address, 'base-sepolia:usdc', { recipient: recipient.address, amount: '1000' });
      expect(sent.status).toBe(201);
      const final = await settled(sender.address, sent.body.id);
      expect(final.body).toMatchObject({ status: 'failed', error: { reason: 'insufficient_funds' } });
    });

    it('sends on Solana with a memo', async () => {
      const payer = (await call('POST', WALLETS, { chainType: 'solana', type: 'mpc', alias: 'sol-payer' })).body;
      const payee = (await call('POST', WALLETS, { chainType: 'solana', type: 'mpc', alias: 'sol-payee' })).body;
      await call('POST', `/v1-alpha2/wallets/${payer.address}/balances`, { amount: 3, token: 'usdc' });
      const sent = await send('solana:mpc:alias:sol-payer', 'solana:usdc', {
        recipient: payee.address,
        amount: '1.25',
        memo: { type: 'text', value: 'invoice 7' },
      });
      expect(sent.status).toBe(201);
      expect(sent.body.sendParams.params.memo).toEqual({ type: 'text', value: 'invoice 7' });
      expect((await settled(payer.address, sent.body.id)).body.status).toBe('success');
      expect(await usdcOf(payee.address, 'solana')).toBe('1.25');
    });

    it.each([
      [{ recipient: 'x', amount: '1.2.3' }, 'base-sepolia:usdc', 'amount: must be a decimal amount'],
      [{ recipient: 'x', amount: '-1' }, 'base-sepolia:usdc', 'amount'],
      [{ amount: '1' }, 'base-sepolia:usdc', 'recipient: is required'],
      [
        { recipient: '0x000000000000000000000000000000000000dEaD', amount: '0.0000001' },
        'base-sepolia:usdc',
        'amount: "0.0000001" has more than the token\'s 6 decimal places',
      ],
      [{ recipient: '0x000000000000000000000000000000000000dEaD', amount: '0' }, 'base-sepolia:usdc', 'amount'],
      [
        { recipient: '0x000000000000000000000000000000000000dEaD', amount: '1' },
        'solana:usdc',
        'tokenLocator: solana is not a chain of this evm wallet',
      ],
      [
        { recipient: '0x000000000000000000000000000000000000dEaD', amount: '1' },
        'base:usdc',
        'tokenLocator: chain "base" belongs to production',
      ],
      [
        { recipient: '0x000000000000000000000000000000000000dEaD', amount: '1' },
        'base-sepolia:doge',
        'tokenLocator: unknown currency "doge"',
      ],
      [{ recipient: 'evm:alias:nobody', amount: '1' }, 'base-sepolia:usdc', 'recipient: no wallet matches'],
      [{ recipient: 'email:oops:evm', amount: '1' }, 'base-sepolia:usdc', 'recipient: "oops" is not an email address'],
      [
        {
          recipient: '0x000000000000000000000000000000000000dEaD',
          amount: '1',
          memo: { type: 'text', value: 'm'.repeat(300) },
        },
        'base-sepolia:usdc',
        'memo: at most 256 bytes',
      ],
      [
        { recipient: '0x000000000000000000000000000000000000dEaD', amount: '1', signer: 'api-key' },
        'base-sepolia:usdc',
        'signer: evm mpc wallets are signed by the service',
      ],
    ])('400 naming the field for %j to %s', async (body, token, reason) => {
      const response = await send((await newWallet()).address, token, body);
      expect(response.status).toBe(400);
      expect(response.body.message).toContain(reason);
    });
  });

  describe('the transactions list', () => {
    it('pages newest first with opaque cursors bound to the wallet', async () => {
      const payer = (await call('POST', WALLETS, { chainType: 'evm', type: 'mpc', alias: 'lister' })).body;
      await call('POST', `/v1-alpha2/wallets/${payer.address}/balances`, {
        amount: 5,
        token: 'usdc',
        chain: 'base-sepolia',
      });
      const recipient = await newWallet();
      const ids: string[] = [];
      for (const amount of ['0.1', '0.2', '0.3']) {
        ids.push((await send(payer.address, 'base-sepolia:usdc', { recipient: recipient.address, amount })).body.id);
      }
      const first = await call('GET', `${WALLETS}/${payer.address}/transactions?limit=2`);
      expect(first.status).toBe(200);
      expect(first.body.transactions.map((item: { id: string }) => item.id)).toEqual([ids[2], ids[1]]);
      expect(first.body.transactions[0]).toMatchObject({ sendParams: { params: { amount: '0.3' } } });
      const second = await call(
        'GET',
        `${WALLETS}/${payer.address}/transactions?limit=2&cursor=${first.body.nextCursor}`,
      );
      expect(second.body.transactions.map((item: { id: string }) => item.id)).toEqual([ids[0]]);
      expect(second.body.nextCursor).toBeNull();

      const forged = `${first.body.nextCursor.split('.')[0]}.AAAA`;
      expect((await call('GET', `${WALLETS}/${payer.address}/transactions?cursor=${forged}`)).status).toBe(400);
      const other = await newWallet();
      const elsewhere = await call('GET', `${WALLETS}/${other.address}/transactions?cursor=${first.body.nextCursor}`);
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body).toMatchObject({ code: 'invalid_cursor' });
      expect((await call('GET', `${WALLETS}/${payer.address}/transactions?limit=101`)).status).toBe(400);
    });
  });
});

describe('the faucet in production', () => {
  let api: WalletServer;
  beforeAll(async () => {
    api = await startWalletServer({ env: PRODUCTION_WITH_SANDBOXES });
  });
  afterAll(() => api.close());

  it('is refused', async () => {
    const { serverKey } = await api.project();
    const wallet = (await api.call(serverKey, 'POST', WALLETS, { chainType: 'evm', type: 'mpc' })).body;
    const response = await api.call(serverKey, 'POST', `/v1-alpha2/wallets/${wallet.address}/balances`, {
      amount: 10,
      token: 'usdc',
      chain: 'base',
    });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: true, code: 'faucet_not_available' });
  });
});
