import { MemoryEventStore } from '@paykit/event-store';
import { createChainGateway, parseEvmRpcUrls, sandboxChainStream } from '../../src/index.js';
import { clockAt, leftOf, rightOf } from '../support.js';
import { NATIVE, mpcWallet } from './support.js';

const UNREACHABLE = 'http://127.0.0.1:1';
const wallet = mpcWallet('evm', 'factory wallet');

describe('createChainGateway', () => {
  it('serves every staging chain from the sandbox by default', async () => {
    const gateway = await createChainGateway({ environment: 'staging', clock: clockAt() });
    for (const chain of ['base-sepolia', 'polygon-amoy', 'ethereum-sepolia', 'solana', 'aptos', 'sui', 'stellar'])
      expect(gateway.adapterOf(chain)).toBe('sandbox');
    expect(
      rightOf(await gateway.fund({ chain: 'base-sepolia', address: wallet.address, token: 'usdxm', amount: '3' }))
        .balance.amount,
    ).toBe('3');
    expect(leftOf(await gateway.getBalance({ chain: 'base', address: wallet.address, token: NATIVE }))).toMatchObject({
      code: 'chain_not_supported',
    });
  });

  it('sends chains with an RPC URL to the node, ignoring the other environment’s URLs', async () => {
    const gateway = await createChainGateway({
      environment: 'staging',
      clock: clockAt(),
      evmRpcUrls: `base-sepolia=${UNREACHABLE}, base=${UNREACHABLE}`,
    });
    expect(gateway.adapterOf('base-sepolia')).toBe('evm-json-rpc');
    expect(gateway.adapterOf('polygon-amoy')).toBe('sandbox');
    expect(
      leftOf(await gateway.getBalance({ chain: 'base-sepolia', address: wallet.address, token: NATIVE })),
    ).toMatchObject({
      kind: 'unavailable',
      code: 'chain_unavailable',
    });
  });

  it('sends Solana to the node at SOLANA_RPC_URL and refuses a URL that is not http(s)', async () => {
    const gateway = await createChainGateway({
      environment: 'production',
      clock: clockAt(),
      solanaRpcUrl: UNREACHABLE,
      solanaRpcTimeoutMs: 500,
    });
    expect(gateway.adapterOf('solana')).toBe('solana-json-rpc');
    expect(gateway.adapterOf('aptos')).toBeUndefined();
    const solanaWallet = mpcWallet('solana', 'factory solana wallet');
    expect(
      leftOf(await gateway.getBalance({ chain: 'solana', address: solanaWallet.address, token: NATIVE })),
    ).toMatchObject({ kind: 'unavailable', code: 'chain_unavailable' });
    await expect(
      createChainGateway({ environment: 'staging', clock: clockAt(), solanaRpcUrl: 'wss://node.invalid' }),
    ).rejects.toThrow(/SOLANA_RPC_URL/);
  });

  it('sends Aptos to the fullnode at APTOS_NODE_URL and refuses a URL that is not http(s)', async () => {
    const gateway = await createChainGateway({
      environment: 'production',
      clock: clockAt(),
      aptosNodeUrl: `${UNREACHABLE}/v1`,
      aptosNodeTimeoutMs: 500,
    });
    expect(gateway.adapterOf('aptos')).toBe('aptos-node');
    expect(gateway.adapterOf('solana')).toBeUndefined();
    const aptosWallet = mpcWallet('aptos', 'factory aptos wallet');
    expect(
      leftOf(await gateway.getBalance({ chain: 'aptos', address: aptosWallet.address, token: NATIVE })),
    ).toMatchObject({ kind: 'unavailable', code: 'chain_unavailable' });
    await expect(
      createChainGateway({ environment: 'staging', clock: clockAt(), aptosNodeUrl: 'wss://node.invalid' }),
    ).rejects.toThrow(/APTOS_NODE_URL/);
  });

  it('sends Sui to the fullnode at SUI_RPC_URL and refuses a URL that is not http(s)', async () => {
    const gateway = await createChainGateway({
      environment: 'production',
      clock: clockAt(),
      suiRpcUrl: UNREACHABLE,
      suiRpcTimeoutMs: 500,
    });
    expect(gateway.adapterOf('sui')).toBe('sui-json-rpc');
    expect(gateway.adapterOf('solana')).toBeUndefined();
    const suiWallet = mpcWallet('sui', 'factory sui wallet');
    expect(leftOf(await gateway.getBalance({ chain: 'sui', address: suiWallet.address, token: NATIVE }))).toMatchObject(
      { kind: 'unavailable', code: 'chain_unavailable' },
    );
    await expect(
      createChainGateway({ environment: 'staging', clock: clockAt(), suiRpcUrl: 'wss://node.invalid' }),
    ).rejects.toThrow(/SUI_RPC_URL/);
  });

  it('never offers the sandbox or its faucet in production unless told to, and then without the faucet', async () => {
    const bare = await createChainGateway({ environment: 'production', clock: clockAt() });
    expect(bare.adapterOf('base')).toBeUndefined();
    expect(leftOf(await bare.getBalance({ chain: 'base', address: wallet.address, token: NATIVE }))).toMatchObject({
      kind: 'unavailable',
      code: 'chain_not_configured',
    });

    const withNode = await createChainGateway({
      environment: 'production',
      clock: clockAt(),
      evmRpcUrls: { base: UNREACHABLE },
      evmFaucetKey: `0x${'11'.repeat(32)}`,
    });
    expect(withNode.adapterOf('base')).toBe('evm-json-rpc');
    expect(
      leftOf(await withNode.fund({ chain: 'base', address: wallet.address, token: 'usdc', amount: '1' })),
    ).toMatchObject({ code: 'faucet_not_available' });

    const demo = await createChainGateway({
      environment: 'production',
      clock: clockAt(),
      productionFallback: 'sandbox',
    });
    expect(demo.adapterOf('solana')).toBe('sandbox');
    expect(
      leftOf(await demo.fund({ chain: 'base', address: wallet.address, token: 'usdc', amount: '1' })),
    ).toMatchObject({
      kind: 'forbidden',
      code: 'faucet_not_available',
    });
  });

  it('keeps the sandbox in the store it is given: one stream per chain, read by any gateway on that store', async () => {
    const store = new MemoryEventStore();
    const clock = clockAt();
    const gateway = await createChainGateway({ environment: 'staging', clock, store });
    rightOf(await gateway.fund({ chain: 'polygon-amoy', address: wallet.address, token: 'usdxm', amount: '2' }));
    const recorded = [];
    for await (const event of store.readStream(sandboxChainStream('staging', 'polygon-amoy')))
      recorded.push(event.type);
    expect(recorded).toEqual(['SandboxTransactionAccepted', 'SandboxTransactionAccepted']);
    const other = await createChainGateway({ environment: 'staging', clock, store });
    expect(
      rightOf(await other.getBalance({ chain: 'polygon-amoy', address: wallet.address, token: NATIVE })).baseUnits,
    ).toBe((10n ** 16n).toString());
  });

  it('parses EVM_RPC_URLS and refuses malformed pairs and non-EVM chains at start-up', async () => {
    expect(parseEvmRpcUrls(' base-sepolia=https://sepolia.base.org , polygon-amoy=wss://x.example/ws ,')).toEqual({
      'base-sepolia': 'https://sepolia.base.org',
      'polygon-amoy': 'wss://x.example/ws',
    });
    expect(() => parseEvmRpcUrls('base-sepolia')).toThrow('EVM_RPC_URLS');
    expect(() => parseEvmRpcUrls('base-sepolia=ftp://x')).toThrow('EVM_RPC_URLS');
    await expect(
      createChainGateway({ environment: 'staging', clock: clockAt(), evmRpcUrls: 'solana=http://127.0.0.1:8899' }),
    ).rejects.toThrow('not an EVM chain');
    await expect(
      createChainGateway({ environment: 'staging', clock: clockAt(), evmRpcUrls: 'evn=http://127.0.0.1:8545' }),
    ).rejects.toThrow('not an EVM chain');
  });
});
