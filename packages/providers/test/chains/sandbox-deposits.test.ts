import { bytesToHex, parseTransaction, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  decodeEvmTransfer,
  encodeSignedTransferPayload,
  sandboxRevertingRecipientOf,
  verifyDeposit,
  type ExpectedDeposit,
  type SandboxChainGateway,
} from '../../src/index.js';
import { leftOf, rightOf } from '../support.js';
import { mpcWallet, sandbox, signEd25519, usdxmOn, type TestWallet } from './support.js';

const CHAIN = 'base-sepolia';
const USDXM = usdxmOn(CHAIN);
const payer = mpcWallet('evm', 'deposit payer');
const depositAddress = mpcWallet('evm', 'deposit address').address;
const memo = { type: 'text' as const, value: 'order-7f3a' };

/** What the payer's wallet does with the serialized transaction: sign it and broadcast it. */
const payEvm = async (gateway: SandboxChainGateway, wallet: TestWallet, serialized: string): Promise<string> => {
  const account = privateKeyToAccount(bytesToHex(wallet.secretKey));
  const signed = await account.signTransaction(parseTransaction(serialized as Hex));
  return rightOf(await gateway.broadcastSignedTransaction({ chain: CHAIN, signedTransaction: signed })).txId;
};

const expected = (overrides: Partial<ExpectedDeposit> = {}): ExpectedDeposit => ({
  chain: CHAIN,
  depositAddress,
  token: USDXM,
  baseUnits: '25000000',
  memo,
  ...overrides,
});

describe('sandbox deposits', () => {
  it('builds a real EIP-1559 ERC-20 transfer carrying the memo, which the payer signs and the ledger settles', async () => {
    const { clock, gateway } = sandbox();
    rightOf(await gateway.fund({ chain: CHAIN, address: payer.address, token: 'usdxm', amount: '30' }));
    const unsigned = rightOf(
      await gateway.buildDepositTransaction({
        chain: CHAIN,
        payer: payer.address,
        depositAddress,
        token: USDXM,
        baseUnits: '25000000',
        memo,
      }),
    );
    expect(unsigned.encoding).toBe('evm-eip1559');
    const parsed = parseTransaction(unsigned.serializedTransaction as Hex);
    expect(parsed).toMatchObject({
      type: 'eip1559',
      chainId: 84532,
      nonce: 0,
      gas: 65_000n,
      maxFeePerGas: 1_000_000_000n,
    });
    expect(parsed.value ?? 0n).toBe(0n);
    expect(decodeEvmTransfer(parsed.to, parsed.data as Hex, 0n)).toEqual({
      token: USDXM,
      recipient: depositAddress,
      baseUnits: 25_000_000n,
      memo,
    });

    const txId = await payEvm(gateway, payer, unsigned.serializedTransaction);
    expect(txId).toMatch(/^0x[0-9a-f]{64}$/);
    const pending = rightOf(await gateway.findIncomingTransfer(CHAIN, txId));
    expect(pending).toMatchObject({
      from: payer.address,
      to: depositAddress,
      status: 'pending',
      final: false,
      confirmations: 0,
    });
    expect(rightOf(verifyDeposit(pending, expected())).status).toBe('pending');

    clock.advance(3_000);
    const settled = rightOf(await gateway.findIncomingTransfer(CHAIN, txId));
    expect(settled).toEqual({
      chain: CHAIN,
      txId,
      from: payer.address,
      to: depositAddress,
      token: USDXM,
      baseUnits: '25000000',
      memo,
      status: 'success',
      confirmations: 3,
      final: true,
      blockNumber: expect.any(Number),
    });
    expect(rightOf(verifyDeposit(settled, expected()))).toEqual({ status: 'final', transfer: settled });
  });

  it('treats a re-broadcast as the same transaction and refuses a stale nonce', async () => {
    const { gateway } = sandbox();
    rightOf(await gateway.fund({ chain: CHAIN, address: payer.address, token: 'usdxm', amount: '30' }));
    const unsigned = rightOf(
      await gateway.buildDepositTransaction({
        chain: CHAIN,
        payer: payer.address,
        depositAddress,
        token: USDXM,
        baseUnits: '1',
      }),
    );
    const account = privateKeyToAccount(bytesToHex(payer.secretKey));
    const signed = await account.signTransaction(parseTransaction(unsigned.serializedTransaction as Hex));
    const first = rightOf(await gateway.broadcastSignedTransaction({ chain: CHAIN, signedTransaction: signed }));
    expect(rightOf(await gateway.broadcastSignedTransaction({ chain: CHAIN, signedTransaction: signed }))).toEqual(
      first,
    );
    const replay = await account.signTransaction({
      ...parseTransaction(unsigned.serializedTransaction as Hex),
      data: undefined,
      to: depositAddress as Hex,
      value: 1n,
    });
    expect(leftOf(await gateway.broadcastSignedTransaction({ chain: CHAIN, signedTransaction: replay }))).toMatchObject(
      { code: 'invalid_nonce' },
    );
    expect(
      leftOf(await gateway.broadcastSignedTransaction({ chain: 'polygon-amoy', signedTransaction: signed })),
    ).toMatchObject({
      code: 'invalid_transaction',
      message: expect.stringContaining('chain id 84532'),
    });
  });

  it('reports each mismatch between the transfer found and the deposit expected', async () => {
    const { clock, gateway } = sandbox();
    rightOf(await gateway.fund({ chain: CHAIN, address: payer.address, token: 'usdxm', amount: '100' }));
    const pay = async (to: string, baseUnits: string, withMemo = memo) => {
      const unsigned = rightOf(
        await gateway.buildDepositTransaction({
          chain: CHAIN,
          payer: payer.address,
          depositAddress: to,
          token: USDXM,
          baseUnits,
          memo: withMemo,
        }),
      );
      return payEvm(gateway, payer, unsigned.serializedTransaction);
    };
    const wrongRecipient = await pay(mpcWallet('evm', 'someone else').address, '25000000');
    const short = await pay(depositAddress, '24999999');
    const over = await pay(depositAddress, '25000001');
    const otherMemo = await pay(depositAddress, '25000000', { type: 'text', value: 'order-other' });
    clock.advance(3_000);
    const found = async (txId: string) => rightOf(await gateway.findIncomingTransfer(CHAIN, txId));

    expect(leftOf(verifyDeposit(await found(wrongRecipient), expected()))).toMatchObject({
      kind: 'unprocessable',
      code: 'deposit_recipient_mismatch',
    });
    expect(leftOf(verifyDeposit(await found(short), expected()))).toMatchObject({
      code: 'deposit_amount_mismatch',
      parameters: { paid: '24999999', expected: '25000000' },
    });
    expect(leftOf(verifyDeposit(await found(over), expected()))).toMatchObject({ code: 'deposit_amount_mismatch' });
    expect(rightOf(verifyDeposit(await found(over), expected({ allowOverpayment: true }))).status).toBe('final');
    expect(leftOf(verifyDeposit(await found(otherMemo), expected()))).toMatchObject({ code: 'deposit_memo_mismatch' });
    expect(leftOf(verifyDeposit(await found(otherMemo), expected({ token: { native: true } })))).toMatchObject({
      code: 'deposit_token_mismatch',
    });
    expect(leftOf(verifyDeposit(await found(otherMemo), expected({ chain: 'polygon-amoy' })))).toMatchObject({
      code: 'deposit_chain_mismatch',
    });
  });

  it('reports a deposit whose transaction failed', async () => {
    const { clock, gateway } = sandbox();
    const reverting = sandboxRevertingRecipientOf('evm');
    rightOf(await gateway.fund({ chain: CHAIN, address: payer.address, token: 'usdxm', amount: '30' }));
    const unsigned = rightOf(
      await gateway.buildDepositTransaction({
        chain: CHAIN,
        payer: payer.address,
        depositAddress: reverting,
        token: USDXM,
        baseUnits: '5',
      }),
    );
    const txId = await payEvm(gateway, payer, unsigned.serializedTransaction);
    clock.advance(3_000);
    const transfer = rightOf(await gateway.findIncomingTransfer(CHAIN, txId));
    expect(transfer.status).toBe('failed');
    expect(
      leftOf(verifyDeposit(transfer, expected({ depositAddress: reverting, baseUnits: '5', memo: undefined }))),
    ).toMatchObject({ code: 'deposit_failed' });
  });

  it('serializes other families as a documented payload the payer signs with its Ed25519 key', async () => {
    const { clock, gateway } = sandbox();
    const solanaPayer = mpcWallet('solana', 'solana deposit payer');
    const solanaDeposit = mpcWallet('solana', 'solana deposit address').address;
    const token = usdxmOn('solana');
    rightOf(await gateway.fund({ chain: 'solana', address: solanaPayer.address, token: 'usdxm', amount: '10' }));
    const unsigned = rightOf(
      await gateway.buildDepositTransaction({
        chain: 'solana',
        payer: solanaPayer.address,
        depositAddress: solanaDeposit,
        token,
        baseUnits: '4000000',
        memo,
      }),
    );
    expect(unsigned.encoding).toBe('paykit-transfer-v1');
    const payload = Buffer.from(unsigned.serializedTransaction, 'base64');
    expect(JSON.parse(payload.toString('utf8'))).toEqual({
      format: 'paykit-transfer-v1',
      chain: 'solana',
      from: solanaPayer.address,
      to: solanaDeposit,
      token: token.native ? 'native' : token.address,
      amount: '4000000',
      nonce: 0,
      memo,
    });

    const forged = encodeSignedTransferPayload(
      unsigned.serializedTransaction,
      solanaPayer.publicKey,
      signEd25519(payload, mpcWallet('solana', 'thief').secretKey),
    );
    expect(
      leftOf(await gateway.broadcastSignedTransaction({ chain: 'solana', signedTransaction: forged })),
    ).toMatchObject({ code: 'invalid_signature' });

    const signed = encodeSignedTransferPayload(
      unsigned.serializedTransaction,
      solanaPayer.publicKey,
      signEd25519(payload, solanaPayer.secretKey),
    );
    const { txId } = rightOf(await gateway.broadcastSignedTransaction({ chain: 'solana', signedTransaction: signed }));
    clock.advance(32_000);
    const transfer = rightOf(await gateway.findIncomingTransfer('solana', txId));
    expect(
      rightOf(
        verifyDeposit(transfer, { chain: 'solana', depositAddress: solanaDeposit, token, baseUnits: '4000000', memo }),
      ).status,
    ).toBe('final');
  });
});
