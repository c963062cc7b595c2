import { concatHex, encodeFunctionData, erc20Abi, stringToHex } from 'viem';
import { type TestProject, type WalletServer, pollUntil, startWalletServer } from './wallet-server.js';

const WALLETS = '/2025-06-09/wallets';

describe('shapes the public SDK relies on, over plain HTTP', () => {
  let api: WalletServer;
  let project: TestProject;
  let wallet: { address: string };
  const call = (method: string, path: string, body?: unknown) => api.call(project.serverKey, method, path, body);

  beforeAll(async () => {
    api = await startWalletServer();
    project = await api.project();
    wallet = (
      await call('POST', WALLETS, {
        chainType: 'evm',
        config: { adminSigner: { type: 'api-key' } },
        owner: 'userId:payer',
      })
    ).body;
    await call('POST', `/v1-alpha2/wallets/${wallet.address}/balances`, {
      amount: 5,
      token: 'usdc',
      chain: 'base-sepolia',
    });
  });
  afterAll(() => api.close());

  it('takes a user locator without a chain as recipient; a user without a wallet on that chain gets one', async () => {
    const payee = (
      await call('POST', WALLETS, { chainType: 'evm', config: { adminSigner: { type: 'api-key' } }, owner: 'x:payee' })
    ).body;
    const sent = await call('POST', `${WALLETS}/${wallet.address}/tokens/base-sepolia:usdc/transfers`, {
      recipient: 'x:payee',
      amount: '1',
    });
    expect(sent.status).toBe(201);
    expect(sent.body.sendParams.params).toEqual({ recipient: 'x:payee', recipientAddress: payee.address, amount: '1' });
    const nobody = await call('POST', `${WALLETS}/${wallet.address}/tokens/base-sepolia:usdc/transfers`, {
      recipient: 'email:nobody@example.com',
      amount: '1',
    });
    expect(nobody.status).toBe(201);
    const pregenerated = await call('GET', `${WALLETS}/email:nobody@example.com:evm`);
    expect(nobody.body.sendParams.params.recipientAddress).toBe(pregenerated.body.address);
    const malformed = await call('POST', `${WALLETS}/${wallet.address}/tokens/base-sepolia:usdc/transfers`, {
      recipient: 'email:not-an-email',
      amount: '1',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'invalid_recipient' });
  });

  it('answers eth with each chain’s native currency only where no chain asked for has ETH', async () => {
    const amoyOnly = await call('GET', `${WALLETS}/${wallet.address}/balances?tokens=eth&chains=polygon-amoy`);
    expect(amoyOnly.status).toBe(200);
    expect(amoyOnly.body).toEqual([
      {
        symbol: 'eth',
        name: 'POL',
        decimals: 18,
        amount: '0',
        rawAmount: '0',
        chains: { 'polygon-amoy': { locator: 'polygon-amoy:pol', amount: '0', rawAmount: '0' } },
      },
    ]);
    const mixed = await call(
      'GET',
      `${WALLETS}/${wallet.address}/balances?tokens=eth&chains=base-sepolia,polygon-amoy`,
    );
    expect(Object.keys(mixed.body[0].chains)).toEqual(['base-sepolia']);
    expect(mixed.body[0].name).toBe('Ether');
    const unknown = await call('GET', `${WALLETS}/${wallet.address}/balances?tokens=btc&chains=polygon-amoy`);
    expect(unknown.status).toBe(400);
  });

  it('sends a raw EVM call with value 0 and no data: a transaction that moves nothing', async () => {
    const payee = '0x000000000000000000000000000000000000bEEF';
    const sent = await call('POST', `${WALLETS}/${wallet.address}/transactions`, {
      params: { chain: 'base-sepolia', calls: [{ to: payee, value: '0', data: '0x' }] },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.sendParams).toMatchObject({
      token: 'base-sepolia:eth',
      params: { recipientAddress: payee, amount: '0' },
    });
    const done = await pollUntil(
      () => call('GET', `${WALLETS}/${wallet.address}/transactions/${sent.body.id}`),
      (response) => ['success', 'failed'].includes(response.body.status),
    );
    expect(done.body).toMatchObject({
      status: 'success',
      onChain: { txId: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
    });
    const noFields = await call('POST', `${WALLETS}/${wallet.address}/transactions`, {
      params: { chain: 'base-sepolia', calls: [{ to: payee }] },
    });
    expect(noFields.status).toBe(201);
    // Zero is for raw calls only: a token transfer still moves an amount above zero.
    const zeroTransfer = await call('POST', `${WALLETS}/${wallet.address}/tokens/base-sepolia:eth/transfers`, {
      recipient: payee,
      amount: '0',
    });
    expect(zeroTransfer.status).toBe(400);
    expect(zeroTransfer.body.message).toBe('amount: must be greater than 0');
  });

  it('lists transactions as { transactions }', async () => {
    const listed = await call('GET', `${WALLETS}/${wallet.address}/transactions`);
    expect(listed.status).toBe(200);
    expect(Object.keys(listed.body).sort()).toEqual(['nextCursor', 'previousCursor', 'transactions']);
    expect(Array.isArray(listed.body.transactions)).toBe(true);
  });

  it('refuses raw transactions it does not execute with a 400 naming the part, and other projects’ wallets with a 404', async () => {
    const send = (address: string, body: unknown, key = project.serverKey) =>
      api.call(key, 'POST', `${WALLETS}/${address}/transactions`, body);
    const approve = await send(wallet.address, {
      params: { calls: [{ to: wallet.address, value: '0', data: '0x095ea7b3' + '0'.repeat(128) }] },
    });
    expect(approve.status).toBe(400);
    expect(approve.body).toMatchObject({
      code: 'unsupported_transaction',
      message: expect.stringMatching(/^params\.calls\[0\]\.data: /),
    });
    expect(
      (await send(wallet.address, { params: { calls: [{ to: wallet.address }, { to: wallet.address }] } })).body,
    ).toMatchObject({ code: 'unsupported_transaction' });
    expect((await send(wallet.address, { params: {} })).body).toMatchObject({
      code: 'invalid_transaction',
      message: expect.stringMatching(/^params\.calls: /),
    });
    expect((await send(wallet.address, { params: { calls: [{ to: wallet.address, data: 'zz' }] } })).status).toBe(400);
    expect(
      (await send(wallet.address, { params: { calls: [{ to: wallet.address, value: '1.5e3' }] } })).body,
    ).toMatchObject({ code: 'invalid_transaction' });
    const solana = (await call('POST', WALLETS, { chainType: 'solana', type: 'mpc' })).body;
    expect((await send(solana.address, { params: { transaction: 'not-base58-0OIl' } })).body).toMatchObject({
      code: 'invalid_transaction',
    });
    const elsewhere = await api.project();
    expect(
      (await send(wallet.address, { params: { calls: [{ to: wallet.address, value: '1' }] } }, elsewhere.serverKey))
        .status,
    ).toBe(404);
    const native = await send(wallet.address, {
      params: { calls: [{ to: '0x000000000000000000000000000000000000bEEF', value: '1000' }] },
    });
    expect(native.status).toBe(201);
    expect(native.body).toMatchObject({
      sendParams: { token: 'base-sepolia:eth', params: { amount: '0.000000000000001' } },
    });
  });

  it('executes every byte of a raw call: its memo trailer becomes the transfer’s memo, any other trailing bytes are refused', async () => {
    const send = (data: string) =>
      call('POST', `${WALLETS}/${wallet.address}/transactions`, {
        params: { chain: 'base-sepolia', calls: [{ to: token, value: '0', data }] },
      });
    const usdc = await call('POST', `${WALLETS}/${wallet.address}/tokens/base-sepolia:usdc/transfers`, {
      recipient: wallet.address,
      amount: '0.01',
    });
    const token = usdc.body.params.call.address as string;
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: ['0x000000000000000000000000000000000000bEEF', 10_000n],
    });
    // An offramp deposit: the memo names the order it pays, so it must reach the chain.
    const withMemo = concatHex([transfer, stringToHex('memo'), stringToHex('text:order-7f3a')]);
    const memoed = await send(withMemo);
    expect(memoed.status).toBe(201);
    expect(memoed.body).toMatchObject({
      sendParams: { params: { amount: '0.01', memo: { type: 'text', value: 'order-7f3a' } } },
      onChain: { call: { to: token, data: withMemo } },
    });
    const trailing = await send(concatHex([transfer, '0xdeadbeef']));
    expect(trailing.status).toBe(400);
    expect(trailing.body).toMatchObject({
      code: 'unsupported_transaction',
      message: expect.stringMatching(/^params\.calls\[0\]\.data: /),
    });
  });

  it('pages the transfers feed with cursors bound to the wallet and filters', async () => {
    const payee = (
      await call('POST', WALLETS, {
        chainType: 'evm',
        config: { adminSigner: { type: 'api-key' } },
        owner: 'userId:feed',
      })
    ).body;
    for (const amount of ['0.1', '0.2', '0.3']) {
      const sent = await call('POST', `${WALLETS}/${wallet.address}/tokens/base-sepolia:usdc/transfers`, {
        recipient: payee.address,
        amount,
      });
      await pollUntil(
        () => call('GET', `${WALLETS}/${wallet.address}/transactions/${sent.body.id}`),
        (response) => response.body.status === 'success',
      );
    }
    const feed = (query: string, address = payee.address) =>
      call('GET', `/unstable/wallets/${address}/transfers?${query}`);
    const first = await feed('chain=base-sepolia&tokens=usdc&status=successful&limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data.map((item: { token: { amount: string } }) => item.token.amount)).toEqual(['0.3', '0.2']);
    expect(first.body.data[0]).toMatchObject({ type: 'wallets.transfer.in', recipient: { address: payee.address } });
    const second = await feed(
      `chain=base-sepolia&tokens=usdc&status=successful&limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.data.map((item: { token: { amount: string } }) => item.token.amount)).toEqual(['0.1']);
    expect(second.body.nextCursor).toBeNull();
    const back = await feed(
      `chain=base-sepolia&tokens=usdc&status=successful&limit=2&cursor=${second.body.previousCursor}`,
    );
    expect(back.body.data.map((item: { token: { amount: string } }) => item.token.amount)).toEqual(['0.3', '0.2']);
    expect(back.body.previousCursor).toBeNull();
    expect(
      (await feed(`chain=base-sepolia&tokens=eth&status=successful&cursor=${first.body.nextCursor}`)).body,
    ).toMatchObject({ code: 'invalid_cursor' });
    const ascending = await feed('status=successful&sort=asc&limit=1');
    expect(ascending.body.data[0].token.amount).toBe('0.1');
    expect((await feed('status=pending')).status).toBe(400);
    expect((await feed('chain=solana')).body).toMatchObject({ code: 'invalid_chain' });
    const elsewhere = await api.project();
    expect((await api.call(elsewhere.serverKey, 'GET', `/unstable/wallets/${payee.address}/transfers`)).status).toBe(
      404,
    );
  });

  it('answers NFTs by <chain>:<address>, checking both', async () => {
    const nfts = (identifier: string) => call('GET', `${WALLETS}/${identifier}/nfts?perPage=5&page=2`);
    expect((await nfts(`base-sepolia:${wallet.address}`)).body).toEqual([]);
    expect((await nfts(`bitcoin:${wallet.address}`)).body).toMatchObject({ code: 'invalid_wallet_locator' });
    expect((await nfts('base-sepolia:0x123')).status).toBe(400);
    expect((await nfts(`base-sepolia:0x${'12'.repeat(20)}`)).status).toBe(404);
    expect((await call('GET', `${WALLETS}/base-sepolia:${wallet.address}/nfts?perPage=101`)).status).toBe(400);
  });
});
