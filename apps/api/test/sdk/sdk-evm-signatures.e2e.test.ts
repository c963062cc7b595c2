import { EVMWallet } from '@crossmint/wallets-sdk';
import type { Hex } from 'viem';
import {
  type GanacheChain,
  startGanacheChain,
} from '../../../../packages/providers/test/chains/fixtures/ganache-chain.js';
import { placeSmartAccountAt, smartAccountArtifactIsCurrent } from './fixtures/smart-account.js';
import { SDK_TEST_TIMEOUT_MS, type SdkHarness, serverSecret, startSdkHarness } from './sdk-harness.js';

const BASE_SEPOLIA = 84532;

const typedData = (verifyingContract: Hex) =>
  ({
    domain: { name: 'Mail', version: '1', chainId: BASE_SEPOLIA, verifyingContract },
    types: {
      Mail: [
        { name: 'from', type: 'address' },
        { name: 'contents', type: 'string' },
        { name: 'amount', type: 'uint256' },
      ],
    },
    primaryType: 'Mail',
    message: { from: verifyingContract, contents: 'hello', amount: 12n },
  }) as const;

describe('wallet signatures through the public SDK, verified by viem (ERC-1271) on an in-process EVM', () => {
  let harness: SdkHarness;
  let node: GanacheChain;
  beforeAll(async () => {
    harness = await startSdkHarness();
    node = await startGanacheChain({ chainId: BASE_SEPOLIA });
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
    await node?.close();
  }, SDK_TEST_TIMEOUT_MS);

  it(
    'has the committed contract artifact compiled from its source',
    () => {
      expect(smartAccountArtifactIsCurrent()).toBe(true);
    },
    SDK_TEST_TIMEOUT_MS,
  );

  it(
    'signs a message and typed data once the server signer approves; the signatures verify where the wallet is deployed',
    async () => {
      const wallet = EVMWallet.from(
        await harness.sdk.createWallet({
          chain: 'base-sepolia',
          recovery: { type: 'server', secret: serverSecret(7) },
        }),
      );
      const stored = await harness.api.call(harness.project.serverKey, 'GET', `/2025-06-09/wallets/${wallet.address}`);
      const admin = stored.body.config.adminSigner.address as Hex;

      const message = await wallet.signMessage({ message: 'I agree to the terms' });
      expect(message.signature).toMatch(/^0x[0-9a-f]{130}$/);
      const typed = await wallet.signTypedData({ ...typedData(wallet.address as Hex), chain: 'base-sepolia' });

      await placeSmartAccountAt(node, { id: BASE_SEPOLIA }, node.accounts[0]!.secretKey, wallet.address as Hex, admin);
      const address = wallet.address as Hex;
      expect(
        await node.client.verifyMessage({
          address,
          message: 'I agree to the terms',
          signature: message.signature as Hex,
        }),
      ).toBe(true);
      expect(
        await node.client.verifyMessage({
          address,
          message: 'I agree to other terms',
          signature: message.signature as Hex,
        }),
      ).toBe(false);
      expect(
        await node.client.verifyTypedData({ address, ...typedData(address), signature: typed.signature as Hex }),
      ).toBe(true);
      expect(
        await node.client.verifyTypedData({
          address,
          ...typedData(address),
          message: { ...typedData(address).message, amount: 13n },
          signature: typed.signature as Hex,
        }),
      ).toBe(false);

      const read = await harness.api.call(
        harness.project.serverKey,
        'GET',
        `/2025-06-09/wallets/${wallet.address}/signatures/${message.signatureId}`,
      );
      expect(read.body).toMatchObject({
        id: message.signatureId,
        type: 'message',
        status: 'success',
        outputSignature: message.signature,
        approvals: { pending: [] },
      });
    },
    SDK_TEST_TIMEOUT_MS,
  );
});
