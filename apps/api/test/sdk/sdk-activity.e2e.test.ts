import { sandboxRevertingRecipientOf } from '@paykit/providers';
import { SDK_TEST_TIMEOUT_MS, type SdkHarness, serverSecret, startSdkHarness } from './sdk-harness.js';

describe('transfers() and nfts() through the public SDK', () => {
  let harness: SdkHarness;
  beforeAll(async () => {
    harness = await startSdkHarness();
  });
  afterAll(() => harness.close());

  it(
    'lists a wallet’s successful transfers out and in, and failed ones apart',
    async () => {
      const payer = await harness.sdk.createWallet({
        chain: 'base-sepolia',
        recovery: { type: 'server', secret: serverSecret(13) },
      });
      const payee = await harness.sdk.createWallet({
        chain: 'base-sepolia',
        recovery: { type: 'server', secret: serverSecret(14) },
      });
      await payer.stagingFund(3);
      const first = await payer.send(payee.address, 'usdc', '1');
      const second = await payer.send(payee.address, 'usdc', '0.5');
      // The sandbox's documented reverting recipient fails the transfer on chain.
      await expect(payer.send(sandboxRevertingRecipientOf('evm'), 'usdc', '0.1')).rejects.toThrow(/failed/);

      const out = await payer.transfers({ tokens: 'usdc', status: 'successful' });
      expect(out.data.map((item) => item.transferId)).toEqual([second.transactionId, first.transactionId]);
      expect(out.data[0]).toMatchObject({
        type: 'wallets.transfer.out',
        status: 'succeeded',
        sender: { address: payer.address },
        recipient: { address: payee.address },
        token: {
          type: 'fungible',
          chain: 'base-sepolia',
          symbol: 'usdxm',
          amount: '0.5',
          rawAmount: '500000',
          decimals: 6,
        },
        onChain: { txId: second.hash },
      });
      const incoming = await payee.transfers({ status: 'successful' } as { tokens?: string; status: 'successful' });
      expect(incoming.data.map((item) => [item.type, item.transferId])).toEqual([
        ['wallets.transfer.in', second.transactionId],
        ['wallets.transfer.in', first.transactionId],
      ]);
      expect((await payer.transfers({ tokens: 'eth', status: 'successful' })).data).toEqual([]);
      const failed = await payer.transfers({ tokens: 'usdc', status: 'failed' });
      expect(failed.data).toEqual([
        expect.objectContaining({ status: 'failed', error: expect.objectContaining({ reason: expect.any(String) }) }),
      ]);
    },
    SDK_TEST_TIMEOUT_MS,
  );

  it('pages NFTs, of which the sandbox chains hold none', async () => {
    const wallet = await harness.sdk.createWallet({
      chain: 'base-sepolia',
      recovery: { type: 'server', secret: serverSecret(15) },
    });
    expect(await wallet.nfts({ perPage: 10, page: 1 })).toEqual([]);
    expect(harness.proxy.forwarded).toContain(
      `GET /api/2025-06-09/wallets/base-sepolia:${wallet.address}/nfts?page=1&perPage=10`,
    );
  });
});
