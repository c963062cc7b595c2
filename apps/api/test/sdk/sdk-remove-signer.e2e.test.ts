import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { SDK_TEST_TIMEOUT_MS, type SdkHarness, serverSecret, startSdkHarness } from './sdk-harness.js';
import { solanaKey, stellarKey } from './wallet-app-keys.js';

const WALLETS = '/2025-06-09/wallets';

/** A delegate's key on each chain family, and its signature of an approval message as its wallet app would make it. */
const evmDelegate = () => {
  const account = privateKeyToAccount(generatePrivateKey());
  return {
    address: account.address as string,
    signApproval: async (message: string) => account.signMessage({ message: { raw: message as Hex } }),
  };
};

describe.each([
  { chain: 'base-sepolia' as const, delegate: evmDelegate, payee: () => evmDelegate().address, seed: 60 },
  { chain: 'solana' as const, delegate: solanaKey, payee: () => solanaKey().address, seed: 70 },
  { chain: 'stellar' as const, delegate: stellarKey, payee: () => stellarKey().address, seed: 80 },
])('removeSigner through the public SDK ($chain)', ({ chain, delegate, payee, seed }) => {
  let harness: SdkHarness;
  const call = (method: string, path: string, body?: unknown) =>
    harness.api.call(harness.project.serverKey, method, path, body);
  beforeAll(async () => {
    harness = await startSdkHarness();
  }, SDK_TEST_TIMEOUT_MS);
  afterAll(() => harness.close());

  it(
    'removes a delegated signer once the admin approves the transaction; the signer can approve nothing after',
    async () => {
      const wallet = await harness.sdk.createWallet({
        chain,
        recovery: { type: 'server', secret: serverSecret(seed) },
      });
      const key = delegate();
      const locator = `external-wallet:${key.address}`;
      await wallet.addSigner({ type: 'external-wallet', address: key.address });
      expect(await wallet.isSignerApproved(locator)).toBe(true);
      await wallet.stagingFund(2);
      // A transfer the delegate is asked to approve, prepared while it was a signer.
      const prepared = await wallet.send(payee(), 'usdc', '1', { signer: locator, prepareOnly: true });

      const removed = await wallet.removeSigner({ type: 'external-wallet', address: key.address } as never);
      expect(removed).toEqual({ transactionId: expect.any(String), status: 'success' });
      expect(await wallet.signers()).toEqual([]);
      expect(await wallet.isSignerApproved(locator)).toBe(false);
      expect(await wallet.transaction(removed.transactionId)).toMatchObject({
        type: 'remove-signer',
        status: 'success',
        params: { delegatedSigner: locator },
        onChain: { txId: expect.any(String) },
      });
      // The same removal again answers the same transaction.
      const again = await call('DELETE', `${WALLETS}/${wallet.address}/signers/${encodeURIComponent(locator)}`);
      expect(again.body).toMatchObject({ id: removed.transactionId, status: 'success' });

      // Its approval of the transfer prepared before is refused, and the transfer stays unapproved.
      const transfer = (await call('GET', `${WALLETS}/${wallet.address}/transactions/${prepared.transactionId}`))
        .body as { approvals: { pending: { message: string }[] }; onChain: { transaction?: string } };
      const message = transfer.approvals.pending[0]?.message ?? '';
      const signature =
        'signApproval' in key
          ? await key.signApproval(message)
          : 'payloads' in key
            ? await key.onSign(message)
            : 'unused: refused before any signature check';
      const refused = await call(
        'POST',
        `${WALLETS}/${wallet.address}/transactions/${prepared.transactionId}/approvals`,
        {
          approvals: [{ signer: locator, signature }],
        },
      );
      expect(refused).toMatchObject({ status: 403, body: { error: true, code: 'signer_not_authorized' } });
      expect((await wallet.transaction(prepared.transactionId)).status).toBe('awaiting-approval');
      // Nor can it be named to sign a new transfer.
      await expect(wallet.send(payee(), 'usdc', '1', { signer: locator, prepareOnly: false })).rejects.toThrow();
    },
    SDK_TEST_TIMEOUT_MS,
  );

  it(
    'refuses to remove the admin signer or a signer the wallet never had, and adds a removed signer again only with a new approval',
    async () => {
      const admin = chain === 'base-sepolia' ? null : delegate();
      const wallet = await harness.sdk.createWallet({
        chain,
        recovery: { type: 'server', secret: serverSecret(seed + 1) },
      });
      const adminLocator = (await call('GET', `${WALLETS}/${wallet.address}`)).body.config.adminSigner
        .locator as string;
      const path = (locator: string) => `${WALLETS}/${wallet.address}/signers/${encodeURIComponent(locator)}`;
      expect(await call('DELETE', path(adminLocator))).toMatchObject({
        status: 400,
        body: { error: true, code: 'admin_signer_not_removable' },
      });
      const stranger = `external-wallet:${(admin ?? delegate()).address}`;
      expect((await call('DELETE', path(stranger))).status).toBe(404);

      const key = delegate();
      const locator = `external-wallet:${key.address}`;
      await wallet.addSigner({ type: 'external-wallet', address: key.address });
      await wallet.removeSigner({ type: 'external-wallet', address: key.address } as never);
      // A new registration opens a new approval: the earlier one does not bring the signer back.
      const prepared = await wallet.addSigner({ type: 'external-wallet', address: key.address }, { prepareOnly: true });
      expect(prepared).toMatchObject({ locator, status: 'awaiting-approval' });
      expect(await wallet.isSignerApproved(locator)).toBe(false);
      await wallet.approve(prepared as { transactionId?: string; signatureId?: string } as never);
      expect(await wallet.isSignerApproved(locator)).toBe(true);
    },
    SDK_TEST_TIMEOUT_MS,
  );
});
