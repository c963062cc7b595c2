import { type SdkHarness, serverSecret, startSdkHarness } from './sdk-harness.js';

describe('the public wallets SDK against the API', () => {
  let harness: SdkHarness;
  beforeAll(async () => {
    harness = await startSdkHarness();
  });
  afterAll(() => harness.close());

  it('creates an EVM wallet with server recovery, reads it back, funds it and reads its balances', async () => {
    const recovery = { type: 'server' as const, secret: serverSecret(1) };
    const wallet = await harness.sdk.createWallet({ chain: 'base-sepolia', recovery, owner: 'email:sdk-evm@example.com' });
    expect(wallet.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const again = await harness.sdk.getWallet(wallet.address, { chain: 'base-sepolia' });
    expect(again.address).toBe(wallet.address);
    expect(again.recovery).toMatchObject({ type: 'server' });
    await wallet.stagingFund(10);
    const balances = await wallet.balances();
    expect(balances.usdc).toMatchObject({ symbol: 'usdc', amount: '10', decimals: 6 });
    expect(harness.proxy.forwarded).toEqual(
      expect.arrayContaining(['POST /api/2025-06-09/wallets', `POST /api/v1-alpha2/wallets/${wallet.address}/balances`]),
    );
  });
});
