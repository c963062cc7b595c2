import { SDK_TEST_TIMEOUT_MS, type SdkHarness, serverSecret, startSdkHarness } from './sdk-harness.js';
import { solanaKey, stellarKey } from './wallet-app-keys.js';

/** addSigner on Solana and Stellar smart wallets: a wallet transaction the recovery (admin) signer approves (ADR 0448). */
describe.each([
  { chain: 'solana' as const, key: solanaKey, seed: 40 },
  { chain: 'stellar' as const, key: stellarKey, seed: 50 },
])('addSigner through the public SDK ($chain)', ({ chain, key, seed }) => {
  let harness: SdkHarness;
  beforeAll(async () => {
    harness = await startSdkHarness();
  }, SDK_TEST_TIMEOUT_MS);
  afterAll(() => harness.close());

  it(
    'adds an external-wallet signer once the server recovery signer approves the transaction, lists it, and sends with it',
    async () => {
      const wallet = await harness.sdk.createWallet({
        chain,
        recovery: { type: 'server', secret: serverSecret(seed) },
      });
      const delegate = key();
      const locator = `external-wallet:${delegate.address}`;
      expect(await wallet.signerIsRegistered(locator)).toBe(false);

      const added = await wallet.addSigner({ type: 'external-wallet', address: delegate.address });
      expect(added).toMatchObject({ type: 'external-wallet', locator, status: 'success' });
      expect(await wallet.signers()).toEqual([expect.objectContaining({ locator, status: 'success' })]);
      expect(await wallet.isSignerApproved(locator)).toBe(true);

      const { transaction } = (
        await harness.api.call(
          harness.project.serverKey,
          'GET',
          `/2025-06-09/wallets/${wallet.address}/signers/${encodeURIComponent(locator)}`,
        )
      ).body as { transaction: { id: string } };
      expect(await wallet.transaction(transaction.id)).toMatchObject({
        type: 'add-signer',
        chainType: chain,
        status: 'success',
        onChain: { txId: expect.any(String) },
        approvals: { pending: [], submitted: [{ signer: { type: 'server' } }] },
      });

      await wallet.stagingFund(2);
      await wallet.useSigner({ type: 'external-wallet', address: delegate.address, onSign: delegate.onSign } as never);
      const sent = await wallet.send(key().address, 'usdc', '0.5');
      expect(sent.hash).toEqual(expect.any(String));
      expect(await wallet.transaction(sent.transactionId)).toMatchObject({
        status: 'success',
        approvals: { submitted: [{ signer: { locator } }] },
      });
      expect((await wallet.balances()).usdc.amount).toBe('1.5');
    },
    SDK_TEST_TIMEOUT_MS,
  );

  it(
    'leaves a prepared registration awaiting approval, with the transaction to approve, until the admin approves it',
    async () => {
      const admin = key();
      const wallet = await harness.sdk.createWallet({
        chain,
        recovery: { type: 'external-wallet', address: admin.address, onSign: admin.onSign } as never,
      });
      const delegate = key();
      const locator = `external-wallet:${delegate.address}`;
      const prepared = await wallet.addSigner(
        { type: 'external-wallet', address: delegate.address },
        { prepareOnly: true },
      );
      expect(prepared).toMatchObject({ locator, status: 'awaiting-approval', transactionId: expect.any(String) });
      expect(await wallet.isSignerApproved(locator)).toBe(false);
      const { transactionId } = prepared as { transactionId: string };
      expect(await wallet.transaction(transactionId)).toMatchObject({
        status: 'awaiting-approval',
        approvals: { pending: [{ signer: { locator: `external-wallet:${admin.address}` } }] },
      });

      await wallet.approve({ transactionId });
      expect(await wallet.isSignerApproved(locator)).toBe(true);
      // The admin's wallet app signed what its chain's signer signs: a transaction naming it first, or the base64 digest.
      const signed = 'signed' in admin ? admin.signed : admin.payloads;
      expect(signed).toHaveLength(1);
    },
    SDK_TEST_TIMEOUT_MS,
  );
});
