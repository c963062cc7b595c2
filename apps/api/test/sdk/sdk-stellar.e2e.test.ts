import { SDK_TEST_TIMEOUT_MS, type SdkHarness, serverSecret, startSdkHarness } from './sdk-harness.js';
import { stellarKey } from './wallet-app-keys.js';

const PAYEE = stellarKey().address;

describe('the public wallets SDK against the API: Stellar', () => {
  let harness: SdkHarness;
  beforeAll(async () => {
    harness = await startSdkHarness();
  }, SDK_TEST_TIMEOUT_MS);
  afterAll(() => harness.close());

  it(
    'creates a smart wallet with server recovery, funds it and sends: the server signer signs the base64 message',
    async () => {
      const recovery = { type: 'server' as const, secret: serverSecret(3) };
      const wallet = await harness.sdk.createWallet({
        chain: 'stellar',
        recovery,
        owner: 'email:sdk-stellar@example.com',
      });
      const again = await harness.sdk.getWallet(wallet.address, { chain: 'stellar' });
      expect(again.address).toBe(wallet.address);
      await wallet.stagingFund(5);
      expect((await wallet.balances()).usdc.amount).toBe('5');

      const sent = await wallet.send(PAYEE, 'usdc', '0.5');
      expect(sent.hash).toEqual(expect.any(String));
      expect(await wallet.transaction(sent.transactionId)).toMatchObject({
        status: 'success',
        chainType: 'stellar',
        onChain: { txId: sent.hash },
      });
      expect((await wallet.balances()).usdc.amount).toBe('4.5');
    },
    SDK_TEST_TIMEOUT_MS,
  );

  it(
    'has an external wallet approve a prepared transfer',
    async () => {
      const key = stellarKey();
      const wallet = await harness.sdk.createWallet({
        chain: 'stellar',
        recovery: { type: 'external-wallet', address: key.address, onSign: key.onSign },
      });
      await wallet.stagingFund(2);
      const prepared = await wallet.send(PAYEE, 'usdc', '1', { prepareOnly: true });
      const waiting = await wallet.transaction(prepared.transactionId);
      const message = (waiting.approvals?.pending[0] as { message: string }).message;
      expect(Buffer.from(message, 'base64')).toHaveLength(32);

      const approved = await wallet.approve({ transactionId: prepared.transactionId });
      expect(approved.hash).toEqual(expect.any(String));
      expect(key.payloads).toEqual([message]);
      expect((await wallet.balances()).usdc.amount).toBe('1');
    },
    SDK_TEST_TIMEOUT_MS,
  );

  it(
    'reads transactions(), transfers() and nfts() of a stellar wallet',
    async () => {
      const wallet = await harness.sdk.createWallet({
        chain: 'stellar',
        recovery: { type: 'server', secret: serverSecret(21) },
      });
      await wallet.stagingFund(2);
      const sent = await wallet.send(PAYEE, 'usdc', '0.25');
      expect(await wallet.transactions()).toMatchObject({
        transactions: [{ id: sent.transactionId, status: 'success', chainType: 'stellar' }],
      });
      const feed = await wallet.transfers({ tokens: 'usdc', status: 'successful' });
      expect(feed.data).toEqual([
        expect.objectContaining({
          transferId: sent.transactionId,
          type: 'wallets.transfer.out',
          token: expect.objectContaining({ chain: 'stellar', amount: '0.25' }),
        }),
      ]);
      expect(await wallet.nfts({ perPage: 5, page: 1 })).toEqual([]);
    },
    SDK_TEST_TIMEOUT_MS,
  );
});
