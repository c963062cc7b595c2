import { findChain, findTokenByCurrency } from '@paykit/wallets';
import { AptosFullnode } from '../../../../packages/providers/test/chains/fixtures/aptos-fullnode.js';
import { type TestProject, type WalletServer, pollUntil, startWalletServer } from './wallet-server.js';

const WALLETS = '/2025-06-09/wallets';
const CHAIN = 'aptos';
/** The registry's production USDC on Aptos (a fungible asset's metadata object), created on the mock ledger. */
const USDC = findTokenByCurrency(findChain(CHAIN, 'production')!, 'usdc')!.address!;
const RECIPIENT = `0x${'7'.repeat(64)}`;

describe('a USDC transfer through our API in production, on an Aptos fullnode (APTOS_NODE_URL) mocked on 127.0.0.1', () => {
  let node: AptosFullnode;
  let api: WalletServer;
  let project: TestProject;

  beforeAll(async () => {
    node = await new AptosFullnode().start();
    node.createAsset(USDC, 6);
    // Each status query is a new block, so the transfer executor's polling sees it committed.
    node.commitsOnStatusQuery = true;
    api = await startWalletServer({
      env: {
        APP_ENV: 'production',
        CARD_PROCESSOR: 'sandbox',
        CARD_ISSUER: 'sandbox',
        KYC_PROVIDER: 'sandbox',
        PAYOUT_RAIL: 'sandbox',
        PRICE_SOURCE: 'sandbox',
        APTOS_NODE_URL: node.url,
        TRANSFER_POLL_INTERVAL_MS: '20',
      },
    });
    project = await api.project();
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await node?.stop();
  });

  it('sends from an MPC wallet, applied by the fullnode, and reports it final with its fee; a shortfall fails', async () => {
    const call = (method: string, path: string, body?: unknown) => api.call(project.serverKey, method, path, body);
    const created = await call('POST', WALLETS, { chainType: 'aptos', type: 'mpc', owner: 'email:aptos@example.com' });
    expect(created.status).toBe(201);
    const wallet = created.body;
    node.mint(wallet.address, 'native', 50_000_000n);
    node.mint(wallet.address, USDC, 10_000_000n);

    const balances = await call('GET', `${WALLETS}/${wallet.address}/balances?tokens=usdc&chains=${CHAIN}`);
    expect(balances.status).toBe(200);
    expect(balances.body[0]).toMatchObject({ amount: '10', rawAmount: '10000000' });

    const sent = await call('POST', `${WALLETS}/${wallet.address}/tokens/${CHAIN}:usdc/transfers`, {
      recipient: RECIPIENT,
      amount: '4.25',
    });
    expect(sent.status).toBe(201);
    const final = await pollUntil(
      () => call('GET', `${WALLETS}/${wallet.address}/transactions/${sent.body.id}`),
      (response) => ['success', 'failed'].includes(response.body.status),
    );
    expect(final.body.status).toBe('success');
    expect(node.balance(RECIPIENT, USDC)).toBe(4_250_000n);
    expect(node.balance(wallet.address, USDC)).toBe(5_750_000n);
    expect(final.body.fees.actual.amount).toBe('0.000011');

    const tooMuch = await call('POST', `${WALLETS}/${wallet.address}/tokens/${CHAIN}:usdc/transfers`, {
      recipient: RECIPIENT,
      amount: '6',
    });
    const refused = await pollUntil(
      () => call('GET', `${WALLETS}/${wallet.address}/transactions/${tooMuch.body.id}`),
      (response) => ['success', 'failed'].includes(response.body.status),
    );
    expect(refused.body.status).toBe('failed');
    expect(refused.body.error.reason).toBe('insufficient_funds');
    expect(node.balance(wallet.address, USDC)).toBe(5_750_000n);
    expect(node.violations).toEqual([]);
  });
});
