import { EVMWallet, SolanaWallet, StellarWallet } from '@crossmint/wallets-sdk';
import {
  findChain,
  findTokenByCurrency,
  solanaAddressFromPublicKey,
  solanaTransferTransaction,
  stellarAddressFromPublicKey,
} from '@paykit/wallets';
import { generateKeyPairSync } from 'node:crypto';
import { type Hex, erc20Abi } from 'viem';
import { SDK_TEST_TIMEOUT_MS, type SdkHarness, serverSecret, startSdkHarness } from './sdk-harness.js';

const USDXM_BASE_SEPOLIA = findTokenByCurrency(findChain('base-sepolia', 'staging')!, 'usdxm')!.address as Hex;
const USDXM_STELLAR = findTokenByCurrency(findChain('stellar', 'staging')!, 'usdxm')!.address as string;
const ed25519PublicKey = () =>
  Buffer.from(generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x as string, 'base64url');

describe('sendTransaction through the public SDK: raw transactions that move tokens', () => {
  let harness: SdkHarness;
  const fund = (address: string, body: unknown) =>
    harness.api.call(harness.project.serverKey, 'POST', `/v1-alpha2/wallets/${address}/balances`, body);
  beforeAll(async () => {
    harness = await startSdkHarness();
  }, SDK_TEST_TIMEOUT_MS);
  afterAll(() => harness.close());

  it(
    'EVM: an ERC-20 transfer call and a native value transfer, approved by the server signer',
    async () => {
      const wallet = EVMWallet.from(
        await harness.sdk.createWallet({
          chain: 'base-sepolia',
          recovery: { type: 'server', secret: serverSecret(10) },
        }),
      );
      await wallet.stagingFund(5);
      const payee = '0x000000000000000000000000000000000000bEEF' as Hex;
      const erc20 = await wallet.sendTransaction({
        to: USDXM_BASE_SEPOLIA,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [payee, 1_250_000n],
      });
      expect(erc20.hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect((await wallet.balances()).usdc.amount).toBe('3.75');
      expect(await wallet.transaction(erc20.transactionId)).toMatchObject({
        status: 'success',
        sendParams: { params: { recipientAddress: payee, amount: '1.25' } },
      });

      await fund(wallet.address, { amount: 0.05, token: 'eth', chain: 'base-sepolia' });
      const before = BigInt((await wallet.balances()).nativeToken.rawAmount ?? '0');
      const native = await wallet.sendTransaction({ to: payee, value: 10n ** 16n });
      expect(native.hash).toMatch(/^0x[0-9a-f]{64}$/);
      // Gas is sponsored for smart wallets: exactly the value leaves.
      expect(BigInt((await wallet.balances()).nativeToken.rawAmount ?? '0')).toBe(before - 10n ** 16n);

      // A call with no value and no data (the SDK sends value "0", data "0x") is a transaction too.
      const empty = await wallet.sendTransaction({ to: payee });
      expect(empty.hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(await wallet.transaction(empty.transactionId)).toMatchObject({
        status: 'success',
        sendParams: { params: { recipientAddress: payee, amount: '0' } },
      });
      expect(BigInt((await wallet.balances()).nativeToken.rawAmount ?? '0')).toBe(before - 10n ** 16n);

      const prepared = await wallet.sendTransaction({ to: payee, value: 1n, options: { prepareOnly: true } });
      expect(prepared.hash).toBeUndefined();
      expect((await wallet.transaction(prepared.transactionId)).status).toBe('awaiting-approval');
      await expect(
        wallet.sendTransaction({ to: USDXM_BASE_SEPOLIA, abi: erc20Abi, functionName: 'approve', args: [payee, 1n] }),
      ).rejects.toThrow(/unsupported_transaction/);
    },
    SDK_TEST_TIMEOUT_MS,
  );

  it(
    'Solana: a serialized VersionedTransaction with a System Program transfer',
    async () => {
      const wallet = SolanaWallet.from(
        await harness.sdk.createWallet({ chain: 'solana', recovery: { type: 'server', secret: serverSecret(11) } }),
      );
      await fund(wallet.address, { amount: 0.5, token: 'sol', chain: 'solana' });
      const payee = solanaAddressFromPublicKey(ed25519PublicKey());
      const { transaction } = solanaTransferTransaction({
        wallet: { address: wallet.address, walletType: 'mpc' },
        signers: [],
        recipient: payee,
        token: { native: true },
        baseUnits: 100_000_000n,
        lifetime: new Uint8Array(32).fill(9),
      });
      const sent = await wallet.sendTransaction({ serializedTransaction: transaction });
      expect(sent.hash).toEqual(expect.any(String));
      expect((await wallet.balances()).nativeToken.amount).toBe('0.4');
    },
    SDK_TEST_TIMEOUT_MS,
  );

  it(
    'Stellar: a transfer contract call on the token contract',
    async () => {
      const wallet = StellarWallet.from(
        await harness.sdk.createWallet({ chain: 'stellar', recovery: { type: 'server', secret: serverSecret(12) } }),
      );
      await wallet.stagingFund(3);
      const payee = stellarAddressFromPublicKey(ed25519PublicKey());
      const sent = await wallet.sendTransaction({
        contractId: USDXM_STELLAR,
        method: 'transfer',
        args: { from: wallet.address, to: payee, amount: '1000000' },
        memo: 'invoice 7',
      });
      expect(sent.hash).toEqual(expect.any(String));
      expect((await wallet.balances()).usdc.amount).toBe('2');
      expect(await wallet.transaction(sent.transactionId)).toMatchObject({
        sendParams: { params: { memo: { type: 'text', value: 'invoice 7' } } },
      });
    },
    SDK_TEST_TIMEOUT_MS,
  );
});
