import { SDK_TEST_TIMEOUT_MS, type SdkHarness, serverSecret, startSdkHarness } from './sdk-harness.js';
import { solanaKey } from './wallet-app-keys.js';

const PAYEE = solanaKey().address;

describe('the public wallets SDK against the API: Solana', () => {
  let harness: SdkHarness;
  beforeAll(async () => {
    harness = await startSdkHarness();
  }, SDK_TEST_TIMEOUT_MS);
  afterAll(() => harness.close());

  it(
    'creates a smart wallet with server recovery, funds it and sends: the server signer signs the transfer transaction',
    async () => {
      const recovery = { type: 'server' as const, secret: serverSecret(2) };
      const wallet = await harness.sdk.createWallet({
        chain: 'solana',
        recovery,
        owner: 'email:sdk-solana@example.com',
      });
      const again = await harness.sdk.getWallet(wallet.address, { chain: 'solana' });
      expect(again.address).toBe(wallet.address);
      await wallet.stagingFund(5);
      expect((await wallet.balances()).usdc).toMatchObject({ amount: '5', decimals: 6 });

      const sent = await wallet.send(PAYEE, 'usdc', '0.5');
      expect(sent.hash).toEqual(expect.any(String));
      const transaction = await wallet.transaction(sent.transactionId);
      expect(transaction).toMatchObject({
        status: 'success',
        chainType: 'solana',
        onChain: { txId: sent.hash, transaction: expect.any(String) },
      });
      expect((await wallet.balances()).usdc.amount).toBe('4.5');
    },
    SDK_TEST_TIMEOUT_MS,
  );

  it(
    'has an external wallet approve a prepared transfer by signing its VersionedTransaction',
    async () => {
      const key = solanaKey();
      const wallet = await harness.sdk.createWallet({
        chain: 'solana',
        recovery: { type: 'external-wallet', address: key.address, onSign: key.onSign },
      });
      await wallet.stagingFund(2);
      const prepared = await wallet.send(PAYEE, 'usdc', '1', { prepareOnly: true });
      const waiting = await wallet.transaction(prepared.transactionId);
      expect(waiting.approvals?.pending).toEqual([
        {
          signer: { type: 'external-wallet', address: key.address, locator: `external-wallet:${key.address}` },
          message: expect.any(String),
        },
      ]);

      const approved = await wallet.approve({ transactionId: prepared.transactionId });
      expect(approved.hash).toEqual(expect.any(String));
      expect(key.signed).toHaveLength(1);
      // What the wallet app was asked to sign names the payer as its first required signer, and moves the tokens to the payee.
      const signedMessage = key.signed[0]?.message;
      expect(signedMessage?.staticAccountKeys[0]?.toBase58()).toBe(key.address);
      expect(signedMessage?.staticAccountKeys.map((account) => account.toBase58())).toEqual(
        expect.arrayContaining([wallet.address]),
      );
      expect((await wallet.balances()).usdc.amount).toBe('1');
    },
    SDK_TEST_TIMEOUT_MS,
  );

  it(
    'reads transactions(), transfers() and nfts() of a solana wallet',
    async () => {
      const wallet = await harness.sdk.createWallet({
        chain: 'solana',
        recovery: { type: 'server', secret: serverSecret(20) },
      });
      await wallet.stagingFund(2);
      const sent = await wallet.send(PAYEE, 'usdc', '0.25');
      expect(await wallet.transactions()).toMatchObject({
        transactions: [{ id: sent.transactionId, status: 'success', chainType: 'solana' }],
      });
      const feed = await wallet.transfers({ tokens: 'usdc', status: 'successful' });
      expect(feed.data).toEqual([
        expect.objectContaining({
          transferId: sent.transactionId,
          type: 'wallets.transfer.out',
          token: expect.objectContaining({ chain: 'solana', amount: '0.25' }),
        }),
      ]);
      expect(await wallet.nfts({ perPage: 5, page: 1 })).toEqual([]);
    },
    SDK_TEST_TIMEOUT_MS,
  );
});
