import { type Hex, hexToBytes } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { testPasskey } from '../../../../packages/wallets/test/signatures/test-passkey.js';
import { SDK_TEST_TIMEOUT_MS, type SdkHarness, serverSecret, startSdkHarness } from './sdk-harness.js';

const PAYEE = '0x000000000000000000000000000000000000bEEF';
/** The relying party of the passkeys here: the deployment's WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS. */
const RELYING_PARTY = { rpId: 'shop.example', origin: 'https://shop.example' };

describe('the public wallets SDK against the API: EVM', () => {
  let harness: SdkHarness;
  beforeAll(async () => {
    harness = await startSdkHarness({
      env: { WEBAUTHN_RP_ID: RELYING_PARTY.rpId, WEBAUTHN_ORIGINS: RELYING_PARTY.origin },
    });
  }, SDK_TEST_TIMEOUT_MS);
  afterAll(() => harness.close());

  it(
    'creates a wallet with server recovery, reads it back, funds it, reads balances and sends',
    async () => {
      const recovery = { type: 'server' as const, secret: serverSecret(1) };
      const wallet = await harness.sdk.createWallet({
        chain: 'base-sepolia',
        recovery,
        owner: 'email:sdk-evm@example.com',
      });
      expect(wallet.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      const again = await harness.sdk.getWallet(wallet.address, { chain: 'base-sepolia' });
      expect(again.address).toBe(wallet.address);
      expect(again.recovery).toMatchObject({ type: 'server' });
      await again.useSigner(recovery);

      await wallet.stagingFund(10);
      expect((await wallet.balances()).usdc).toMatchObject({ symbol: 'usdc', amount: '10', decimals: 6 });

      const sent = await again.send(PAYEE, 'usdc', '0.5');
      expect(sent.hash).toMatch(/^0x[0-9a-f]{64}$/);
      const transaction = await again.transaction(sent.transactionId);
      expect(transaction).toMatchObject({ status: 'success', onChain: { txId: sent.hash } });
      expect((await wallet.balances()).usdc.amount).toBe('9.5');
      // The SDK's log batches went to its telemetry host and were kept on this machine.
      expect(harness.offline.blocked.length).toBeGreaterThan(0);
      expect(new Set(harness.offline.blocked)).toEqual(new Set(['telemetry.crossmint.com']));
      expect(harness.proxy.forwarded).toEqual(
        expect.arrayContaining([
          'POST /api/2025-06-09/wallets',
          `POST /api/v1-alpha2/wallets/${wallet.address}/balances`,
          `POST /api/2025-06-09/wallets/${wallet.address}/tokens/base-sepolia:usdc/transfers`,
          `POST /api/2025-06-09/wallets/${wallet.address}/transactions/${sent.transactionId}/approvals`,
        ]),
      );
    },
    SDK_TEST_TIMEOUT_MS,
  );

  it(
    'lets a passkey admin approve a transfer: the SDK sends its WebAuthn assertion as it comes, and the API accepts it',
    async () => {
      const passkey = testPasskey(RELYING_PARTY);
      const challenges: string[] = [];
      const recovery = {
        type: 'passkey' as const,
        id: 'sdk-passkey',
        name: 'Laptop',
        publicKey: passkey.publicKey,
        // What a browser's navigator.credentials.get answers, through the SDK's hook for it.
        onSignWithPasskey: async (message: string) => {
          challenges.push(message);
          return passkey.assert(hexToBytes(message as Hex));
        },
      };
      const wallet = await harness.sdk.createWallet({ chain: 'base-sepolia', recovery });
      await wallet.useSigner(recovery);
      await wallet.stagingFund(2);
      const sent = await wallet.send(PAYEE, 'usdc', '1');
      expect(sent.hash).toMatch(/^0x[0-9a-f]{64}$/);
      const transaction = await wallet.transaction(sent.transactionId);
      expect(transaction).toMatchObject({
        status: 'success',
        approvals: { submitted: [{ signer: { locator: 'passkey:sdk-passkey' }, message: challenges[0] }] },
      });
      expect(challenges).toHaveLength(1);
    },
    SDK_TEST_TIMEOUT_MS,
  );

  it(
    'lets an external-wallet signer approve a prepared transfer with its own signature',
    async () => {
      const owner = privateKeyToAccount(generatePrivateKey());
      const signed: string[] = [];
      const recovery = {
        type: 'external-wallet' as const,
        address: owner.address,
        onSign: async (message: string) => {
          signed.push(message);
          return owner.signMessage({ message: { raw: message as Hex } });
        },
      };
      const wallet = await harness.sdk.createWallet({ chain: 'base-sepolia', recovery });
      await wallet.stagingFund(3);
      const prepared = await wallet.send(PAYEE, 'usdc', '1.25', { prepareOnly: true });
      expect(prepared.hash).toBeUndefined();
      const waiting = await wallet.transaction(prepared.transactionId);
      expect(waiting.status).toBe('awaiting-approval');
      expect(waiting.approvals?.pending).toEqual([
        {
          signer: { type: 'external-wallet', address: owner.address, locator: `external-wallet:${owner.address}` },
          message: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        },
      ]);

      const approved = await wallet.approve({ transactionId: prepared.transactionId });
      expect(approved.hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(signed).toEqual([waiting.approvals?.pending[0]?.message]);
      expect((await wallet.balances()).usdc.amount).toBe('1.75');
    },
    SDK_TEST_TIMEOUT_MS,
  );

  it(
    'sends to a user locator, the chain taken from the token, and lists the wallet’s transactions',
    async () => {
      const recovery = { type: 'server' as const, secret: serverSecret(4) };
      const payer = await harness.sdk.createWallet({ chain: 'base-sepolia', recovery });
      const payee = await harness.sdk.createWallet({
        chain: 'base-sepolia',
        recovery: { type: 'server', secret: serverSecret(5) },
        owner: 'email:payee@example.com',
      });
      await payer.stagingFund(4);

      const sent = await payer.send({ email: 'payee@example.com' }, 'usdc', '1.5');
      expect(sent.hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect((await payee.balances()).usdc.amount).toBe('1.5');
      const listed = await payer.transactions();
      expect(listed).toMatchObject({
        transactions: [
          {
            id: sent.transactionId,
            status: 'success',
            sendParams: { params: { recipient: 'email:payee@example.com', recipientAddress: payee.address } },
          },
        ],
      });
    },
    SDK_TEST_TIMEOUT_MS,
  );

  it(
    'sends to a user who has no wallet yet: the recipient’s wallet is pregenerated (ADR 0811)',
    async () => {
      const payer = await harness.sdk.createWallet({
        chain: 'base-sepolia',
        recovery: { type: 'server', secret: serverSecret(7) },
      });
      await payer.stagingFund(3);
      const sent = await payer.send({ email: 'first-time@example.com' }, 'usdc', '2');
      expect(sent.hash).toMatch(/^0x[0-9a-f]{64}$/);
      const payee = await harness.sdk.getWallet('email:first-time@example.com:evm', { chain: 'base-sepolia' });
      expect(payee.owner).toBe('email:first-time@example.com');
      expect((await payee.balances()).usdc.amount).toBe('2');
    },
    SDK_TEST_TIMEOUT_MS,
  );

  it(
    'reads the native balance of a chain whose currency is not ETH under the eth the SDK asks for',
    async () => {
      const wallet = await harness.sdk.createWallet({
        chain: 'polygon-amoy',
        recovery: { type: 'server', secret: serverSecret(6) },
      });
      const funded = await harness.api.call(
        harness.project.serverKey,
        'POST',
        `/v1-alpha2/wallets/${wallet.address}/balances`,
        { amount: 0.05, token: 'pol', chain: 'polygon-amoy' },
      );
      expect(funded.body).toMatchObject([{ token: 'pol' }]);
      const balances = await wallet.balances();
      expect(balances.nativeToken).toMatchObject({ symbol: 'eth', name: 'POL', amount: '0.05', decimals: 18 });
      expect(balances.usdc).toMatchObject({ amount: '0' });
    },
    SDK_TEST_TIMEOUT_MS,
  );
});
