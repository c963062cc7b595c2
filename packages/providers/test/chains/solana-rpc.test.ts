import { generateKeyPairSigner, getBase64EncodedWireTransaction, lamports, type Address } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { SolanaRpcGateway, verifyDeposit, type ChainToken, type SubmitTransferRequest } from '../../src/index.js';
import { clockAt, leftOf, rightOf } from '../support.js';
import { describeChainGatewayConformance } from './chain-gateway-conformance.js';
import { LiteSvmRpcNode } from './fixtures/litesvm-rpc-node.js';
import { mpcWallet, type TestWallet } from './support.js';

const CHAIN = 'solana';
/** The registry's production USDC mint, created on the test runtime with our mint authority. */
const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address;
const USDC: ChainToken = { native: false, address: USDC_MINT };
const NATIVE: ChainToken = { native: true };
const clock = clockAt();

let node: LiteSvmRpcNode;
let gateway: SolanaRpcGateway;
const sender = mpcWallet('solana', 'solana-rpc-sender');

const keyTransfer = (
  from: TestWallet,
  recipient: string,
  baseUnits: string,
  extra: Partial<SubmitTransferRequest> = {},
): SubmitTransferRequest => ({
  chain: CHAIN,
  from: { address: from.address, walletType: 'mpc' },
  authority: { kind: 'custodial-key', curve: 'ed25519', secretKey: from.secretKey },
  token: USDC,
  recipient,
  baseUnits,
  ...extra,
});

const submittedTxId = (result: Awaited<ReturnType<SolanaRpcGateway['submitTransfer']>>): string => {
  const value = rightOf(result);
  if (value.outcome !== 'submitted') throw new Error(`expected a submission, got ${JSON.stringify(value.error)}`);
  return value.txId;
};

const freshAddress = async () => (await generateKeyPairSigner()).address;

const usdcOnChain = (owner: Address): Promise<bigint> => node.tokenBalance(USDC_MINT, owner);

const finalize = () => node.advanceSlots(32n);

beforeAll(async () => {
  node = await new LiteSvmRpcNode().start();
  const usdc = await node.createMint(USDC_MINT, 6);
  node.svm.airdrop(sender.address as Address, lamports(1_000_000_000n));
  await usdc.mintTo(sender.address as Address, 100_000_000n);
  gateway = new SolanaRpcGateway({
    environment: 'production',
    clock,
    chains: [{ chain: CHAIN, url: node.url, timeoutMs: 2_000 }],
  });
});

afterAll(async () => {
  await node.stop();
});

afterEach(() => {
  node.fault = 'none';
  node.simulationPasses = false;
  node.dropsTransactions = false;
  node.losesSendAnswers = false;
  node.refusesSends = false;
});

describe('Solana JSON-RPC gateway on litesvm (the real System and SPL Token programs)', () => {
  it('reads lamports and SPL balances; an owner without a token account holds 0', async () => {
    expect(rightOf(await gateway.getBalance({ chain: CHAIN, address: sender.address, token: USDC }))).toMatchObject({
      baseUnits: String(await usdcOnChain(sender.address as Address)),
      decimals: 6,
    });
    expect(rightOf(await gateway.getBalance({ chain: CHAIN, address: sender.address, token: NATIVE }))).toMatchObject({
      baseUnits: String(node.svm.getBalance(sender.address as Address)),
      decimals: 9,
    });
    const nobody = await freshAddress();
    expect(rightOf(await gateway.getBalance({ chain: CHAIN, address: nobody, token: USDC })).baseUnits).toBe('0');
  });

  it('moves USDC with transferChecked, creating the recipient token account; pending until finalized, then success with its fee', async () => {
    const recipient = await freshAddress();
    const before = await usdcOnChain(sender.address as Address);
    const txId = submittedTxId(await gateway.submitTransfer(keyTransfer(sender, recipient, '25000000')));

    expect(await usdcOnChain(recipient)).toBe(25_000_000n);
    expect(await usdcOnChain(sender.address as Address)).toBe(before - 25_000_000n);
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toMatchObject({
      status: 'pending',
      requiredConfirmations: 32,
    });
    node.advanceSlots(5n);
    const confirmed = rightOf(await gateway.getTransactionStatus(CHAIN, txId));
    expect(confirmed).toMatchObject({ status: 'pending', confirmations: 6 });

    finalize();
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toMatchObject({
      status: 'success',
      fee: { token: 'solana:sol', amount: '0.000005' },
    });
  });

  it('moves lamports with a memo the Memo program accepts', async () => {
    const recipient = await freshAddress();
    const txId = submittedTxId(
      await gateway.submitTransfer(
        keyTransfer(sender, recipient, '2000000', { token: NATIVE, memo: { type: 'text', value: 'order 42' } }),
      ),
    );
    expect(node.svm.getBalance(recipient)).toBe(2_000_000n);
    finalize();
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId)).status).toBe('success');
  });

  it('refuses a transfer the sender cannot cover before it reaches the chain: insufficient_funds, nothing moves', async () => {
    const recipient = await freshAddress();
    const before = await usdcOnChain(sender.address as Address);
    const tokens = rightOf(await gateway.submitTransfer(keyTransfer(sender, recipient, String(before + 1n))));
    expect(tokens).toMatchObject({ outcome: 'rejected', error: { reason: 'insufficient_funds' } });
    expect(await usdcOnChain(sender.address as Address)).toBe(before);

    const lamportsHeld = node.svm.getBalance(sender.address as Address) ?? 0n;
    const native = rightOf(
      await gateway.submitTransfer(keyTransfer(sender, recipient, String(lamportsHeld + 1n), { token: NATIVE })),
    );
    expect(native).toMatchObject({ outcome: 'rejected', error: { reason: 'insufficient_funds' } });
    expect(node.svm.getBalance(recipient)).toBeNull();
  });

  it('a sender without any SOL for the fee is refused with insufficient_funds', async () => {
    const broke = mpcWallet('solana', 'solana-rpc-broke');
    const result = rightOf(
      await gateway.submitTransfer(keyTransfer(broke, await freshAddress(), '1', { token: NATIVE })),
    );
    expect(result).toMatchObject({ outcome: 'rejected', error: { reason: 'insufficient_funds' } });
  });

  it('a transaction that passed simulation and failed on chain is failed, final, with the fee it cost', async () => {
    node.simulationPasses = true;
    const before = await usdcOnChain(sender.address as Address);
    const txId = submittedTxId(
      await gateway.submitTransfer(keyTransfer(sender, await freshAddress(), String(before + 1n))),
    );
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId)).status).toBe('pending');
    finalize();
    const status = rightOf(await gateway.getTransactionStatus(CHAIN, txId));
    expect(status).toMatchObject({
      status: 'failed',
      error: { reason: 'insufficient_funds' },
      fee: { token: 'solana:sol', amount: '0.000005' },
    });
    expect(status.status === 'failed' && status.error.logs?.some((line) => /insufficient funds/i.test(line))).toBe(
      true,
    );
    expect(await usdcOnChain(sender.address as Address)).toBe(before);
  });

  it('a transaction the node dropped stays pending until its blockhash expires, then fails as expired', async () => {
    node.dropsTransactions = true;
    const txId = submittedTxId(await gateway.submitTransfer(keyTransfer(sender, await freshAddress(), '1')));
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toMatchObject({
      status: 'pending',
      confirmations: 0,
    });
    node.advanceSlots(151n);
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toMatchObject({
      status: 'failed',
      error: { reason: 'expired' },
    });
  });

  it('a transaction whose send answer was lost counts as submitted under its signature: found by its status, paid once', async () => {
    const recipient = await freshAddress();
    const request = keyTransfer(sender, recipient, '2000000', { idempotencyKey: 'lost-answer-1' });
    node.losesSendAnswers = true;
    const txId = submittedTxId(await gateway.submitTransfer(request));
    node.losesSendAnswers = false;
    expect(submittedTxId(await gateway.submitTransfer(request))).toBe(txId);
    expect(await usdcOnChain(recipient)).toBe(2_000_000n);
    finalize();
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toMatchObject({ status: 'success' });
  });

  it('a lost send answer of a transaction the node never took is pending, then expired with its blockhash; nothing moves', async () => {
    const recipient = await freshAddress();
    node.losesSendAnswers = true;
    node.dropsTransactions = true;
    const txId = submittedTxId(await gateway.submitTransfer(keyTransfer(sender, recipient, '1')));
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toMatchObject({ status: 'pending' });
    node.advanceSlots(151n);
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toMatchObject({
      status: 'failed',
      error: { reason: 'expired' },
    });
    expect(await usdcOnChain(recipient)).toBe(0n);
  });

  it('a send the node refused (a JSON-RPC error) was not submitted: a Left, and the retry pays once', async () => {
    const recipient = await freshAddress();
    const request = keyTransfer(sender, recipient, '9', { idempotencyKey: 'refused-send-1' });
    node.refusesSends = true;
    expect(leftOf(await gateway.submitTransfer(request))).toMatchObject({ code: 'chain_invalid_response' });
    expect(await usdcOnChain(recipient)).toBe(0n);
    node.refusesSends = false;
    submittedTxId(await gateway.submitTransfer(request));
    expect(await usdcOnChain(recipient)).toBe(9n);
  });

  it('a repeated idempotency key returns the first submission and pays once', async () => {
    const recipient = await freshAddress();
    const request = keyTransfer(sender, recipient, '1000000', { idempotencyKey: 'transfer-1' });
    const first = submittedTxId(await gateway.submitTransfer(request));
    const again = submittedTxId(await gateway.submitTransfer(request));
    expect(again).toBe(first);
    expect(await usdcOnChain(recipient)).toBe(1_000_000n);
  });

  it('checks the key and the authority before anything is sent', async () => {
    const other = mpcWallet('solana', 'solana-rpc-other');
    const mismatch = await gateway.submitTransfer({
      ...keyTransfer(sender, await freshAddress(), '1'),
      authority: { kind: 'custodial-key', curve: 'ed25519', secretKey: other.secretKey },
    });
    expect(leftOf(mismatch).code).toBe('signer_mismatch');
    const smart = await gateway.submitTransfer({
      ...keyTransfer(sender, await freshAddress(), '1'),
      authority: { kind: 'smart-account', approvals: [] },
    });
    expect(leftOf(smart).code).toBe('authority_not_supported');
    expect(leftOf(await gateway.submitTransfer(keyTransfer(sender, '0xabc', '1'))).code).toBe('invalid_address');
    expect(leftOf(await gateway.submitTransfer(keyTransfer(sender, await freshAddress(), '-1'))).code).toBe(
      'invalid_amount',
    );
  });

  it('estimates the fee with getFeeForMessage', async () => {
    const fee = rightOf(
      await gateway.estimateFee({
        chain: CHAIN,
        from: sender.address,
        token: USDC,
        recipient: await freshAddress(),
        baseUnits: '1',
      }),
    );
    expect(fee).toEqual({ token: 'solana:sol', amount: '0.000005', baseUnits: '5000' });
  });

  it('broadcasts a payer-signed transaction and reports it; an unknown signature is not found', async () => {
    const payer = await generateKeyPairSigner();
    node.svm.airdrop(payer.address, lamports(100_000_000n));
    const recipient = await freshAddress();
    const transaction = await node.sign(payer, [
      getTransferSolInstruction({ source: payer, destination: recipient, amount: 7_000_000n }),
    ]);
    const { txId } = rightOf(
      await gateway.broadcastSignedTransaction({
        chain: CHAIN,
        signedTransaction: getBase64EncodedWireTransaction(transaction),
      }),
    );
    expect(node.svm.getBalance(recipient)).toBe(7_000_000n);
    finalize();
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId)).status).toBe('success');
    const unknown = '5'.repeat(88);
    expect(leftOf(await gateway.getTransactionStatus(CHAIN, unknown)).code).toBe('transaction_not_found');
  });

  it('finds a USDC deposit with its memo, pending until finalized, and verifies it against the order', async () => {
    const depositAddress = await freshAddress();
    const txId = submittedTxId(
      await gateway.submitTransfer(
        keyTransfer(sender, depositAddress, '3500000', { memo: { type: 'text', value: 'order-7' } }),
      ),
    );
    const pending = rightOf(await gateway.findIncomingTransfer(CHAIN, txId));
    expect(pending).toMatchObject({
      from: sender.address,
      to: depositAddress,
      token: USDC,
      baseUnits: '3500000',
      memo: { type: 'text', value: 'order-7' },
      status: 'success',
      final: false,
    });
    finalize();
    const found = rightOf(await gateway.findIncomingTransfer(CHAIN, txId));
    expect(found).toMatchObject({ final: true, confirmations: 32 });
    const expected = {
      chain: CHAIN,
      depositAddress,
      token: USDC,
      baseUnits: '3500000',
      memo: { type: 'text' as const, value: 'order-7' },
    };
    expect(rightOf(verifyDeposit(pending, expected)).status).toBe('pending');
    expect(rightOf(verifyDeposit(found, expected)).status).toBe('final');
    expect(leftOf(verifyDeposit(found, { ...expected, baseUnits: '3500001' })).code).toBe('deposit_amount_mismatch');
  });

  it('finds a lamport transfer a payer broadcast; a transaction that moves nothing is not a transfer', async () => {
    const payer = await generateKeyPairSigner();
    node.svm.airdrop(payer.address, lamports(100_000_000n));
    const recipient = await freshAddress();
    const paid = await node.sign(payer, [
      getTransferSolInstruction({ source: payer, destination: recipient, amount: 1_500_000n }),
    ]);
    const { txId } = rightOf(
      await gateway.broadcastSignedTransaction({
        chain: CHAIN,
        signedTransaction: getBase64EncodedWireTransaction(paid),
      }),
    );
    expect(rightOf(await gateway.findIncomingTransfer(CHAIN, txId))).toMatchObject({
      from: payer.address,
      to: recipient,
      token: NATIVE,
      baseUnits: '1500000',
    });
    const memoOnly = await node.sign(payer, [
      {
        programAddress: 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr' as Address,
        accounts: [],
        data: new TextEncoder().encode('hi'),
      },
    ]);
    const other = rightOf(
      await gateway.broadcastSignedTransaction({
        chain: CHAIN,
        signedTransaction: getBase64EncodedWireTransaction(memoOnly),
      }),
    );
    expect(leftOf(await gateway.findIncomingTransfer(CHAIN, other.txId)).code).toBe('transaction_not_a_transfer');
    expect(leftOf(await gateway.findIncomingTransfer(CHAIN, '5'.repeat(88))).code).toBe('transaction_not_found');
  });

  it('a node answering 5xx or not at all is chain_unavailable; an unreadable answer is chain_invalid_response', async () => {
    node.fault = 'http-500';
    expect(leftOf(await gateway.getBalance({ chain: CHAIN, address: sender.address, token: NATIVE }))).toMatchObject({
      code: 'chain_unavailable',
    });
    node.fault = 'hang';
    expect(leftOf(await gateway.submitTransfer(keyTransfer(sender, await freshAddress(), '1')))).toMatchObject({
      code: 'chain_unavailable',
    });
    node.fault = 'malformed';
    expect(leftOf(await gateway.getTransactionStatus(CHAIN, '5'.repeat(88)))).toMatchObject({
      code: 'chain_invalid_response',
    });
  });

  it('the faucet is refused in production; no node chain answers chain_not_configured elsewhere', async () => {
    expect(leftOf(await gateway.fund({ chain: CHAIN, address: sender.address, token: 'usdc', amount: '1' })).code).toBe(
      'faucet_not_available',
    );
    expect(rightOf(gateway.finalityOf(CHAIN))).toMatchObject({ confirmations: 32, blockTimeMs: 400 });
    expect(leftOf(await gateway.getBalance({ chain: 'base', address: sender.address, token: NATIVE })).code).toBe(
      'chain_not_configured',
    );
  });
});

describeChainGatewayConformance('solana-json-rpc', () => ({
  gateway,
  chain: CHAIN,
  token: USDC,
  sender,
  freshRecipient: freshAddress,
  finalize: () => {
    finalize();
    return Promise.resolve();
  },
}));
