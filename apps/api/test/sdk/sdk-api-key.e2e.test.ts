import { EVMWallet } from '@crossmint/wallets-sdk';
import { smartAccountMessageHash } from '@paykit/wallets';
import { type Hex, hashMessage, recoverMessageAddress } from 'viem';
import { SDK_TEST_TIMEOUT_MS, type SdkHarness, startSdkHarness } from './sdk-harness.js';

describe('wallets whose admin signer is the project’s API key, through the public SDK', () => {
  let harness: SdkHarness;
  beforeAll(async () => {
    harness = await startSdkHarness();
  }, SDK_TEST_TIMEOUT_MS);
  afterAll(() => harness.close());

  it(
    'EVM: sends and signs without any approval round-trip',
    async () => {
      const wallet = EVMWallet.from(
        await harness.sdk.createWallet({ chain: 'base-sepolia', recovery: { type: 'api-key' }, alias: 'treasury' }),
      );
      await wallet.stagingFund(2);
      const sent = await wallet.send('0x000000000000000000000000000000000000bEEF', 'usdc', '0.75');
      expect(sent.hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect((await wallet.balances()).usdc.amount).toBe('1.25');

      const signed = await wallet.signMessage({ message: 'treasury statement' });
      const admin = (await harness.api.call(harness.project.serverKey, 'GET', `/2025-06-09/wallets/${wallet.address}`))
        .body.config.adminSigner.address;
      const approved = smartAccountMessageHash(wallet.address as Hex, 84532, hashMessage('treasury statement'));
      expect(await recoverMessageAddress({ message: { raw: approved }, signature: signed.signature as Hex })).toBe(
        admin,
      );
    },
    SDK_TEST_TIMEOUT_MS,
  );

  it(
    'Solana: sends without any approval round-trip',
    async () => {
      const wallet = await harness.sdk.createWallet({ chain: 'solana', recovery: { type: 'api-key' } });
      await wallet.stagingFund(2);
      const sent = await wallet.send('DQ7T4ft9KRRg8rx1sexwnU6aK5WPCM6g7rDuPfm4uWqu', 'usdc', '1');
      expect(sent.hash).toEqual(expect.any(String));
      expect((await wallet.balances()).usdc.amount).toBe('1');
    },
    SDK_TEST_TIMEOUT_MS,
  );
});
