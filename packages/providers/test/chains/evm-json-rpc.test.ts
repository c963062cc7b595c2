import { HttpRequestError, custom, decodeErrorResult, formatEther, hexToBytes, parseTransaction, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  EvmJsonRpcGateway,
  createChainGateway,
  verifyDeposit,
  type ChainToken,
  type SubmitTransferRequest,
} from '../../src/index.js';
import { clockAt, leftOf, rightOf } from '../support.js';
import { TEST_TOKEN_ABI, startGanacheChain, type GanacheChain } from './fixtures/ganache-chain.js';
import { describeChainGatewayConformance } from './chain-gateway-conformance.js';
import { usdxmOn } from './support.js';

const CHAIN = 'base-sepolia';
const CHAIN_ID = 84532;
const clock = clockAt();

let node: GanacheChain;
let gateway: EvmJsonRpcGateway;
let token: ChainToken;
let sender: { address: Hex; secretKey: Hex };

const keyTransfer = (
  from: { address: Hex; secretKey: Hex },
  recipient: string,
  baseUnits: string,
  extra: Partial<SubmitTransferRequest> = {},
): SubmitTransferRequest => ({
  chain: CHAIN,
  from: { address: from.address, walletType: 'mpc' },
  authority: { kind: 'custodial-key', curve: 'secp256k1', secretKey: hexToBytes(from.secretKey) },
  token,
  recipient,
  baseUnits,
  ...extra,
});

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address;

const submittedTxId = (result: Awaited<ReturnType<EvmJsonRpcGateway['submitTransfer']>>): Hex => {
  const value = rightOf(result);
  if (value.outcome !== 'submitted') throw new Error(`expected a submission, got ${JSON.stringify(value.error)}`);
  return value.txId as Hex;
};

beforeAll(async () => {
  node = await startGanacheChain({ chainId: CHAIN_ID });
  token = { native: false, address: node.token };
  sender = node.accounts[1] as { address: Hex; secretKey: Hex };
  await node.mint(sender.address, 100_000_000n);
  gateway = new EvmJsonRpcGateway({
    environment: 'staging',
    clock,
    chains: [{ chain: CHAIN, transport: node.transport, confirmations: 2 }],
  });
}, 60_000);

afterAll(async () => {
  await node.close();
});

describe('EVM JSON-RPC gateway on an in-process node', () => {
  it('reads native and ERC-20 balances, decimals from the contract', async () => {
    // An account no other test sends from: its balances are the node's initial ones and this mint.
    const holder = node.accounts[4] as { address: Hex };
    await node.mint(holder.address, 100_000_000n);
    expect(
      rightOf(await gateway.getBalance({ chain: CHAIN, address: holder.address, token: { native: true } })),
    ).toMatchObject({
      baseUnits: (1000n * 10n ** 18n).toString(),
      decimals: 18,
    });
    expect(rightOf(await gateway.getBalance({ chain: CHAIN, address: holder.address, token }))).toEqual({
      chain: CHAIN,
      address: holder.address,
      token,
      baseUnits: '100000000',
      decimals: 6,
    });
  });

  it('sends an ERC-20 transfer signed with the wallet key, which lands on the node and becomes final after N blocks', async () => {
    const recipient = freshAddress();
    const before = await node.balanceOf(sender.address);
    const txId = submittedTxId(await gateway.submitTransfer(keyTransfer(sender, recipient, '40000000')));

    const receipt = await node.client.getTransactionReceipt({ hash: txId });
    expect(receipt.status).toBe('success');
    expect(await node.balanceOf(recipient)).toBe(40_000_000n);
    expect(await node.balanceOf(sender.address)).toBe(before - 40_000_000n);

    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toEqual({
      status: 'pending',
      confirmations: 1,
      requiredConfirmations: 2,
      blockNumber: Number(receipt.blockNumber),
      blockHash: receipt.blockHash,
    });
    await node.mine();
    const final = rightOf(await gateway.getTransactionStatus(CHAIN, txId));
    expect(final).toMatchObject({ status: 'success', confirmations: 2, blockNumber: Number(receipt.blockNumber) });
    if (final.status !== 'success') throw new Error('expected success');
    expect(final.fee.token).toBe('base-sepolia:eth');
    expect(final.fee.amount).toBe(formatEther(receipt.gasUsed * receipt.effectiveGasPrice));
  });

  it('rejects a transfer of more tokens than the wallet holds before broadcasting, with the revert data', async () => {
    const balance = await node.balanceOf(sender.address);
    const nonce = await node.client.getTransactionCount({ address: sender.address });
    const result = rightOf(
      await gateway.submitTransfer(keyTransfer(sender, freshAddress(), (balance + 1n).toString())),
    );
    if (result.outcome !== 'rejected') throw new Error('expected a rejection');
    expect(result.error.reason).toBe('reverted');
    const decoded = decodeErrorResult({ abi: TEST_TOKEN_ABI, data: result.error.revertData as Hex });
    expect(decoded).toMatchObject({
      errorName: 'ERC20InsufficientBalance',
      args: [sender.address, balance, balance + 1n],
    });
    expect(await node.client.getTransactionCount({ address: sender.address })).toBe(nonce);
  });

  it('reports a transfer mined as reverted as failed, with the revert data replayed from the node', async () => {
    const unsimulated = new EvmJsonRpcGateway({
      environment: 'staging',
      clock,
      chains: [{ chain: CHAIN, transport: node.transport, confirmations: 1, simulate: false }],
    });
    const balance = await node.balanceOf(sender.address);
    const txId = submittedTxId(
      await unsimulated.submitTransfer(keyTransfer(sender, freshAddress(), (balance + 5n).toString())),
    );
    expect((await node.client.getTransactionReceipt({ hash: txId })).status).toBe('reverted');
    const status = rightOf(await unsimulated.getTransactionStatus(CHAIN, txId));
    if (status.status !== 'failed') throw new Error(`expected failed, got ${status.status}`);
    expect(status.error).toMatchObject({ reason: 'reverted', message: 'execution reverted' });
    expect(decodeErrorResult({ abi: TEST_TOKEN_ABI, data: status.error.revertData as Hex })).toMatchObject({
      errorName: 'ERC20InsufficientBalance',
      args: [sender.address, balance, balance + 5n],
    });
    expect(status.fee?.token).toBe('base-sepolia:eth');
    expect(await node.balanceOf(sender.address)).toBe(balance);
  });

  it('rejects a transfer from a wallet without gas as insufficient_funds', async () => {
    const broke = generatePrivateKey();
    const result = rightOf(
      await gateway.submitTransfer(
        keyTransfer({ address: privateKeyToAccount(broke).address, secretKey: broke }, freshAddress(), '1', {
          token: { native: true },
        }),
      ),
    );
    expect(result).toMatchObject({ outcome: 'rejected', error: { reason: 'insufficient_funds' } });
  });

  it('sends once per idempotency key', async () => {
    const request = keyTransfer(sender, freshAddress(), '1', { idempotencyKey: 'evm-once' });
    const nonce = await node.client.getTransactionCount({ address: sender.address });
    const [first, second] = await Promise.all([gateway.submitTransfer(request), gateway.submitTransfer(request)]);
    expect(rightOf(second)).toEqual(rightOf(first));
    expect(await node.client.getTransactionCount({ address: sender.address })).toBe(nonce + 1);
  });

  describe('a send whose answer was lost (the node answered 502 to eth_sendRawTransaction)', () => {
    /** The ganache node behind a proxy that, while `sends` says so, takes or drops a raw transaction and then answers 502. */
    const proxied = (sends: { mode: 'normal' | 'taken, answer lost' | 'dropped, answer lost' }) => {
      const { request } = node.transport({ retryCount: 0 });
      const lossy = custom(
        {
          request: async (args: { method: string; params?: unknown }) => {
            if (args.method !== 'eth_sendRawTransaction' || sends.mode === 'normal') return request(args);
            if (sends.mode === 'taken, answer lost') await request(args);
            throw new HttpRequestError({ url: 'http://node.invalid', status: 502 });
          },
        },
        { retryCount: 0 },
      );
      return new EvmJsonRpcGateway({
        environment: 'staging',
        clock,
        chains: [{ chain: CHAIN, transport: lossy, confirmations: 1 }],
      });
    };

    it('counts a transaction the node took as submitted under its hash, and pays once when asked again', async () => {
      const sends = { mode: 'taken, answer lost' as const };
      const lossy = proxied(sends);
      const recipient = freshAddress();
      const request = keyTransfer(sender, recipient, '3', { idempotencyKey: 'evm-lost-answer' });
      const txId = submittedTxId(await lossy.submitTransfer(request));
      expect(submittedTxId(await lossy.submitTransfer(request))).toBe(txId);
      expect(await node.balanceOf(recipient)).toBe(3n);
      expect(rightOf(await lossy.getTransactionStatus(CHAIN, txId))).toMatchObject({ status: 'success' });
    });

    it('sends a transaction the node never saw again as is when its status is asked, and it lands once', async () => {
      const sends: { mode: 'normal' | 'dropped, answer lost' } = { mode: 'dropped, answer lost' };
      const lossy = proxied(sends);
      const recipient = freshAddress();
      const txId = submittedTxId(await lossy.submitTransfer(keyTransfer(sender, recipient, '4')));
      expect(await node.balanceOf(recipient)).toBe(0n);
      sends.mode = 'normal';
      expect(rightOf(await lossy.getTransactionStatus(CHAIN, txId))).toMatchObject({ status: 'pending' });
      expect(await node.balanceOf(recipient)).toBe(4n);
      expect(rightOf(await lossy.getTransactionStatus(CHAIN, txId))).toMatchObject({ status: 'success' });
    });

    it('fails one the node never saw whose nonce another transaction took since: it can never land', async () => {
      const sends: { mode: 'normal' | 'dropped, answer lost' } = { mode: 'dropped, answer lost' };
      const lossy = proxied(sends);
      const recipient = freshAddress();
      const lost = submittedTxId(await lossy.submitTransfer(keyTransfer(sender, recipient, '5')));
      sends.mode = 'normal';
      submittedTxId(await gateway.submitTransfer(keyTransfer(sender, recipient, '6')));
      expect(rightOf(await lossy.getTransactionStatus(CHAIN, lost))).toMatchObject({
        status: 'failed',
        error: { reason: 'expired' },
      });
      expect(await node.balanceOf(recipient)).toBe(6n);
    });
  });

  it('builds an unsigned deposit the payer signs and broadcasts, then finds it with its memo', async () => {
    const depositAddress = freshAddress();
    const memo = { type: 'text' as const, value: 'order-42' };
    const unsigned = rightOf(
      await gateway.buildDepositTransaction({
        chain: CHAIN,
        payer: sender.address,
        depositAddress,
        token,
        baseUnits: '2500000',
        memo,
      }),
    );
    const parsed = parseTransaction(unsigned.serializedTransaction as Hex);
    expect(parsed).toMatchObject({
      type: 'eip1559',
      chainId: CHAIN_ID,
      nonce: await node.client.getTransactionCount({ address: sender.address }),
    });
    const signed = await privateKeyToAccount(sender.secretKey).signTransaction(parsed);
    const { txId } = rightOf(await gateway.broadcastSignedTransaction({ chain: CHAIN, signedTransaction: signed }));
    expect(await node.balanceOf(depositAddress)).toBe(2_500_000n);

    const expected = { chain: CHAIN, depositAddress, token, baseUnits: '2500000', memo };
    const found = rightOf(await gateway.findIncomingTransfer(CHAIN, txId));
    expect(found).toMatchObject({
      from: sender.address,
      to: depositAddress,
      baseUnits: '2500000',
      memo,
      status: 'success',
      confirmations: 1,
      final: false,
    });
    expect(rightOf(verifyDeposit(found, expected)).status).toBe('pending');
    await node.mine();
    expect(rightOf(verifyDeposit(rightOf(await gateway.findIncomingTransfer(CHAIN, txId)), expected)).status).toBe(
      'final',
    );
    expect(
      leftOf(
        verifyDeposit(rightOf(await gateway.findIncomingTransfer(CHAIN, txId)), { ...expected, baseUnits: '2500001' }),
      ),
    ).toMatchObject({
      code: 'deposit_amount_mismatch',
    });
  });

  it('funds a wallet with the registry stablecoin from the faucet key, through createChainGateway, in staging only', async () => {
    const usdxm = usdxmOn(CHAIN);
    if (usdxm.native) throw new Error('usdxm is a token');
    const registryToken = usdxm.address as Hex;
    await node.placeTokenAt(registryToken);
    const faucetKey = node.accounts[2] as { address: Hex; secretKey: Hex };
    await node.mint(faucetKey.address, 1_000_000_000n, registryToken);
    const staging = await createChainGateway({
      environment: 'staging',
      clock,
      evmTransports: { [CHAIN]: node.transport },
      evmConfirmations: { [CHAIN]: 1 },
      evmFaucetKey: faucetKey.secretKey,
    });
    expect(staging.adapterOf(CHAIN)).toBe('evm-json-rpc');

    const wallet = freshAddress();
    const funded = rightOf(await staging.fund({ chain: CHAIN, address: wallet, token: 'usdc', amount: '25' }));
    expect(funded.balance).toMatchObject({ token: usdxm, baseUnits: '25000000', amount: '25', decimals: 6 });
    expect(funded.txIds).toHaveLength(2);
    expect(await node.balanceOf(wallet, registryToken)).toBe(25_000_000n);
    expect(await node.client.getBalance({ address: wallet })).toBe(10n ** 16n);
    expect(rightOf(await staging.getBalance({ chain: CHAIN, address: wallet, token: usdxm })).baseUnits).toBe(
      '25000000',
    );
    expect(rightOf(await staging.getTransactionStatus(CHAIN, funded.txIds[0] as string))).toMatchObject({
      status: 'success',
    });
    expect(leftOf(await staging.fund({ chain: CHAIN, address: wallet, token: 'usdxm', amount: '101' }))).toMatchObject({
      code: 'invalid_amount',
    });
    expect(leftOf(await gateway.fund({ chain: CHAIN, address: wallet, token: 'usdxm', amount: '1' }))).toMatchObject({
      code: 'faucet_not_configured',
    });

    const production = new EvmJsonRpcGateway({
      environment: 'production',
      clock,
      chains: [{ chain: 'base', transport: node.transport, faucet: { secretKey: faucetKey.secretKey } }],
    });
    expect(leftOf(await production.fund({ chain: 'base', address: wallet, token: 'usdc', amount: '1' }))).toMatchObject(
      {
        kind: 'forbidden',
        code: 'faucet_not_available',
      },
    );
  });

  it('estimates a fee in the gas token', async () => {
    const fee = rightOf(
      await gateway.estimateFee({
        chain: CHAIN,
        from: sender.address,
        token,
        recipient: freshAddress(),
        baseUnits: '1',
      }),
    );
    expect(fee.token).toBe('base-sepolia:eth');
    expect(BigInt(fee.baseUnits)).toBeGreaterThan(21_000n);
  });

  it('leaves smart wallets to the smart-account deployment and refuses other chains and unknown transactions', async () => {
    const smart = {
      ...keyTransfer(sender, freshAddress(), '1'),
      authority: { kind: 'smart-account' as const, approvals: [] },
    };
    expect(leftOf(await gateway.submitTransfer(smart))).toMatchObject({
      kind: 'unprocessable',
      code: 'authority_not_supported',
    });
    expect(
      leftOf(
        await gateway.submitTransfer(
          keyTransfer(node.accounts[3] as { address: Hex; secretKey: Hex }, freshAddress(), '1', {
            from: { address: sender.address, walletType: 'mpc' },
          }),
        ),
      ),
    ).toMatchObject({
      code: 'signer_mismatch',
    });
    expect(leftOf(await gateway.getTransactionStatus(CHAIN, `0x${'ab'.repeat(32)}`))).toMatchObject({
      kind: 'not_found',
      code: 'transaction_not_found',
    });
    expect(leftOf(await gateway.getBalance({ chain: 'polygon-amoy', address: sender.address, token }))).toMatchObject({
      kind: 'unavailable',
      code: 'chain_not_configured',
    });
    expect(leftOf(await gateway.getBalance({ chain: 'base', address: sender.address, token }))).toMatchObject({
      kind: 'invalid',
      code: 'chain_not_supported',
    });
  });
});

describeChainGatewayConformance('evm-json-rpc', () => ({
  gateway,
  chain: CHAIN,
  token,
  sender: {
    address: sender.address,
    curve: 'secp256k1',
    secretKey: hexToBytes(sender.secretKey),
    publicKey: new Uint8Array(),
  },
  freshRecipient: () => Promise.resolve(freshAddress()),
  finalize: async () => {
    await node.mine();
    await node.mine();
  },
  shortfallReason: 'reverted',
}));
