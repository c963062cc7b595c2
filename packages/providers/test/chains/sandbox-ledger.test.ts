import { SandboxChainGateway, type TransactionStatus } from '../../src/index.js';
import { clockAt, leftOf, rightOf } from '../support.js';
import { NATIVE, balanceOf, mpcWallet, sandbox, transferFrom, usdxmOn } from './support.js';

const CHAIN = 'base-sepolia';
const USDXM = usdxmOn(CHAIN);
const alice = mpcWallet('evm', 'alice');
const bob = mpcWallet('evm', 'bob');
const carol = mpcWallet('evm', 'carol');

const funded = async () => {
  const setup = sandbox();
  rightOf(await setup.gateway.fund({ chain: CHAIN, address: alice.address, token: 'usdxm', amount: '50' }));
  return setup;
};

const statusOf = async (gateway: SandboxChainGateway, txId: string): Promise<TransactionStatus> =>
  rightOf(await gateway.getTransactionStatus(CHAIN, txId));

describe('sandbox ledger: blocks, confirmations and finality', () => {
  it('includes a transfer in the next block, confirms it block by block and calls it final after N blocks', async () => {
    const { clock, gateway } = await funded();
    const submitted = rightOf(await gateway.submitTransfer(transferFrom(alice, CHAIN, USDXM, bob.address, '20000000')));
    if (submitted.outcome !== 'submitted') throw new Error('expected a submission');
    expect(submitted.txId).toMatch(/^0x[0-9a-f]{64}$/);
    expect(submitted.explorerLink).toBe(`https://sepolia.basescan.org/tx/${submitted.txId}`);
    expect(submitted.call?.to).toBe(USDXM.native ? undefined : USDXM.address);
    expect(submitted.call?.data.startsWith('0xa9059cbb')).toBe(true);

    expect(await statusOf(gateway, submitted.txId)).toEqual({
      status: 'pending',
      confirmations: 0,
      requiredConfirmations: 3,
    });
    expect(await balanceOf(gateway, CHAIN, alice.address, USDXM)).toBe('50000000');

    clock.advance(1_000);
    const included = await statusOf(gateway, submitted.txId);
    expect(included).toMatchObject({ status: 'pending', confirmations: 1, requiredConfirmations: 3 });
    expect(await balanceOf(gateway, CHAIN, alice.address, USDXM)).toBe('30000000');
    expect(await balanceOf(gateway, CHAIN, bob.address, USDXM)).toBe('20000000');
    // The faucet's gas drip (0.01 ETH) paid 65,000 gas at 1 gwei.
    expect(await balanceOf(gateway, CHAIN, alice.address, NATIVE)).toBe((10n ** 16n - 65_000n * 10n ** 9n).toString());

    clock.advance(1_000);
    expect(await statusOf(gateway, submitted.txId)).toMatchObject({ status: 'pending', confirmations: 2 });

    clock.advance(1_000);
    const final = await statusOf(gateway, submitted.txId);
    expect(final).toEqual({
      status: 'success',
      confirmations: 3,
      blockNumber: included.status === 'pending' ? included.blockNumber : -1,
      blockHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      fee: { token: 'base-sepolia:eth', amount: '0.000065' },
      finalizedAt: clock.now().toISOString(),
    });
  });

  it('produces blocks on the clock, so heights follow time and never go back', async () => {
    const { clock, gateway } = await funded();
    const first = rightOf(await gateway.submitTransfer(transferFrom(alice, CHAIN, USDXM, bob.address, '1')));
    clock.advance(10_000);
    const second = rightOf(await gateway.submitTransfer(transferFrom(alice, CHAIN, USDXM, bob.address, '1')));
    if (first.outcome !== 'submitted' || second.outcome !== 'submitted') throw new Error('expected submissions');
    clock.advance(1_000);
    const a = await statusOf(gateway, first.txId);
    const b = await statusOf(gateway, second.txId);
    if (a.status !== 'success' || b.status !== 'pending') throw new Error(`unexpected ${a.status} / ${b.status}`);
    expect((b.blockNumber ?? 0) - a.blockNumber).toBe(10);
    expect(a.confirmations).toBe(11);

    clock.set('2026-01-01T00:00:00.000Z');
    expect(await statusOf(gateway, first.txId)).toMatchObject({ status: 'success', confirmations: 11 });
  });

  it('executes the transactions of one block in the order they were accepted', async () => {
    const { clock, gateway } = await funded();
    const first = rightOf(await gateway.submitTransfer(transferFrom(alice, CHAIN, USDXM, bob.address, '30000000')));
    const second = rightOf(await gateway.submitTransfer(transferFrom(alice, CHAIN, USDXM, carol.address, '30000000')));
    if (first.outcome !== 'submitted' || second.outcome !== 'submitted') throw new Error('expected submissions');
    clock.advance(3_000);
    expect(await statusOf(gateway, first.txId)).toMatchObject({ status: 'success' });
    expect(await statusOf(gateway, second.txId)).toMatchObject({
      status: 'failed',
      error: { reason: 'insufficient_funds' },
    });
    expect(await balanceOf(gateway, CHAIN, carol.address, USDXM)).toBe('0');
  });

  it('returns the first submission for a repeated idempotency key and moves the funds once', async () => {
    const { clock, gateway } = await funded();
    const request = transferFrom(alice, CHAIN, USDXM, bob.address, '5000000', { idempotencyKey: 'transfer-1' });
    const first = rightOf(await gateway.submitTransfer(request));
    clock.advance(1_000);
    const again = rightOf(await gateway.submitTransfer(request));
    expect(again).toEqual(first);
    clock.advance(1_000);
    expect(await balanceOf(gateway, CHAIN, bob.address, USDXM)).toBe('5000000');
  });

  it('lets a smart wallet move funds with its approved call, its gas sponsored', async () => {
    const { clock, gateway } = sandbox();
    const smart = mpcWallet('evm', 'smart wallet address');
    rightOf(await gateway.fund({ chain: CHAIN, address: smart.address, token: 'usdxm', amount: '10' }));
    const gasBefore = await balanceOf(gateway, CHAIN, smart.address, NATIVE);
    const submitted = rightOf(
      await gateway.submitTransfer({
        chain: CHAIN,
        from: { address: smart.address, walletType: 'smart' },
        authority: { kind: 'smart-account', approvals: [] },
        token: USDXM,
        recipient: bob.address,
        baseUnits: '4000000',
      }),
    );
    if (submitted.outcome !== 'submitted') throw new Error('expected a submission');
    clock.advance(3_000);
    expect(await statusOf(gateway, submitted.txId)).toMatchObject({ status: 'success', fee: { amount: '0.000065' } });
    expect(await balanceOf(gateway, CHAIN, smart.address, NATIVE)).toBe(gasBefore);
    expect(await balanceOf(gateway, CHAIN, bob.address, USDXM)).toBe('4000000');
  });

  it('executes a transfer of nothing (a call with value 0 and no data): gas is paid, no value moves', async () => {
    const { clock, gateway } = await funded();
    const submitted = rightOf(await gateway.submitTransfer(transferFrom(alice, CHAIN, NATIVE, bob.address, '0')));
    if (submitted.outcome !== 'submitted') throw new Error('expected a submission');
    expect(submitted.call).toEqual({ to: bob.address, data: '0x' });
    clock.advance(3_000);
    expect(await statusOf(gateway, submitted.txId)).toMatchObject({ status: 'success' });
    expect(await balanceOf(gateway, CHAIN, bob.address, NATIVE)).toBe('0');
    // The faucet's gas drip (0.01 ETH) paid the native transfer's gas, and nothing else left.
    expect(BigInt(await balanceOf(gateway, CHAIN, alice.address, NATIVE))).toBeLessThan(10n ** 16n);
  });

  it('uses each chain family id format and the registry explorer links', async () => {
    const { gateway } = sandbox();
    const solana = mpcWallet('solana', 'solana payer');
    rightOf(await gateway.fund({ chain: 'solana', address: solana.address, token: 'usdc', amount: '1' }));
    const submitted = rightOf(
      await gateway.submitTransfer(transferFrom(solana, 'solana', NATIVE, mpcWallet('solana', 'x').address, '1000')),
    );
    if (submitted.outcome !== 'submitted') throw new Error('expected a submission');
    expect(submitted.txId).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/);
    expect(submitted.explorerLink).toBe(`https://explorer.solana.com/tx/${submitted.txId}?cluster=devnet`);
    expect(rightOf(gateway.explorerLink('stellar', 'ab'.repeat(32)))).toBe(
      `https://stellar.expert/explorer/testnet/tx/${'ab'.repeat(32)}`,
    );
  });

  it('keeps the networks block times and waits fewer EVM blocks unless told otherwise', () => {
    const gateway = new SandboxChainGateway({ environment: 'staging', clock: clockAt() });
    expect(rightOf(gateway.finalityOf('base-sepolia'))).toEqual({
      chain: 'base-sepolia',
      blockTimeMs: 2_000,
      confirmations: 3,
    });
    expect(rightOf(gateway.finalityOf('ethereum-sepolia'))).toMatchObject({ blockTimeMs: 12_000 });
    expect(rightOf(gateway.finalityOf('solana'))).toEqual({ chain: 'solana', blockTimeMs: 400, confirmations: 32 });
    expect(rightOf(gateway.finalityOf('stellar'))).toEqual({ chain: 'stellar', blockTimeMs: 5_000, confirmations: 1 });
  });

  it('refuses chains of the other environment, unknown transactions and malformed requests', async () => {
    const { gateway } = await funded();
    expect(leftOf(await gateway.getBalance({ chain: 'base', address: alice.address, token: NATIVE }))).toMatchObject({
      kind: 'invalid',
      code: 'chain_not_supported',
    });
    expect(leftOf(await gateway.getTransactionStatus(CHAIN, `0x${'0'.repeat(64)}`))).toMatchObject({
      kind: 'not_found',
      code: 'transaction_not_found',
    });
    expect(
      leftOf(await gateway.submitTransfer(transferFrom(alice, CHAIN, USDXM, 'not-an-address', '1'))),
    ).toMatchObject({
      code: 'invalid_address',
      message: expect.stringContaining('recipient'),
    });
    expect(leftOf(await gateway.submitTransfer(transferFrom(alice, CHAIN, USDXM, bob.address, '1.5')))).toMatchObject({
      code: 'invalid_amount',
    });
    expect(leftOf(await gateway.submitTransfer(transferFrom(alice, CHAIN, USDXM, bob.address, '-1')))).toMatchObject({
      code: 'invalid_amount',
    });
    const unknownToken = { native: false as const, address: bob.address };
    expect(
      leftOf(await gateway.submitTransfer(transferFrom(alice, CHAIN, unknownToken, bob.address, '1'))),
    ).toMatchObject({
      code: 'token_not_supported',
    });
    const aptos = mpcWallet('aptos', 'aptos sender');
    const memo = { type: 'text' as const, value: 'hi' };
    expect(
      leftOf(
        await gateway.submitTransfer(
          transferFrom(aptos, 'aptos', NATIVE, mpcWallet('aptos', 'x').address, '1', { memo }),
        ),
      ),
    ).toMatchObject({
      code: 'memo_not_supported',
    });
  });

  it('refuses a key that does not control the sending address', async () => {
    const { gateway } = await funded();
    const forged = {
      ...transferFrom(bob, CHAIN, USDXM, carol.address, '1'),
      from: { address: alice.address, walletType: 'mpc' as const },
    };
    expect(leftOf(await gateway.submitTransfer(forged))).toMatchObject({ kind: 'invalid', code: 'signer_mismatch' });
    const smartWithMpc = {
      ...transferFrom(alice, CHAIN, USDXM, carol.address, '1'),
      authority: { kind: 'smart-account' as const, approvals: [] },
    };
    expect(leftOf(await gateway.submitTransfer(smartWithMpc))).toMatchObject({
      kind: 'unprocessable',
      code: 'authority_not_supported',
    });
  });
});
