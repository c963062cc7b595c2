import {
  Account,
  AccountAddress,
  ChainId,
  EntryFunction,
  Ed25519PrivateKey,
  RawTransaction,
  SignedTransaction,
  SimpleTransaction,
  TransactionAuthenticatorEd25519,
  TransactionPayloadEntryFunction,
  U64,
  type Ed25519Account,
} from '@aptos-labs/ts-sdk';
import { verifyDeposit, type ChainToken, type SubmitTransferRequest } from '../../src/index.js';
import { AptosNodeGateway } from '../../src/chains/aptos/aptos-node-gateway.js';
import { clockAt, leftOf, rightOf } from '../support.js';
import { describeChainGatewayConformance } from './chain-gateway-conformance.js';
import { AptosFullnode } from './fixtures/aptos-fullnode.js';
import { mpcWallet, transferFrom, type TestWallet } from './support.js';

const CHAIN = 'aptos';
/** The registry's production USDC (a fungible asset's metadata object), created on the mock ledger. */
const USDC_METADATA = '0xbae207659db88bea0cbead6da0ed00aac12edcdda169e591cd41c94180b46f3b';
const USDC: ChainToken = { native: false, address: USDC_METADATA };
const NATIVE: ChainToken = { native: true };
/** 11 gas units of a fungible-asset transfer and 9 of an APT one, at 100 octas each (the mock's). */
const FA_FEE = { token: 'aptos:apt', amount: '0.000011' };
const APT_FEE = { token: 'aptos:apt', amount: '0.000009' };
const clock = clockAt();

let node: AptosFullnode;
let gateway: AptosNodeGateway;
const sender = mpcWallet('aptos', 'aptos-node-sender');
let recipients = 0;

const fund = (wallet: TestWallet, octas = 1_000_000_000n, usdc = 100_000_000n) => {
  node.mint(wallet.address, 'native', octas);
  if (usdc > 0n) node.mint(wallet.address, USDC_METADATA, usdc);
};

/** A transfer from a wallet's own key, of USDC unless `extra` says otherwise. */
const keyTransfer = (
  from: TestWallet,
  recipient: string,
  baseUnits: string,
  extra: Partial<SubmitTransferRequest> = {},
): SubmitTransferRequest => transferFrom(from, CHAIN, USDC, recipient, baseUnits, extra);

const submittedTxId = (result: Awaited<ReturnType<AptosNodeGateway['submitTransfer']>>): string => {
  const value = rightOf(result);
  if (value.outcome !== 'submitted') throw new Error(`expected a submission, got ${JSON.stringify(value.error)}`);
  return value.txId;
};

const freshAddress = (): string => mpcWallet('aptos', `aptos-node-recipient-${(recipients += 1)}`).address;

/** Hex of a BCS SignedTransaction a payer's own wallet made: the call, its sequence number, signed with its key. */
const payerSigned = (payer: Ed25519Account, sequenceNumber: bigint, call: EntryFunction): string => {
  const raw = new RawTransaction(
    payer.accountAddress,
    sequenceNumber,
    new TransactionPayloadEntryFunction(call),
    2_000n,
    100n,
    1_767_225_600n + 600n,
    new ChainId(1),
  );
  const signature = payer.signTransactionWithAuthenticator(new SimpleTransaction(raw));
  const signed = new SignedTransaction(
    raw,
    new TransactionAuthenticatorEd25519(signature.public_key, signature.signature),
  );
  return Buffer.from(signed.bcsToBytes()).toString('hex');
};

beforeAll(async () => {
  node = await new AptosFullnode().start();
  node.createAsset(USDC_METADATA, 6);
  fund(sender);
  gateway = new AptosNodeGateway({
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
  node.simulationPasses = false;
  node.dropsTransactions = false;
  node.losesSubmitAnswers = false;
  node.commit();
  expect(node.violations).toEqual([]);
});

describe('Aptos node gateway on a mock fullnode (REST v1, BCS read by the SDK, signatures verified)', () => {
  it('reads octas and fungible-asset balances; an owner without a store holds 0; an unknown asset gives its decimals', async () => {
    expect(rightOf(await gateway.getBalance({ chain: CHAIN, address: sender.address, token: USDC }))).toMatchObject({
      baseUnits: String(node.balance(sender.address, USDC_METADATA)),
      decimals: 6,
    });
    expect(rightOf(await gateway.getBalance({ chain: CHAIN, address: sender.address, token: NATIVE }))).toMatchObject({
      baseUnits: String(node.balance(sender.address, 'native')),
      decimals: 8,
    });
    expect(rightOf(await gateway.getBalance({ chain: CHAIN, address: freshAddress(), token: USDC })).baseUnits).toBe(
      '0',
    );
    const other = `0x${'42'.repeat(32)}`;
    node.createAsset(other, 9);
    expect(
      rightOf(
        await gateway.getBalance({ chain: CHAIN, address: sender.address, token: { native: false, address: other } }),
      ),
    ).toMatchObject({ baseUnits: '0', decimals: 9 });
  });

  it('moves USDC with primary_fungible_store::transfer; pending until committed, then success with its fee', async () => {
    const recipient = freshAddress();
    const before = node.balance(sender.address, USDC_METADATA);
    const txId = submittedTxId(await gateway.submitTransfer(keyTransfer(sender, recipient, '25000000')));
    expect(txId).toMatch(/^0x[0-9a-f]{64}$/);
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toEqual({
      status: 'pending',
      confirmations: 0,
      requiredConfirmations: 1,
    });
    expect(node.balance(recipient, USDC_METADATA)).toBe(0n);

    node.commit();
    expect(node.balance(recipient, USDC_METADATA)).toBe(25_000_000n);
    expect(node.balance(sender.address, USDC_METADATA)).toBe(before - 25_000_000n);
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toMatchObject({
      status: 'success',
      confirmations: 1,
      fee: FA_FEE,
    });
  });

  it('moves APT with aptos_account::transfer, paying gas from the same balance', async () => {
    const recipient = freshAddress();
    const before = node.balance(sender.address, 'native');
    const txId = submittedTxId(
      await gateway.submitTransfer(keyTransfer(sender, recipient, '2000000', { token: NATIVE })),
    );
    node.commit();
    expect(node.balance(recipient, 'native')).toBe(2_000_000n);
    expect(node.balance(sender.address, 'native')).toBe(before - 2_000_000n - 900n);
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toMatchObject({ status: 'success', fee: APT_FEE });
  });

  it('two transfers of one sender in one block take consecutive sequence numbers and both land', async () => {
    const recipient = freshAddress();
    const first = submittedTxId(await gateway.submitTransfer(keyTransfer(sender, recipient, '1')));
    const second = submittedTxId(await gateway.submitTransfer(keyTransfer(sender, recipient, '2')));
    expect(second).not.toBe(first);
    node.commit();
    expect(node.balance(recipient, USDC_METADATA)).toBe(3n);
    for (const txId of [first, second])
      expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId)).status).toBe('success');
  });

  it('refuses a transfer the sender cannot cover before it reaches the chain: insufficient_funds, nothing moves', async () => {
    const recipient = freshAddress();
    const before = node.balance(sender.address, USDC_METADATA);
    const tokens = rightOf(await gateway.submitTransfer(keyTransfer(sender, recipient, String(before + 1n))));
    expect(tokens).toMatchObject({ outcome: 'rejected', error: { reason: 'insufficient_funds' } });
    expect(tokens.outcome === 'rejected' && tokens.error.message).toMatch(/EINSUFFICIENT_BALANCE/);

    const octas = node.balance(sender.address, 'native');
    const native = rightOf(
      await gateway.submitTransfer(keyTransfer(sender, recipient, String(octas), { token: NATIVE })),
    );
    expect(native).toMatchObject({ outcome: 'rejected', error: { reason: 'insufficient_funds' } });
    expect(node.balance(sender.address, USDC_METADATA)).toBe(before);
    expect(node.balance(recipient, 'native')).toBe(0n);
  });

  it('a sender without any APT for gas is refused with insufficient_funds', async () => {
    const broke = mpcWallet('aptos', 'aptos-node-broke');
    node.mint(broke.address, USDC_METADATA, 5n);
    const result = rightOf(await gateway.submitTransfer(keyTransfer(broke, freshAddress(), '1')));
    expect(result).toMatchObject({
      outcome: 'rejected',
      error: {
        reason: 'insufficient_funds',
        message: expect.stringMatching(/INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE/),
      },
    });
  });

  it('a sequence number another instance took in the mempool is chain_unavailable, and a retry after it commits sends', async () => {
    const shared = mpcWallet('aptos', 'aptos-node-shared');
    fund(shared);
    const elsewhere = new AptosNodeGateway({
      environment: 'production',
      clock,
      chains: [{ chain: CHAIN, url: node.url }],
    });
    submittedTxId(await elsewhere.submitTransfer(keyTransfer(shared, freshAddress(), '1')));
    const recipient = freshAddress();
    expect(leftOf(await gateway.submitTransfer(keyTransfer(shared, recipient, '2')))).toMatchObject({
      code: 'chain_unavailable',
      message: expect.stringMatching(/sequence number/),
    });
    node.commit();
    submittedTxId(await gateway.submitTransfer(keyTransfer(shared, recipient, '2')));
    node.commit();
    expect(node.balance(recipient, USDC_METADATA)).toBe(2n);
  });

  it('a sender who can pay the simulated gas but not the maximum is refused by the mempool (vm_error): rejected, nothing sent', async () => {
    const thin = mpcWallet('aptos', 'aptos-node-thin');
    fund(thin, 150_000n, 10n);
    const result = rightOf(await gateway.submitTransfer(keyTransfer(thin, freshAddress(), '1')));
    expect(result).toMatchObject({
      outcome: 'rejected',
      error: {
        reason: 'insufficient_funds',
        message: expect.stringMatching(/INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE/),
      },
    });
    node.commit();
    expect(node.balance(thin.address, 'native')).toBe(150_000n);
  });

  it('a transaction that passed simulation and failed on chain is failed, final, with the fee it cost', async () => {
    node.simulationPasses = true;
    const before = node.balance(sender.address, USDC_METADATA);
    const octas = node.balance(sender.address, 'native');
    const txId = submittedTxId(await gateway.submitTransfer(keyTransfer(sender, freshAddress(), String(before + 1n))));
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId)).status).toBe('pending');
    node.commit();
    const status = rightOf(await gateway.getTransactionStatus(CHAIN, txId));
    expect(status).toMatchObject({ status: 'failed', error: { reason: 'insufficient_funds' }, fee: FA_FEE });
    expect(status.status === 'failed' && status.error.logs?.[0]).toMatch(/0x1::fungible_asset: EINSUFFICIENT_BALANCE/);
    expect(node.balance(sender.address, USDC_METADATA)).toBe(before);
    expect(node.balance(sender.address, 'native')).toBe(octas - 1_100n);
    expect(rightOf(await gateway.findIncomingTransfer(CHAIN, txId))).toMatchObject({ status: 'failed', final: true });
  });

  it('a transaction the node dropped stays pending until the ledger passes its expiration, then fails as expired', async () => {
    const dropped = mpcWallet('aptos', 'aptos-node-dropped');
    fund(dropped);
    node.dropsTransactions = true;
    const txId = submittedTxId(await gateway.submitTransfer(keyTransfer(dropped, freshAddress(), '1')));
    node.commit();
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toMatchObject({
      status: 'pending',
      confirmations: 0,
    });
    node.advanceSeconds(61);
    node.dropsTransactions = false;
    node.commit();
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toMatchObject({
      status: 'failed',
      error: { reason: 'expired' },
    });
    const recipient = freshAddress();
    submittedTxId(await gateway.submitTransfer(keyTransfer(dropped, recipient, '5')));
    node.commit();
    expect(node.balance(recipient, USDC_METADATA)).toBe(5n);
  });

  it('a transaction whose submit answer was lost counts as submitted under its hash: committed once, and the sender sends on', async () => {
    const lost = mpcWallet('aptos', 'aptos-node-lost-answer');
    fund(lost);
    const recipient = freshAddress();
    const request = keyTransfer(lost, recipient, '7', { idempotencyKey: 'lost-answer-1' });
    node.losesSubmitAnswers = true;
    const txId = submittedTxId(await gateway.submitTransfer(request));
    node.losesSubmitAnswers = false;
    expect(submittedTxId(await gateway.submitTransfer(request))).toBe(txId);
    node.commit();
    expect(node.balance(recipient, USDC_METADATA)).toBe(7n);
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toMatchObject({ status: 'success' });
    submittedTxId(await gateway.submitTransfer(keyTransfer(lost, recipient, '1')));
    node.commit();
    expect(node.balance(recipient, USDC_METADATA)).toBe(8n);
  });

  it('a lost submit answer of a transaction the mempool never kept is pending, then expired; nothing moves', async () => {
    const lost = mpcWallet('aptos', 'aptos-node-lost-dropped');
    fund(lost);
    const recipient = freshAddress();
    node.losesSubmitAnswers = true;
    node.dropsTransactions = true;
    const txId = submittedTxId(await gateway.submitTransfer(keyTransfer(lost, recipient, '3')));
    node.commit();
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toMatchObject({ status: 'pending' });
    node.advanceSeconds(61);
    node.dropsTransactions = false;
    node.commit();
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toMatchObject({
      status: 'failed',
      error: { reason: 'expired' },
    });
    expect(node.balance(recipient, USDC_METADATA)).toBe(0n);
  });

  it('checks the key, the authority, addresses, amounts and memos before anything is sent', async () => {
    const callsBefore = node.calls.length;
    const other = mpcWallet('aptos', 'aptos-node-other');
    const mismatch = await gateway.submitTransfer({
      ...keyTransfer(sender, freshAddress(), '1'),
      authority: { kind: 'custodial-key', curve: 'ed25519', secretKey: other.secretKey },
    });
    expect(leftOf(mismatch).code).toBe('signer_mismatch');
    const secp = await gateway.submitTransfer({
      ...keyTransfer(sender, freshAddress(), '1'),
      authority: { kind: 'custodial-key', curve: 'secp256k1', secretKey: sender.secretKey },
    });
    expect(leftOf(secp).code).toBe('signer_mismatch');
    const smart = await gateway.submitTransfer({
      ...keyTransfer(sender, freshAddress(), '1'),
      authority: { kind: 'smart-account', approvals: [] },
    });
    expect(leftOf(smart).code).toBe('authority_not_supported');
    expect(leftOf(await gateway.submitTransfer(keyTransfer(sender, '0xabc', '1'))).code).toBe('invalid_address');
    expect(leftOf(await gateway.submitTransfer(keyTransfer(sender, freshAddress(), '-1'))).code).toBe('invalid_amount');
    const memo = await gateway.submitTransfer(
      keyTransfer(sender, freshAddress(), '1', { memo: { type: 'text', value: 'order 1' } }),
    );
    expect(leftOf(memo).code).toBe('memo_not_supported');
    expect(node.calls.length).toBe(callsBefore);
  });

  it('estimates the fee: a keyless simulation (NoAccountAuthenticator) × /estimate_gas_price', async () => {
    const fee = rightOf(
      await gateway.estimateFee({
        chain: CHAIN,
        from: sender.address,
        token: USDC,
        recipient: freshAddress(),
        baseUnits: '1',
      }),
    );
    expect(fee).toEqual({ ...FA_FEE, baseUnits: '1100' });
    const apt = rightOf(
      await gateway.estimateFee({
        chain: CHAIN,
        from: sender.address,
        token: NATIVE,
        recipient: freshAddress(),
        baseUnits: '1',
      }),
    );
    expect(apt).toEqual({ ...APT_FEE, baseUnits: '900' });
  });

  it('broadcasts a payer-signed transaction (hex BCS) and finds it; garbage is invalid_transaction, an unknown hash not found', async () => {
    const payerWallet = mpcWallet('aptos', 'aptos-node-payer');
    fund(payerWallet, 100_000_000n, 0n);
    const payer = Account.fromPrivateKey({ privateKey: new Ed25519PrivateKey(payerWallet.secretKey, false) });
    const recipient = freshAddress();
    const signed = payerSigned(
      payer,
      0n,
      EntryFunction.build('0x1::aptos_account', 'transfer', [], [AccountAddress.from(recipient), new U64(1_500_000n)]),
    );
    const { txId } = rightOf(
      await gateway.broadcastSignedTransaction({
        chain: CHAIN,
        signedTransaction: signed,
      }),
    );
    expect(rightOf(await gateway.findIncomingTransfer(CHAIN, txId))).toMatchObject({
      from: payerWallet.address,
      to: recipient,
      token: NATIVE,
      baseUnits: '1500000',
      status: 'pending',
      final: false,
    });
    node.commit();
    expect(node.balance(recipient, 'native')).toBe(1_500_000n);
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId)).status).toBe('success');
    expect(leftOf(await gateway.broadcastSignedTransaction({ chain: CHAIN, signedTransaction: '0x1234' })).code).toBe(
      'invalid_transaction',
    );
    const created = payerSigned(
      payer,
      1n,
      EntryFunction.build('0x1::aptos_account', 'create_account', [], [AccountAddress.from(freshAddress())]),
    );
    const other = rightOf(await gateway.broadcastSignedTransaction({ chain: CHAIN, signedTransaction: created }));
    expect(leftOf(await gateway.findIncomingTransfer(CHAIN, other.txId)).code).toBe('transaction_not_a_transfer');
    const unknown = `0x${'5'.repeat(64)}`;
    expect(leftOf(await gateway.getTransactionStatus(CHAIN, unknown)).code).toBe('transaction_not_found');
    expect(leftOf(await gateway.findIncomingTransfer(CHAIN, unknown)).code).toBe('transaction_not_found');
    expect(leftOf(await gateway.getTransactionStatus(CHAIN, 'not-a-hash')).code).toBe('transaction_not_found');
  });

  it('finds a USDC deposit, pending until committed, and verifies it against the order', async () => {
    const depositAddress = freshAddress();
    const txId = submittedTxId(await gateway.submitTransfer(keyTransfer(sender, depositAddress, '3500000')));
    const pending = rightOf(await gateway.findIncomingTransfer(CHAIN, txId));
    expect(pending).toMatchObject({
      from: sender.address,
      to: depositAddress,
      token: USDC,
      baseUnits: '3500000',
      status: 'pending',
      final: false,
    });
    node.commit();
    const found = rightOf(await gateway.findIncomingTransfer(CHAIN, txId));
    expect(found).toMatchObject({ status: 'success', final: true, confirmations: 1 });
    const expected = { chain: CHAIN, depositAddress, token: USDC, baseUnits: '3500000' };
    expect(rightOf(verifyDeposit(found, expected)).status).toBe('final');
    expect(leftOf(verifyDeposit(found, { ...expected, baseUnits: '3500001' })).code).toBe('deposit_amount_mismatch');
  });

  it('a node answering 5xx or not in time is chain_unavailable; an unreadable or misshapen answer is chain_invalid_response', async () => {
    node.fault = 'http-500';
    expect(leftOf(await gateway.getBalance({ chain: CHAIN, address: sender.address, token: NATIVE }))).toMatchObject({
      code: 'chain_unavailable',
    });
    node.fault = 'hang';
    expect(leftOf(await gateway.submitTransfer(keyTransfer(sender, freshAddress(), '1')))).toMatchObject({
      code: 'chain_unavailable',
    });
    node.fault = 'malformed';
    expect(leftOf(await gateway.getTransactionStatus(CHAIN, `0x${'5'.repeat(64)}`))).toMatchObject({
      code: 'chain_invalid_response',
    });
    node.fault = 'wrong-shape';
    expect(leftOf(await gateway.submitTransfer(keyTransfer(sender, freshAddress(), '1')))).toMatchObject({
      code: 'chain_invalid_response',
    });
    expect(
      leftOf(
        await gateway.estimateFee({
          chain: CHAIN,
          from: sender.address,
          token: USDC,
          recipient: freshAddress(),
          baseUnits: '1',
        }),
      ),
    ).toMatchObject({ code: 'chain_invalid_response' });
  });

  it('a node of another network (testnet for production) is chain_invalid_response, before anything is signed', async () => {
    const testnet = await new AptosFullnode(2).start();
    try {
      testnet.mint(sender.address, 'native', 1_000_000n);
      const wrong = new AptosNodeGateway({
        environment: 'production',
        clock,
        chains: [{ chain: CHAIN, url: testnet.url }],
      });
      expect(
        leftOf(await wrong.submitTransfer(keyTransfer(sender, freshAddress(), '1', { token: NATIVE }))),
      ).toMatchObject({
        code: 'chain_invalid_response',
      });
      expect(testnet.calls).not.toContain('simulate_transaction');
    } finally {
      await testnet.stop();
    }
  });

  it('the mock fullnode records a request outside the hand-recorded contract (so the test that sent it fails)', async () => {
    const unknown = await fetch(`${node.url}/accounts/${sender.address}/resources`);
    const mistyped = await fetch(`${node.url}/transactions/by_hash/not-a-hash`);
    const wrongType = await fetch(`${node.url}/transactions/simulate`, { method: 'POST', body: '{}' });
    expect([unknown.status, mistyped.status, wrongType.status]).toEqual([400, 400, 400]);
    expect(node.violations.splice(0)).toEqual([
      expect.stringMatching(/no such operation/),
      expect.stringMatching(/get_transaction_by_hash: path parameter txn_hash is not hash/),
      expect.stringMatching(/simulate_transaction: content type .* is not accepted/),
    ]);
  });

  it('the faucet is refused (production: not available; staging: no faucet on a node); finality is one commit; no node chain answers chain_not_configured elsewhere', async () => {
    expect(leftOf(await gateway.fund({ chain: CHAIN, address: sender.address, token: 'usdc', amount: '1' })).code).toBe(
      'faucet_not_available',
    );
    const staging = new AptosNodeGateway({ environment: 'staging', clock, chains: [{ chain: CHAIN, url: node.url }] });
    expect(
      leftOf(await staging.fund({ chain: CHAIN, address: sender.address, token: 'usdxm', amount: '1' })).code,
    ).toBe('faucet_not_configured');
    expect(rightOf(gateway.finalityOf(CHAIN))).toMatchObject({ confirmations: 1, blockTimeMs: 250 });
    expect(rightOf(gateway.explorerLink(CHAIN, `0x${'5'.repeat(64)}`))).toBe(
      `https://explorer.aptoslabs.com/txn/0x${'5'.repeat(64)}?network=mainnet`,
    );
    expect(leftOf(await gateway.getBalance({ chain: 'base', address: sender.address, token: NATIVE })).code).toBe(
      'chain_not_configured',
    );
    expect(
      leftOf(
        await gateway.buildDepositTransaction({
          chain: CHAIN,
          payer: sender.address,
          depositAddress: freshAddress(),
          token: USDC,
          baseUnits: '1',
        }),
      ).code,
    ).toBe('chain_operation_not_supported');
  });
});

describeChainGatewayConformance('aptos-node', () => ({
  gateway,
  chain: CHAIN,
  token: USDC,
  sender,
  freshRecipient: () => Promise.resolve(freshAddress()),
  finalize: () => {
    node.commit();
    return Promise.resolve();
  },
}));
