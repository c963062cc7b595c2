import { generateKeyPairSigner, lamports, type Address } from '@solana/kit';
import { findChain, findTokenByCurrency } from '@paykit/wallets';
import { LiteSvmRpcNode } from '../../../../packages/providers/test/chains/fixtures/litesvm-rpc-node.js';
import { type TestProject, type WalletServer, pollUntil, startWalletServer } from './wallet-server.js';

const WALLETS = '/2025-06-09/wallets';
const CHAIN = 'solana';
/** The registry's staging stablecoin mint on Solana, created on the runtime with a test mint authority. */
const USDXM = findTokenByCurrency(findChain(CHAIN, 'staging')!, 'usdxm')!.address as Address;

describe('an SPL token transfer through our API, on a Solana node (SOLANA_RPC_URL) running litesvm', () => {
  let node: LiteSvmRpcNode;
  let api: WalletServer;
  let project: TestProject;
  let usdxm: Awaited<ReturnType<LiteSvmRpcNode['createMint']>>;

  beforeAll(async () => {
    node = await new LiteSvmRpcNode().start();
    node.slotsPerStatusQuery = 8n;
    usdxm = await node.createMint(USDXM, 6);
    api = await startWalletServer({ env: { SOLANA_RPC_URL: node.url, TRANSFER_POLL_INTERVAL_MS: '20' } });
    project = await api.project();
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await node?.stop();
  });

  it('sends from an MPC wallet, executed by the SPL Token program, and reports it final with its fee', async () => {
    const call = (method: string, path: string, body?: unknown) => api.call(project.serverKey, method, path, body);
    const wallet = (
      await call('POST', WALLETS, { chainType: 'solana', type: 'mpc', owner: 'email:litesvm@example.com' })
    ).body;
    node.svm.airdrop(wallet.address as Address, lamports(50_000_000n));
    await usdxm.mintTo(wallet.address as Address, 10_000_000n);

    const balances = await call('GET', `${WALLETS}/${wallet.address}/balances?tokens=usdxm&chains=${CHAIN}`);
    expect(balances.status).toBe(200);
    expect(balances.body[0]).toMatchObject({ amount: '10', rawAmount: '10000000' });

    const recipient = (await generateKeyPairSigner()).address;
    const sent = await call('POST', `${WALLETS}/${wallet.address}/tokens/${CHAIN}:usdxm/transfers`, {
      recipient,
      amount: '4.25',
    });
    expect(sent.status).toBe(201);
    const final = await pollUntil(
      () => call('GET', `${WALLETS}/${wallet.address}/transactions/${sent.body.id}`),
      (response) => ['success', 'failed'].includes(response.body.status),
    );
    expect(final.body.status).toBe('success');
    expect(await node.tokenBalance(USDXM, recipient)).toBe(4_250_000n);
    expect(await node.tokenBalance(USDXM, wallet.address as Address)).toBe(5_750_000n);
    expect(final.body.fees.actual.amount).toBe('0.000005');

    const tooMuch = await call('POST', `${WALLETS}/${wallet.address}/tokens/${CHAIN}:usdxm/transfers`, {
      recipient,
      amount: '6',
    });
    const refused = await pollUntil(
      () => call('GET', `${WALLETS}/${wallet.address}/transactions/${tooMuch.body.id}`),
      (response) => ['success', 'failed'].includes(response.body.status),
    );
    expect(refused.body.status).toBe('failed');
    expect(refused.body.error.reason).toBe('insufficient_funds');
    expect(await node.tokenBalance(USDXM, wallet.address as Address)).toBe(5_750_000n);
  });
});
