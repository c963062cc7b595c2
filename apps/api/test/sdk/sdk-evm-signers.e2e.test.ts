import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { SDK_TEST_TIMEOUT_MS, type SdkHarness, serverSecret, startSdkHarness } from './sdk-harness.js';

const PAYEE = '0x000000000000000000000000000000000000bEEF';

describe('delegated signers through the public SDK (EVM)', () => {
  let harness: SdkHarness;
  beforeAll(async () => {
    harness = await startSdkHarness();
  }, SDK_TEST_TIMEOUT_MS);
  afterAll(() => harness.close());

  it(
    'adds an external-wallet signer once the server recovery signer approves, lists it, and sends with it',
    async () => {
      const wallet = await harness.sdk.createWallet({
        chain: 'base-sepolia',
        recovery: { type: 'server', secret: serverSecret(8) },
      });
      const delegate = privateKeyToAccount(generatePrivateKey());
      const locator = `external-wallet:${delegate.address}`;
      expect(await wallet.signerIsRegistered(locator)).toBe(false);

      const added = await wallet.addSigner({ type: 'external-wallet', address: delegate.address });
      expect(added).toMatchObject({ type: 'external-wallet', locator, status: 'success' });
      expect(await wallet.signers()).toEqual([expect.objectContaining({ locator, status: 'success' })]);
      expect(await wallet.isSignerApproved(locator)).toBe(true);
      // The same registration again is answered from the wallet, without a second approval.
      expect(await wallet.addSigner({ type: 'external-wallet', address: delegate.address })).toMatchObject({
        locator,
        status: 'success',
      });

      await wallet.stagingFund(3);
      const approvals: string[] = [];
      await wallet.useSigner({
        type: 'external-wallet',
        address: delegate.address,
        onSign: async (message: string) => {
          approvals.push(message);
          return delegate.signMessage({ message: { raw: message as Hex } });
        },
      });
      const sent = await wallet.send(PAYEE, 'usdc', '1');
      expect(sent.hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(approvals).toHaveLength(1);
      expect(await wallet.transaction(sent.transactionId)).toMatchObject({
        status: 'success',
        approvals: { submitted: [{ signer: { locator } }] },
      });
    },
    SDK_TEST_TIMEOUT_MS,
  );

  it(
    'leaves a prepared registration pending until approved, with the signature to approve',
    async () => {
      const wallet = await harness.sdk.createWallet({
        chain: 'base-sepolia',
        recovery: { type: 'server', secret: serverSecret(9) },
      });
      const delegate = privateKeyToAccount(generatePrivateKey());
      const prepared = await wallet.addSigner(
        { type: 'external-wallet', address: delegate.address },
        { prepareOnly: true },
      );
      expect(prepared).toMatchObject({
        locator: `external-wallet:${delegate.address}`,
        status: 'awaiting-approval',
        signatureId: expect.any(String),
      });
      expect(await wallet.isSignerApproved(`external-wallet:${delegate.address}`)).toBe(false);
      await wallet.approve({ signatureId: (prepared as { signatureId: string }).signatureId });
      expect(await wallet.isSignerApproved(`external-wallet:${delegate.address}`)).toBe(true);
    },
    SDK_TEST_TIMEOUT_MS,
  );
});
