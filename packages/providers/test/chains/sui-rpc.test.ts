import * as E from 'fp-ts/lib/Either.js';
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519';
import { Transaction } from '@mysten/sui/transactions';
import { verifyDeposit, type ChainToken, type SubmitTransferRequest } from '../../src/index.js';
import { SuiRpcGateway } from '../../src/chains/sui/sui-rpc-gateway.js';
import { clockAt, leftOf, rightOf } from '../support.js';
import { describeChainGatewayConformance } from './chain-gateway-conformance.js';
import { SuiFullnode } from './fixtures/sui-fullnode.js';
import { SUI_COIN_TYPE } from './fixtures/sui-ledger.js';
import { mpcWallet, submittedTxId, transferFrom, type TestWallet } from './support.js';

const CHAIN = 'sui';
/** The registry's production USDC coin type, minted on the test node. */
const USDC_TYPE = '0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC';
const USDC: ChainToken = { native: false, address: USDC_TYPE };
const NATIVE: ChainToken = { native: true };
const SUI = 1_000_000_000n;
const clock = clockAt();

let node: SuiFullnode;
let gateway: SuiRpcGateway;
const sender = mpcWallet('sui', 'sui-rpc-sender');

const keyTransfer = (
  from: TestWallet,
  recipient: string,
  baseUnits: string,
  extra: Partial<SubmitTransferRequest> = {},
) => transferFrom(from, CHAIN, USDC, recipient, baseUnits, extra);

const freshAddress = () => Promise.resolve(Ed25519Keypair.generate().toSuiAddress());
const usdcOf = (owner: string) => node.ledger.balanceOf(owner, USDC_TYPE);
const suiOf = (owner: string) => node.ledger.balanceOf(owner, SUI_COIN_TYPE);
const feeUnitsOf = (amount: string) => BigInt(Math.round(Number(amount) * 1e9));

beforeAll(async () => {
  node = await new SuiFullnode().start();
  node.ledger.mint(sender.address, SUI_COIN_TYPE, 2n * SUI);
  node.ledger.mint(sender.address, SUI_COIN_TYPE, SUI / 2n);
  for (let coin = 0; coin < 3; coin += 1) node.ledger.mint(sender.address, USDC_TYPE, 40_000_000n);
  gateway = new SuiRpcGateway({
    environment: 'production',
    clock,
    chains: [{ chain: CHAIN, url: node.url, timeoutMs: 500 }],
  });
});

afterAll(async () => {
  await node.stop();
});

afterEach(() => {
  node.fault = 'none';
  node.faultOn = undefined;
  node.dryRunPasses = false;
  node.losesExecuteAnswers = false;
  expect(node.violations.splice(0)).toEqual([]);
});

describe('Sui JSON-RPC gateway on a mock fullnode (SDK-decoded transactions on a coin-object ledger)', () => {
  it('reads SUI and coin balances with suix_getBalance; an owner without coins holds 0', async () => {
    expect(rightOf(await gateway.getBalance({ chain: CHAIN, address: sender.address, token: USDC }))).toMatchObject({
      token: USDC,
      baseUnits: String(usdcOf(sender.address)),
      decimals: 6,
    });
    expect(rightOf(await gateway.getBalance({ chain: CHAIN, address: sender.address, token: NATIVE }))).toMatchObject({
      baseUnits: String(suiOf(sender.address)),
      decimals: 9,
    });
    expect(
      rightOf(await gateway.getBalance({ chain: CHAIN, address: await freshAddress(), token: USDC })).baseUnits,
    ).toBe('0');
  });

  it('moves USDC by merging the sender coins and splitting the amount; pending until a checkpoint holds it, then success with its gas', async () => {
    const recipient = await freshAddress();
    const before = { usdc: usdcOf(sender.address), sui: suiOf(sender.address) };
    const txId = submittedTxId(await gateway.submitTransfer(keyTransfer(sender, recipient, '85000000')));

    expect(usdcOf(recipient)).toBe(85_000_000n);
    expect(usdcOf(sender.address)).toBe(before.usdc - 85_000_000n);
    expect(node.ledger.coinsOf(sender.address, USDC_TYPE)).toHaveLength(1);
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toEqual({
      status: 'pending',
      confirmations: 0,
      requiredConfirmations: 1,
    });
    node.seal();
    const status = rightOf(await gateway.getTransactionStatus(CHAIN, txId));
    expect(status).toMatchObject({ status: 'success', confirmations: 1, fee: { token: 'sui:sui' } });
    if (status.status !== 'success') throw new Error('not final');
    expect(feeUnitsOf(status.fee.amount)).toBe(before.sui - suiOf(sender.address));
  });

  it('reads the sender coins page by page until they cover the amount, and merges them all', async () => {
    const many = mpcWallet('sui', 'sui-rpc-many-coins');
    node.ledger.mint(many.address, SUI_COIN_TYPE, SUI);
    for (let coin = 0; coin < 60; coin += 1) node.ledger.mint(many.address, USDC_TYPE, 1_000_000n);
    const recipient = await freshAddress();
    const txId = submittedTxId(await gateway.submitTransfer(keyTransfer(many, recipient, '55000000')));
    node.seal();
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId)).status).toBe('success');
    expect(usdcOf(recipient)).toBe(55_000_000n);
    expect(node.ledger.coinsOf(many.address, USDC_TYPE).map((coin) => coin.balance)).toEqual([5_000_000n]);
  });

  it('moves SUI split from the gas coin', async () => {
    const recipient = await freshAddress();
    const before = suiOf(sender.address);
    const txId = submittedTxId(
      await gateway.submitTransfer(keyTransfer(sender, recipient, '2000000', { token: NATIVE })),
    );
    expect(suiOf(recipient)).toBe(2_000_000n);
    node.seal();
    const status = rightOf(await gateway.getTransactionStatus(CHAIN, txId));
    if (status.status !== 'success') throw new Error(`expected success, got ${status.status}`);
    expect(suiOf(sender.address)).toBe(before - 2_000_000n - feeUnitsOf(status.fee.amount));
  });

  it('refuses what the sender cannot cover before it reaches the chain: a failing dry run, or too little SUI', async () => {
    const recipient = await freshAddress();
    const held = usdcOf(sender.address);
    expect(rightOf(await gateway.submitTransfer(keyTransfer(sender, recipient, String(held + 1n))))).toMatchObject({
      outcome: 'rejected',
      error: { reason: 'insufficient_funds', message: expect.stringContaining('InsufficientCoinBalance') },
    });
    const native = rightOf(
      await gateway.submitTransfer(keyTransfer(sender, recipient, String(suiOf(sender.address)), { token: NATIVE })),
    );
    expect(native).toMatchObject({ outcome: 'rejected', error: { reason: 'insufficient_funds' } });
    const broke = mpcWallet('sui', 'sui-rpc-broke');
    node.ledger.mint(broke.address, USDC_TYPE, 5n);
    expect(rightOf(await gateway.submitTransfer(keyTransfer(broke, recipient, '1')))).toMatchObject({
      outcome: 'rejected',
      error: { reason: 'insufficient_funds' },
    });
    expect(usdcOf(sender.address)).toBe(held);
    expect(usdcOf(recipient)).toBe(0n);
  });

  it('a transaction that passed its dry run and failed on chain is failed once checkpointed, with the gas it cost', async () => {
    node.dryRunPasses = true;
    const before = { usdc: usdcOf(sender.address), sui: suiOf(sender.address) };
    const txId = submittedTxId(
      await gateway.submitTransfer(keyTransfer(sender, await freshAddress(), String(before.usdc + 1n))),
    );
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId)).status).toBe('pending');
    node.seal();
    const status = rightOf(await gateway.getTransactionStatus(CHAIN, txId));
    expect(status).toMatchObject({
      status: 'failed',
      error: { reason: 'insufficient_funds', message: expect.stringContaining('InsufficientCoinBalance') },
      fee: { token: 'sui:sui' },
    });
    if (status.status !== 'failed' || !status.fee) throw new Error('no fee');
    expect(feeUnitsOf(status.fee.amount)).toBe(before.sui - suiOf(sender.address));
    expect(usdcOf(sender.address)).toBe(before.usdc);
  });

  it('a transaction whose execute call got no answer counts as submitted: pending, then expired once its epoch is over', async () => {
    node.fault = 'hang';
    node.faultOn = 'sui_executeTransactionBlock';
    const recipient = await freshAddress();
    const txId = submittedTxId(await gateway.submitTransfer(keyTransfer(sender, recipient, '1')));
    node.fault = 'none';
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toMatchObject({ status: 'pending' });
    node.advanceEpochs(1n);
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toMatchObject({ status: 'pending' });
    node.advanceEpochs(1n);
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toMatchObject({
      status: 'failed',
      error: { reason: 'expired' },
    });
    expect(usdcOf(recipient)).toBe(0n);
  });

  it('a transaction the node executed while its answer was lost is found by its digest', async () => {
    node.losesExecuteAnswers = true;
    const recipient = await freshAddress();
    const txId = submittedTxId(await gateway.submitTransfer(keyTransfer(sender, recipient, '3')));
    node.losesExecuteAnswers = false;
    node.seal();
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId)).status).toBe('success');
    expect(usdcOf(recipient)).toBe(3n);
  });

  it('sends a sender’s concurrent transfers one after another, each from the coins the last one left', async () => {
    const recipients = await Promise.all([freshAddress(), freshAddress(), freshAddress()]);
    const results = await Promise.all(
      recipients.map((recipient, nth) =>
        gateway.submitTransfer(keyTransfer(sender, recipient, String(nth + 1), { token: NATIVE })),
      ),
    );
    const txIds = results.map(submittedTxId);
    node.seal();
    for (const txId of txIds) expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId)).status).toBe('success');
    expect(recipients.map(suiOf)).toEqual([1n, 2n, 3n]);
  });

  it('a transfer whose coins another process spent first is chain_unavailable, and goes through when retried', async () => {
    const other = new SuiRpcGateway({ environment: 'production', clock, chains: [{ chain: CHAIN, url: node.url }] });
    const requests = [await freshAddress(), await freshAddress()].map((recipient) =>
      keyTransfer(sender, recipient, '4', { token: NATIVE }),
    );
    const [first, second] = await Promise.all([
      gateway.submitTransfer(requests[0]!),
      other.submitTransfer(requests[1]!),
    ]);
    const outcomes = [first, second].map((result) => (E.isLeft(result) ? result.left.code : result.right.outcome));
    expect(outcomes).toContain('submitted');
    expect(outcomes.every((outcome) => outcome === 'submitted' || outcome === 'chain_unavailable')).toBe(true);
    if (E.isLeft(second)) submittedTxId(await other.submitTransfer(requests[1]!));
    if (E.isLeft(first)) submittedTxId(await gateway.submitTransfer(requests[0]!));
    expect(requests.map((request) => suiOf(request.recipient))).toEqual([4n, 4n]);
  });

  it('a repeated idempotency key returns the first submission and pays once', async () => {
    const recipient = await freshAddress();
    const request = keyTransfer(sender, recipient, '1000000', { idempotencyKey: 'transfer-1' });
    const first = submittedTxId(await gateway.submitTransfer(request));
    expect(submittedTxId(await gateway.submitTransfer(request))).toBe(first);
    expect(usdcOf(recipient)).toBe(1_000_000n);
  });

  it('checks the key, the authority, the addresses, the coin type and the memo before anything is sent', async () => {
    const recipient = await freshAddress();
    const other = mpcWallet('sui', 'sui-rpc-other');
    const mismatch = await gateway.submitTransfer({
      ...keyTransfer(sender, recipient, '1'),
      authority: { kind: 'custodial-key', curve: 'ed25519', secretKey: other.secretKey },
    });
    expect(leftOf(mismatch).code).toBe('signer_mismatch');
    const smart = await gateway.submitTransfer({
      ...keyTransfer(sender, recipient, '1'),
      authority: { kind: 'smart-account', approvals: [] },
    });
    expect(leftOf(smart).code).toBe('authority_not_supported');
    expect(leftOf(await gateway.submitTransfer(keyTransfer(sender, '0xabc', '1'))).code).toBe('invalid_address');
    expect(leftOf(await gateway.submitTransfer(keyTransfer(sender, recipient, '-1'))).code).toBe('invalid_amount');
    expect(
      leftOf(
        await gateway.submitTransfer(
          keyTransfer(sender, recipient, '1', { token: { native: false, address: 'usdc' } }),
        ),
      ).code,
    ).toBe('token_not_supported');
    expect(
      leftOf(await gateway.submitTransfer(keyTransfer(sender, recipient, '1', { memo: { type: 'text', value: 'hi' } })))
        .code,
    ).toBe('memo_not_supported');
  });

  it('estimates the fee from the dry run: what the same transfer then costs', async () => {
    const recipient = await freshAddress();
    const fee = rightOf(
      await gateway.estimateFee({ chain: CHAIN, from: sender.address, token: NATIVE, recipient, baseUnits: '5' }),
    );
    const txId = submittedTxId(await gateway.submitTransfer(keyTransfer(sender, recipient, '5', { token: NATIVE })));
    node.seal();
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toMatchObject({
      status: 'success',
      fee: { token: fee.token, amount: fee.amount },
    });
    expect(fee.token).toBe('sui:sui');
    const broke = mpcWallet('sui', 'sui-rpc-no-gas');
    expect(
      leftOf(
        await gateway.estimateFee({ chain: CHAIN, from: broke.address, token: NATIVE, recipient, baseUnits: '5' }),
      ),
    ).toMatchObject({ code: 'fee_not_estimated' });
  });

  it('broadcasts a payer-signed transaction and finds it as a SUI deposit; unknown digests are not found', async () => {
    const payer = Ed25519Keypair.generate();
    const gasCoin = node.ledger.mint(payer.toSuiAddress(), SUI_COIN_TYPE, SUI);
    const depositAddress = await freshAddress();
    const tx = new Transaction();
    tx.setSender(payer.toSuiAddress());
    tx.setGasPrice(1_000n);
    tx.setGasBudget(10_000_000n);
    tx.setGasPayment([{ objectId: gasCoin.objectId, version: String(gasCoin.version), digest: gasCoin.digest }]);
    const [paid] = tx.splitCoins(tx.gas, [1_500_000n]);
    tx.transferObjects([paid!], depositAddress);
    const signed = await payer.signTransaction(await tx.build());
    const { txId } = rightOf(
      await gateway.broadcastSignedTransaction({ chain: CHAIN, signedTransaction: JSON.stringify(signed) }),
    );
    const pending = rightOf(await gateway.findIncomingTransfer(CHAIN, txId));
    expect(pending).toMatchObject({
      from: payer.toSuiAddress(),
      to: depositAddress,
      token: NATIVE,
      baseUnits: '1500000',
      status: 'success',
      final: false,
    });
    node.seal();
    const found = rightOf(await gateway.findIncomingTransfer(CHAIN, txId));
    expect(found).toMatchObject({ final: true, confirmations: 1 });
    const expected = { chain: CHAIN, depositAddress, token: NATIVE, baseUnits: '1500000' };
    expect(rightOf(verifyDeposit(pending, expected)).status).toBe('pending');
    expect(rightOf(verifyDeposit(found, expected)).status).toBe('final');
    const unknown = '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi';
    expect(leftOf(await gateway.getTransactionStatus(CHAIN, unknown)).code).toBe('transaction_not_found');
    expect(leftOf(await gateway.findIncomingTransfer(CHAIN, unknown)).code).toBe('transaction_not_found');
    expect(leftOf(await gateway.getTransactionStatus(CHAIN, 'not-a-digest')).code).toBe('transaction_not_found');
    expect(leftOf(await gateway.broadcastSignedTransaction({ chain: CHAIN, signedTransaction: 'not json' })).code).toBe(
      'invalid_transaction',
    );
    const forged = {
      ...signed,
      signature: (await Ed25519Keypair.generate().signTransaction(await tx.build())).signature,
    };
    expect(
      leftOf(await gateway.broadcastSignedTransaction({ chain: CHAIN, signedTransaction: JSON.stringify(forged) })),
    ).toMatchObject({ code: 'invalid_transaction', message: expect.stringContaining('Invalid user signature') });
  });

  it('finds a USDC transfer the gateway sent as a deposit of the registry coin type', async () => {
    const depositAddress = await freshAddress();
    const txId = submittedTxId(await gateway.submitTransfer(keyTransfer(sender, depositAddress, '3500000')));
    node.seal();
    expect(rightOf(await gateway.findIncomingTransfer(CHAIN, txId))).toMatchObject({
      from: sender.address,
      to: depositAddress,
      token: USDC,
      baseUnits: '3500000',
      final: true,
      blockNumber: expect.any(Number),
    });
  });

  it('a node answering 5xx, busy or not at all is chain_unavailable; an unreadable answer is chain_invalid_response', async () => {
    node.fault = 'http-500';
    expect(leftOf(await gateway.getBalance({ chain: CHAIN, address: sender.address, token: NATIVE }))).toMatchObject({
      code: 'chain_unavailable',
    });
    node.fault = 'hang';
    expect(leftOf(await gateway.submitTransfer(keyTransfer(sender, await freshAddress(), '1')))).toMatchObject({
      code: 'chain_unavailable',
    });
    node.fault = 'malformed';
    expect(
      leftOf(await gateway.getTransactionStatus(CHAIN, '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi')),
    ).toMatchObject({
      code: 'chain_invalid_response',
    });
    node.fault = 'busy';
    expect(leftOf(await gateway.getBalance({ chain: CHAIN, address: sender.address, token: USDC }))).toMatchObject({
      code: 'chain_unavailable',
    });
    node.fault = 'http-500';
    node.faultOn = 'sui_dryRunTransactionBlock';
    expect(leftOf(await gateway.submitTransfer(keyTransfer(sender, await freshAddress(), '1')))).toMatchObject({
      code: 'chain_unavailable',
    });
  });

  it('the faucet is refused in production; Sui is final at its checkpoint; a chain without a node is not configured', async () => {
    expect(leftOf(await gateway.fund({ chain: CHAIN, address: sender.address, token: 'usdc', amount: '1' })).code).toBe(
      'faucet_not_available',
    );
    expect(rightOf(gateway.finalityOf(CHAIN))).toMatchObject({ confirmations: 1, blockTimeMs: 250 });
    expect(leftOf(await gateway.getBalance({ chain: 'base', address: sender.address, token: NATIVE })).code).toBe(
      'chain_not_configured',
    );
  });

  it('the mock fullnode holds every request to the recorded contract', async () => {
    const call = (method: string, params: unknown[]) =>
      fetch(node.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      }).then((response) => response.json() as Promise<{ error?: { code: number; message: string } }>);
    expect((await call('sui_getObject', ['0x2'])).error?.message).toMatch(/not a method the adapter may call/);
    expect((await call('suix_getBalance', [])).error?.message).toMatch(/owner is required/);
    expect((await call('suix_getCoins', [sender.address, null, null, 'ten'])).error?.message).toMatch(/limit/);
    expect(node.violations.splice(0)).toHaveLength(3);
  });
});

describeChainGatewayConformance('sui-json-rpc', () => ({
  gateway,
  chain: CHAIN,
  token: USDC,
  sender,
  freshRecipient: freshAddress,
  finalize: () => {
    node.seal();
    return Promise.resolve();
  },
}));
