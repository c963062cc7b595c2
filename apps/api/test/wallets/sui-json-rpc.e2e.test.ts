import { randomBytes } from 'node:crypto';
import { findChain, findTokenByCurrency } from '@paykit/wallets';
import { SuiFullnode } from '../../../../packages/providers/test/chains/fixtures/sui-fullnode.js';
import { SUI_COIN_TYPE } from '../../../../packages/providers/test/chains/fixtures/sui-ledger.js';
import { PRODUCTION_WITH_SANDBOXES } from '../support/production-env.js';
import { type TestProject, type WalletServer, startWalletServer, transactionOutcome } from './wallet-server.js';

const WALLETS = '/2025-06-09/wallets';
const CHAIN = 'sui';
/** The registry's production USDC coin type on Sui, minted on the mock fullnode. */
const USDC = findTokenByCurrency(findChain(CHAIN, 'production')!, 'usdc')!.address!;

describe('a USDC transfer through our API in production, on a Sui fullnode (SUI_RPC_URL) over JSON-RPC', () => {
  let node: SuiFullnode;
  let api: WalletServer;
  let project: TestProject;

  beforeAll(async () => {
    node = await new SuiFullnode().start();
    node.sealEvery(50);
    api = await startWalletServer({
      env: { ...PRODUCTION_WITH_SANDBOXES, SUI_RPC_URL: node.url, TRANSFER_POLL_INTERVAL_MS: '20' },
    });
    project = await api.project();
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await node?.stop();
  });

  it('sends from an MPC wallet, dry-run and executed on the node, and reports it final with its gas', async () => {
    const call = (method: string, path: string, body?: unknown) => api.call(project.serverKey, method, path, body);
    const wallet = (await call('POST', WALLETS, { chainType: 'sui', type: 'mpc', owner: 'email:sui@example.com' }))
      .body;
    node.ledger.mint(wallet.address, SUI_COIN_TYPE, 100_000_000n);
    node.ledger.mint(wallet.address, USDC, 6_000_000n);
    node.ledger.mint(wallet.address, USDC, 4_000_000n);

    const balances = await call('GET', `${WALLETS}/${wallet.address}/balances?tokens=usdc&chains=${CHAIN}`);
    expect(balances.status).toBe(200);
    expect(balances.body[0]).toMatchObject({ amount: '10', rawAmount: '10000000' });

    const recipient = `0x${randomBytes(32).toString('hex')}`;
    const sent = await call('POST', `${WALLETS}/${wallet.address}/tokens/${CHAIN}:usdc/transfers`, {
      recipient,
      amount: '4.25',
    });
    expect(sent.status).toBe(201);
    const final = await transactionOutcome(api, project.serverKey, wallet.address, sent.body.id);
    expect(final.body.status).toBe('success');
    expect(node.ledger.balanceOf(recipient, USDC)).toBe(4_250_000n);
    expect(node.ledger.balanceOf(wallet.address, USDC)).toBe(5_750_000n);
    const gas = 100_000_000n - node.ledger.balanceOf(wallet.address, SUI_COIN_TYPE);
    expect(final.body.fees.actual).toMatchObject({ token: 'sui:sui', amount: String(Number(gas) / 1e9) });

    const tooMuch = await call('POST', `${WALLETS}/${wallet.address}/tokens/${CHAIN}:usdc/transfers`, {
      recipient,
      amount: '6',
    });
    const refused = await transactionOutcome(api, project.serverKey, wallet.address, tooMuch.body.id);
    expect(refused.body.status).toBe('failed');
    expect(refused.body.error.reason).toBe('insufficient_funds');
    expect(node.ledger.balanceOf(wallet.address, USDC)).toBe(5_750_000n);
    expect(node.violations).toEqual([]);
  });
});
