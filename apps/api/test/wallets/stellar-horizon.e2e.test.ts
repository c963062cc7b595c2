import {
  HorizonServer,
  classicAsset,
  randomAccountId,
} from '../../../../packages/providers/test/chains/fixtures/horizon-server.js';
import { type TestProject, type WalletServer, pollUntil, startWalletServer } from './wallet-server.js';

const WALLETS = '/2025-06-09/wallets';
const CHAIN = 'stellar';
/** Circle's USDC on the public network: the registry's production `usdc` (its Stellar Asset Contract). */
const USDC = classicAsset('USDC', 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN');
const XLM = 10_000_000n;

describe('a USDC transfer through our API in production, on a Horizon server (STELLAR_HORIZON_URL)', () => {
  let horizon: HorizonServer;
  let api: WalletServer;
  let project: TestProject;

  beforeAll(async () => {
    horizon = await new HorizonServer().start();
    api = await startWalletServer({
      env: {
        APP_ENV: 'production',
        CARD_PROCESSOR: 'sandbox',
        CARD_ISSUER: 'sandbox',
        KYC_PROVIDER: 'sandbox',
        PAYOUT_RAIL: 'sandbox',
        PRICE_SOURCE: 'sandbox',
        STELLAR_HORIZON_URL: horizon.url,
        STELLAR_HORIZON_TIMEOUT_MS: '2000',
        TRANSFER_POLL_INTERVAL_MS: '20',
      },
    });
    project = await api.project();
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await horizon?.stop();
  });

  afterEach(() => {
    expect(horizon.violations).toEqual([]);
  });

  it('sends from a Stellar wallet (its account key), lands in a ledger, final with its fee; a shortfall fails', async () => {
    const call = (method: string, path: string, body?: unknown) => api.call(project.serverKey, method, path, body);
    const created = await call('POST', WALLETS, {
      chainType: 'stellar',
      config: { adminSigner: { type: 'api-key' } },
      owner: 'email:horizon@example.com',
    });
    expect(created.status).toBe(201);
    const wallet = created.body;
    expect(wallet).toMatchObject({ chainType: 'stellar', type: 'smart' });
    horizon.createAccount(wallet.address, 10n * XLM);
    horizon.trust(wallet.address, USDC, 100_000_000n);

    const balances = await call('GET', `${WALLETS}/${wallet.address}/balances?tokens=usdc&chains=${CHAIN}`);
    expect(balances.status).toBe(200);
    expect(balances.body[0]).toMatchObject({ amount: '10', rawAmount: '10000000' });

    const recipient = randomAccountId();
    horizon.createAccount(recipient, 2n * XLM);
    horizon.trust(recipient, USDC);
    const sent = await call('POST', `${WALLETS}/${wallet.address}/tokens/${CHAIN}:usdc/transfers`, {
      recipient,
      amount: '4.25',
    });
    expect(sent.status).toBe(201);
    const final = await pollUntil(
      () => call('GET', `${WALLETS}/${wallet.address}/transactions/${sent.body.id}`),
      (response) => ['success', 'failed'].includes(response.body.status),
    );
    expect(final.body.status).toBe('success');
    expect(horizon.balanceOf(recipient, USDC)).toBe(42_500_000n);
    expect(horizon.balanceOf(wallet.address, USDC)).toBe(57_500_000n);
    expect(final.body.fees.actual.amount).toBe('0.00001');

    const tooMuch = await call('POST', `${WALLETS}/${wallet.address}/tokens/${CHAIN}:usdc/transfers`, {
      recipient,
      amount: '6',
    });
    const refused = await pollUntil(
      () => call('GET', `${WALLETS}/${wallet.address}/transactions/${tooMuch.body.id}`),
      (response) => ['success', 'failed'].includes(response.body.status),
    );
    expect(refused.body.status).toBe('failed');
    expect(refused.body.error.reason).toBe('insufficient_funds');
    expect(horizon.balanceOf(wallet.address, USDC)).toBe(57_500_000n);
  });
});
