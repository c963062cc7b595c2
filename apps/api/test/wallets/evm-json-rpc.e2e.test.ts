import { Global, Module } from '@nestjs/common';
import { systemClock } from '@paykit/kernel';
import { type ChainGateway, createChainGateway } from '@paykit/providers';
import { findChain, findTokenByCurrency } from '@paykit/wallets';
import { type Hex, decodeEventLog, formatEther, getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { CHAIN_GATEWAY_OVERRIDE } from '../../src/wallets/gateway/chain-gateway.token.js';
import {
  type GanacheChain,
  TEST_TOKEN_ABI,
  startGanacheChain,
} from '../../../../packages/providers/test/chains/fixtures/ganache-chain.js';
import { type TestProject, type WalletServer, pollUntil, startWalletServer } from './wallet-server.js';

const WALLETS = '/2025-06-09/wallets';
const CHAIN = 'base-sepolia';
/** The registry's staging stablecoin on base-sepolia: the test ERC-20's code is copied there. */
const USDXM = findTokenByCurrency(findChain(CHAIN, 'staging')!, 'usdxm')!.address as Hex;

describe('an ERC-20 transfer through our API, on an in-process EVM node', () => {
  let node: GanacheChain;
  let api: WalletServer;
  let project: TestProject;

  beforeAll(async () => {
    node = await startGanacheChain({ chainId: 84532 });
    await node.placeTokenAt(USDXM);
    const faucet = node.accounts[0]!;
    await node.mint(faucet.address, 1_000_000_000n, USDXM);
    const gateway: ChainGateway = await createChainGateway({
      environment: 'staging',
      clock: systemClock,
      evmTransports: { [CHAIN]: node.transport },
      // Ganache mines a block per transaction and no other: the including block is final.
      evmConfirmations: { [CHAIN]: 1 },
      evmFaucetKey: faucet.secretKey,
    });
    @Global()
    @Module({ providers: [{ provide: CHAIN_GATEWAY_OVERRIDE, useValue: gateway }], exports: [CHAIN_GATEWAY_OVERRIDE] })
    class GanacheGatewayModule {}
    api = await startWalletServer({ imports: [GanacheGatewayModule] });
    project = await api.project();
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await node?.close();
  });

  it('funds the wallet from the faucet key, sends, and reports the node’s real receipt', async () => {
    const call = (method: string, path: string, body?: unknown) => api.call(project.serverKey, method, path, body);
    const wallet = (await call('POST', WALLETS, { chainType: 'evm', type: 'mpc', owner: 'email:ganache@example.com' }))
      .body;
    const funded = await call('POST', `/v1-alpha2/wallets/${wallet.address}/balances`, {
      amount: 10,
      token: 'usdc',
      chain: CHAIN,
    });
    expect(funded.status).toBe(201);
    expect(funded.body[0].balances[CHAIN]).toBe('10');
    expect(await node.balanceOf(wallet.address, USDXM)).toBe(10_000_000n);

    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const sent = await call('POST', `${WALLETS}/${wallet.address}/tokens/${CHAIN}:usdc/transfers`, {
      recipient,
      amount: '4.25',
    });
    expect(sent.status).toBe(201);
    const final = await pollUntil(
      () => call('GET', `${WALLETS}/${wallet.address}/transactions/${sent.body.id}`),
      (response) => ['success', 'failed'].includes(response.body.status),
    );
    expect(final.body.status).toBe('success');

    const receipt = await node.client.getTransactionReceipt({ hash: final.body.onChain.txId as Hex });
    expect(receipt.status).toBe('success');
    expect(getAddress(receipt.to as Hex)).toBe(USDXM);
    expect(getAddress(receipt.from)).toBe(wallet.address);
    const [transferLog] = receipt.logs.map((log) =>
      decodeEventLog({ abi: TEST_TOKEN_ABI, data: log.data, topics: log.topics }),
    );
    expect(transferLog).toMatchObject({
      eventName: 'Transfer',
      args: { from: wallet.address, to: recipient, value: 4_250_000n },
    });
    expect(await node.balanceOf(recipient, USDXM)).toBe(4_250_000n);
    expect(final.body.onChain.call).toEqual({ to: USDXM, data: sent.body.onChain.call.data });
    expect(final.body.fees.actual.amount).toBe(formatEther(receipt.gasUsed * receipt.effectiveGasPrice));

    const balances = await call('GET', `${WALLETS}/${wallet.address}/balances?tokens=usdc&chains=${CHAIN}`);
    expect(balances.body[0]).toMatchObject({ amount: '5.75', rawAmount: '5750000' });
  });
});
