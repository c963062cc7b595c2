import type { ChainGateway } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { CHAIN_GATEWAY } from '../../src/wallets/gateway/chain-gateway.token.js';
import { decodeBase58 } from '../../src/wallets/transfers/base58.js';
import { SDK_TEST_TIMEOUT_MS, type SdkHarness, serverSecret, startSdkHarness } from './sdk-harness.js';
import { solanaKey } from './wallet-app-keys.js';

const PAYEE = solanaKey().address;
const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

describe('the public wallets SDK against the API: Solana', () => {
  let harness: SdkHarness;
  beforeAll(async () => {
    harness = await startSdkHarness();
  }, SDK_TEST_TIMEOUT_MS);
  afterAll(() => harness.close());

  /** A smart wallet whose admin is a wallet app's key (it signs the VersionedTransactions it is handed), funded. */
  const externalWalletWith = async (usdc: number) => {
    const key = solanaKey();
    const wallet = await harness.sdk.createWallet({
      chain: 'solana',
      recovery: { type: 'external-wallet', address: key.address, onSign: key.onSign },
    });
    await wallet.stagingFund(usdc);
    return { key, wallet };
  };

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
      const { key, wallet } = await externalWalletWith(2);
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
    'has an external wallet approve a transfer with a memo: the transaction it signs is what the chain executed',
    async () => {
      const { key, wallet } = await externalWalletWith(2);
      // The SDK's send takes no memo: the transfer is made over HTTP, then approved by the SDK.
      const memo = { type: 'text', value: 'invoice-42' };
      const sent = await harness.api.call(
        harness.project.serverKey,
        'POST',
        `/2025-06-09/wallets/${wallet.address}/tokens/solana:usdc/transfers`,
        { recipient: PAYEE, amount: '1', memo },
      );
      expect(sent.status).toBe(201);
      const message: string = sent.body.approvals.pending[0].message;
      await wallet.approve({ transactionId: sent.body.id });

      // What the wallet app signed, as @solana/web3.js (inside the SDK) deserialized it: the approval message's bytes.
      const signed = key.signed[0]?.message;
      if (!signed) throw new Error('the wallet app was asked to sign nothing');
      expect(Buffer.from(signed.serialize())).toEqual(Buffer.from(decodeBase58(message) as Uint8Array));
      const programOf = (index: number) => signed.staticAccountKeys[index]?.toBase58();
      const [execute, memoInstruction] = signed.compiledInstructions;
      expect(programOf(memoInstruction?.programIdIndex ?? -1)).toBe(MEMO_PROGRAM);
      expect(Buffer.from(memoInstruction?.data ?? []).toString('utf8')).toBe('invoice-42');
      // The smart account's execute ends with the inner transferChecked: index 12, the u64 amount, the decimals.
      const amount = Buffer.alloc(8);
      amount.writeBigUInt64LE(1_000_000n);
      expect(Buffer.from(execute?.data ?? []).subarray(-10)).toEqual(
        Buffer.concat([Buffer.of(12), amount, Buffer.of(6)]),
      );

      const final = await wallet.transaction(sent.body.id);
      const gateway = harness.api.server.app.get<ChainGateway>(CHAIN_GATEWAY);
      const executed = await gateway.findIncomingTransfer(sent.body.params.chain, final.onChain.txId as string);
      expect(E.isRight(executed) && executed.right).toMatchObject({
        from: wallet.address,
        to: PAYEE,
        baseUnits: '1000000',
        memo,
      });
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
