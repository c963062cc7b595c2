import { Asset, Keypair, Memo, Networks, Operation, TransactionBuilder, Account } from '@stellar/stellar-sdk';
import { createChainGateway, verifyDeposit, type ChainToken, type SubmitTransferRequest } from '../../src/index.js';
import { StellarHorizonGateway } from '../../src/chains/stellar/stellar-horizon-gateway.js';
import { clockAt, leftOf, rightOf } from '../support.js';
import { describeChainGatewayConformance } from './chain-gateway-conformance.js';
import { HorizonContract } from './fixtures/horizon-contract.js';
import { HorizonServer } from './fixtures/horizon-server.js';
import { mpcWallet, submittedTxIdOf, transferFrom, type TestWallet } from './support.js';

const CHAIN = 'stellar';
/** Circle's USDC on the public network; its Stellar Asset Contract is the registry's production address. */
const USDC_ASSET = new Asset('USDC', 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN');
const USDC: ChainToken = { native: false, address: 'CCW67TSZV3SSS2HXMBQ5JFGCKJNXKZM7UQUWUZPUTHXSTZLEO7SJMI75' };
const NATIVE: ChainToken = { native: true };
const XLM = 10_000_000n;
const clock = clockAt('2026-01-01T00:00:00.000Z');

let horizon: HorizonServer;
let gateway: StellarHorizonGateway;
const sender = mpcWallet('stellar', 'stellar-horizon-sender');

/** A Stellar wallet's transfer: a smart wallet signing with its account key. */
const keyTransfer = (
  from: TestWallet,
  recipient: string,
  baseUnits: string,
  extra: Partial<SubmitTransferRequest> = {},
): SubmitTransferRequest =>
  transferFrom(from, CHAIN, USDC, recipient, baseUnits, {
    from: { address: from.address, walletType: 'smart' },
    ...extra,
  });

/** A funded account with a USDC trustline holding nothing: what a Stellar wallet is once set up. */
const freshAccount = (): string => {
  const id = Keypair.random().publicKey();
  horizon.createAccount(id, 2n * XLM);
  horizon.trust(id, USDC_ASSET);
  return id;
};

const usdcStroops = (id: string) => horizon.balanceOf(id, USDC_ASSET);

beforeAll(async () => {
  horizon = await new HorizonServer(() => clock.now(), Networks.PUBLIC).start();
  horizon.createAccount(sender.address, 1_000n * XLM);
  horizon.trust(sender.address, USDC_ASSET, 1_000n * XLM);
  gateway = new StellarHorizonGateway({
    environment: 'production',
    clock,
    chains: [{ chain: CHAIN, url: horizon.url, timeoutMs: 1_000 }],
  });
});

afterAll(async () => {
  await horizon.stop();
});

afterEach(() => {
  horizon.fault = 'none';
  horizon.dropsTransactions = false;
  horizon.losesAnswers = false;
  expect(horizon.violations).toEqual([]);
});

describe('Stellar Horizon gateway on a mock Horizon (SDK-decoded envelopes, in-memory ledger)', () => {
  it('reads XLM in stroops and USDC in the registry decimals (6; Stellar amounts carry 7, the 7th is dust)', async () => {
    const holder = freshAccount();
    horizon.trust(holder, USDC_ASSET, 12_345_678n);
    expect(rightOf(await gateway.getBalance({ chain: CHAIN, address: holder, token: USDC }))).toMatchObject({
      baseUnits: '1234567',
      decimals: 6,
    });
    expect(rightOf(await gateway.getBalance({ chain: CHAIN, address: holder, token: NATIVE }))).toMatchObject({
      baseUnits: String(2n * XLM),
      decimals: 7,
    });
    const nobody = Keypair.random().publicKey();
    expect(rightOf(await gateway.getBalance({ chain: CHAIN, address: nobody, token: USDC })).baseUnits).toBe('0');
    const unknown = { native: false as const, address: 'CCVJ4LNRNA652OCM323WBMVXONIPRHZMX4BZJSLY2F4KH3NV2UAPJKBF' };
    expect(leftOf(await gateway.getBalance({ chain: CHAIN, address: holder, token: unknown })).code).toBe(
      'token_not_supported',
    );
  });

  it('pays USDC with a text memo; the ledger that takes it is final: success with the fee charged', async () => {
    const recipient = freshAccount();
    const before = usdcStroops(sender.address) ?? 0n;
    const txId = submittedTxIdOf(
      await gateway.submitTransfer(
        keyTransfer(sender, recipient, '25000000', { memo: { type: 'text', value: 'order 42' } }),
      ),
    );
    expect(usdcStroops(recipient)).toBe(250_000_000n);
    expect(usdcStroops(sender.address)).toBe(before - 250_000_000n);
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toMatchObject({
      status: 'success',
      confirmations: 1,
      fee: { token: 'stellar:xlm', amount: '0.00001' },
      finalizedAt: clock.now().toISOString(),
    });
  });

  it('creates a missing account with its first XLM; id and hash memos travel as Stellar memos', async () => {
    const newcomer = Keypair.random().publicKey();
    const created = submittedTxIdOf(
      await gateway.submitTransfer(
        keyTransfer(sender, newcomer, String(5n * XLM), {
          token: NATIVE,
          memo: { type: 'id', value: '18446744073709551615' },
        }),
      ),
    );
    expect(horizon.balanceOf(newcomer)).toBe(5n * XLM);
    expect(rightOf(await gateway.findIncomingTransfer(CHAIN, created))).toMatchObject({
      from: sender.address,
      to: newcomer,
      token: NATIVE,
      baseUnits: String(5n * XLM),
      memo: { type: 'id', value: '18446744073709551615' },
      final: true,
    });
    const hash = 'ab'.repeat(32);
    const paid = submittedTxIdOf(
      await gateway.submitTransfer(
        keyTransfer(sender, newcomer, '1234', { token: NATIVE, memo: { type: 'hash', value: hash } }),
      ),
    );
    expect(horizon.balanceOf(newcomer)).toBe(5n * XLM + 1234n);
    expect(rightOf(await gateway.findIncomingTransfer(CHAIN, paid)).memo).toEqual({ type: 'hash', value: hash });
  });

  it('an account creation below the reserve fails on the ledger: program_error op_low_reserve, the fee spent', async () => {
    const before = horizon.balanceOf(sender.address) ?? 0n;
    const txId = submittedTxIdOf(
      await gateway.submitTransfer(keyTransfer(sender, Keypair.random().publicKey(), '1000', { token: NATIVE })),
    );
    const status = rightOf(await gateway.getTransactionStatus(CHAIN, txId));
    expect(status).toMatchObject({
      status: 'failed',
      error: { reason: 'program_error' },
      fee: { amount: '0.00001' },
    });
    expect(status.status === 'failed' && status.error.logs).toEqual(['txFailed', 'createAccountLowReserve']);
    expect(horizon.balanceOf(sender.address)).toBe(before - 100n);
  });

  it('USDC to an account without a trustline fails on the ledger (op_no_trust): program_error', async () => {
    const untrusting = Keypair.random().publicKey();
    horizon.createAccount(untrusting, 2n * XLM);
    const txId = submittedTxIdOf(await gateway.submitTransfer(keyTransfer(sender, untrusting, '1')));
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toMatchObject({
      status: 'failed',
      error: { reason: 'program_error', logs: ['txFailed', 'paymentNoTrust'] },
    });
  });

  it('a USDC shortfall fails on the ledger with insufficient_funds and moves nothing', async () => {
    const recipient = freshAccount();
    const before = usdcStroops(sender.address) ?? 0n;
    const txId = submittedTxIdOf(
      await gateway.submitTransfer(keyTransfer(sender, recipient, String(before / 10n + 1n))),
    );
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toMatchObject({
      status: 'failed',
      error: { reason: 'insufficient_funds', logs: ['txFailed', 'paymentUnderfunded'] },
    });
    expect(usdcStroops(sender.address)).toBe(before);
    expect(usdcStroops(recipient)).toBe(0n);
  });

  it('a sender that cannot pay the fee is rejected before any ledger (tx_insufficient_balance); one never funded too', async () => {
    const poor = mpcWallet('stellar', 'stellar-horizon-poor');
    horizon.createAccount(poor.address, 10_000_000n);
    expect(
      rightOf(await gateway.submitTransfer(keyTransfer(poor, freshAccount(), '1', { token: NATIVE }))),
    ).toMatchObject({
      outcome: 'rejected',
      error: { reason: 'insufficient_funds', logs: ['tx_insufficient_balance'] },
    });
    expect(horizon.balanceOf(poor.address)).toBe(10_000_000n);
    const never = mpcWallet('stellar', 'stellar-horizon-never-funded');
    expect(rightOf(await gateway.submitTransfer(keyTransfer(never, freshAccount(), '1')))).toMatchObject({
      outcome: 'rejected',
      error: { reason: 'insufficient_funds' },
    });
  });

  it('a refused submission (400 with result codes) is rejected: tx_bad_seq after another sender used the sequence', async () => {
    const signer = Keypair.fromRawEd25519Seed(Buffer.from(sender.secretKey));
    const recipient = freshAccount();
    const original = horizon.balanceOf(sender.address) ?? 0n;
    // another client of the same account builds on the sequence the gateway will read next and lands first
    const interleaved = horizon.onAccountRead(sender.address, (sequence) => {
      const rival = new TransactionBuilder(new Account(sender.address, sequence.toString()), {
        fee: '100',
        networkPassphrase: Networks.PUBLIC,
        timebounds: { minTime: 0, maxTime: 0 },
      })
        .addOperation(Operation.bumpSequence({ bumpTo: '0' }))
        .addMemo(Memo.text('rival'))
        .build();
      rival.sign(signer);
      return rival.toXdr();
    });
    const result = rightOf(await gateway.submitTransfer(keyTransfer(sender, recipient, '1')));
    interleaved();
    expect(result).toMatchObject({ outcome: 'rejected', error: { reason: 'program_error', logs: ['tx_bad_seq'] } });
    expect(horizon.balanceOf(sender.address)).toBe(original - 100n);
  });

  it('a submission whose answer was lost is sent again as the same bytes under its idempotency key: paid once', async () => {
    const recipient = freshAccount();
    const request = keyTransfer(sender, recipient, '2000000', { idempotencyKey: 'stellar-lost-answer' });
    horizon.losesAnswers = true;
    expect(leftOf(await gateway.submitTransfer(request)).code).toBe('chain_unavailable');
    expect(usdcStroops(recipient)).toBe(20_000_000n);
    horizon.losesAnswers = false;
    const txId = submittedTxIdOf(await gateway.submitTransfer(request));
    expect(usdcStroops(recipient)).toBe(20_000_000n);
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId)).status).toBe('success');
  });

  it('checks the key and the authority before anything is sent', async () => {
    const callsBefore = horizon.calls.length;
    const other = mpcWallet('stellar', 'stellar-horizon-other');
    const mismatch = await gateway.submitTransfer({
      ...keyTransfer(sender, freshAccount(), '1'),
      authority: { kind: 'custodial-key', curve: 'ed25519', secretKey: other.secretKey },
    });
    expect(leftOf(mismatch).code).toBe('signer_mismatch');
    const secp = await gateway.submitTransfer({
      ...keyTransfer(sender, freshAccount(), '1'),
      authority: { kind: 'custodial-key', curve: 'secp256k1', secretKey: sender.secretKey },
    });
    expect(leftOf(secp).code).toBe('signer_mismatch');
    const smart = await gateway.submitTransfer({
      ...keyTransfer(sender, freshAccount(), '1'),
      authority: { kind: 'smart-account', approvals: [] },
    });
    expect(leftOf(smart).code).toBe('authority_not_supported');
    expect(leftOf(await gateway.submitTransfer(keyTransfer(sender, USDC.address, '1'))).code).toBe('invalid_address');
    expect(leftOf(await gateway.submitTransfer(keyTransfer(sender, freshAccount(), '-1'))).code).toBe('invalid_amount');
    expect(
      leftOf(
        await gateway.submitTransfer(
          keyTransfer(sender, freshAccount(), '1', { memo: { type: 'text', value: 'x'.repeat(29) } }),
        ),
      ).code,
    ).toBe('invalid_memo');
    expect(horizon.calls.length).toBe(callsBefore);
  });

  it('a transaction Horizon stopped waiting for (504) is pending until its maxTime passes, then expired', async () => {
    horizon.dropsTransactions = true;
    const txId = submittedTxIdOf(await gateway.submitTransfer(keyTransfer(sender, freshAccount(), '1')));
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toMatchObject({
      status: 'pending',
      confirmations: 0,
      requiredConfirmations: 1,
    });
    clock.advance(61_000);
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId))).toMatchObject({
      status: 'failed',
      error: { reason: 'expired' },
    });
    expect(leftOf(await gateway.getTransactionStatus(CHAIN, 'f'.repeat(64))).code).toBe('transaction_not_found');
  });

  it('estimates the fee from /fee_stats (the bid of one operation)', async () => {
    const fee = rightOf(
      await gateway.estimateFee({
        chain: CHAIN,
        from: sender.address,
        token: USDC,
        recipient: freshAccount(),
        baseUnits: '1',
      }),
    );
    expect(fee).toEqual({ token: 'stellar:xlm', amount: '0.00001', baseUnits: '100' });
  });

  it('broadcasts a payer-signed envelope, finds the USDC deposit with its memo and verifies it', async () => {
    const payer = Keypair.random();
    horizon.createAccount(payer.publicKey(), 5n * XLM);
    horizon.trust(payer.publicKey(), USDC_ASSET, 100n * XLM);
    const depositAddress = freshAccount();
    const envelope = new TransactionBuilder(
      new Account(payer.publicKey(), String(horizon.sequenceOf(payer.publicKey()))),
      {
        fee: '100',
        networkPassphrase: Networks.PUBLIC,
        timebounds: { minTime: 0, maxTime: 0 },
      },
    )
      .addOperation(Operation.payment({ destination: depositAddress, asset: USDC_ASSET, amount: '3.5000000' }))
      .addMemo(Memo.text('order-7'))
      .build();
    envelope.sign(payer);
    const { txId } = rightOf(
      await gateway.broadcastSignedTransaction({ chain: CHAIN, signedTransaction: envelope.toXdr() }),
    );
    const found = rightOf(await gateway.findIncomingTransfer(CHAIN, txId));
    expect(found).toMatchObject({
      from: payer.publicKey(),
      to: depositAddress,
      token: USDC,
      baseUnits: '3500000',
      memo: { type: 'text', value: 'order-7' },
      status: 'success',
      final: true,
    });
    const expected = {
      chain: CHAIN,
      depositAddress,
      token: USDC,
      baseUnits: '3500000',
      memo: { type: 'text' as const, value: 'order-7' },
    };
    expect(rightOf(verifyDeposit(found, expected)).status).toBe('final');
    expect(leftOf(verifyDeposit(found, { ...expected, baseUnits: '3500001' })).code).toBe('deposit_amount_mismatch');

    const again = await gateway.broadcastSignedTransaction({ chain: CHAIN, signedTransaction: 'AAAA' });
    expect(leftOf(again).code).toBe('invalid_transaction');
  });

  it('a zero transfer is a no-op transaction (bumpSequence), and not a transfer when read as a deposit', async () => {
    const txId = submittedTxIdOf(await gateway.submitTransfer(keyTransfer(sender, freshAccount(), '0')));
    expect(rightOf(await gateway.getTransactionStatus(CHAIN, txId)).status).toBe('success');
    expect(leftOf(await gateway.findIncomingTransfer(CHAIN, txId)).code).toBe('transaction_not_a_transfer');
  });

  it('Horizon answering 5xx or not at all is chain_unavailable; an unreadable answer is chain_invalid_response', async () => {
    horizon.fault = 'http-500';
    expect(leftOf(await gateway.getBalance({ chain: CHAIN, address: sender.address, token: NATIVE }))).toMatchObject({
      code: 'chain_unavailable',
    });
    horizon.fault = 'hang';
    expect(leftOf(await gateway.submitTransfer(keyTransfer(sender, freshAccount(), '1')))).toMatchObject({
      code: 'chain_unavailable',
    });
    horizon.fault = 'malformed';
    expect(leftOf(await gateway.getTransactionStatus(CHAIN, 'f'.repeat(64)))).toMatchObject({
      code: 'chain_invalid_response',
    });
    expect(leftOf(await gateway.getBalance({ chain: CHAIN, address: sender.address, token: USDC }))).toMatchObject({
      code: 'chain_invalid_response',
    });
  });

  it('the faucet is refused in production; finality is one ledger; other chains are not configured', async () => {
    expect(leftOf(await gateway.fund({ chain: CHAIN, address: sender.address, token: 'usdc', amount: '1' })).code).toBe(
      'faucet_not_available',
    );
    expect(rightOf(gateway.finalityOf(CHAIN))).toMatchObject({ confirmations: 1, blockTimeMs: 5_000 });
    expect(leftOf(await gateway.getBalance({ chain: 'base', address: sender.address, token: NATIVE })).code).toBe(
      'chain_not_configured',
    );
  });

  it('refuses at start-up a stablecoin asset that is not the registry address in production', () => {
    expect(
      () =>
        new StellarHorizonGateway({
          environment: 'production',
          clock,
          chains: [{ chain: CHAIN, url: horizon.url, stablecoinAsset: `USDC:${Keypair.random().publicKey()}` }],
        }),
    ).toThrow(/not the registry's usdc/);
  });
});

describe('createChainGateway with STELLAR_HORIZON_URL', () => {
  it('sends the stellar chain to Horizon, the rest of staging to the sandbox, and refuses a URL that is not http(s)', async () => {
    const staging = await createChainGateway({
      environment: 'staging',
      clock,
      stellarHorizonUrl: 'http://127.0.0.1:1',
      stellarHorizonTimeoutMs: 500,
    });
    expect(staging.adapterOf('stellar')).toBe('stellar-horizon');
    expect(staging.adapterOf('solana')).toBe('sandbox');
    expect(leftOf(await staging.getBalance({ chain: CHAIN, address: sender.address, token: NATIVE }))).toMatchObject({
      kind: 'unavailable',
      code: 'chain_unavailable',
    });
    const production = await createChainGateway({ environment: 'production', clock, stellarHorizonUrl: horizon.url });
    expect(production.adapterOf('stellar')).toBe('stellar-horizon');
    expect(rightOf(await production.getBalance({ chain: CHAIN, address: sender.address, token: USDC })).decimals).toBe(
      6,
    );
    await expect(
      createChainGateway({ environment: 'staging', clock, stellarHorizonUrl: 'ftp://horizon' }),
    ).rejects.toThrow(/STELLAR_HORIZON_URL/);
  });
});

describe('the hand-recorded Horizon contract the mock enforces', () => {
  it('refuses what Horizon does not document and accepts what the adapter sends', async () => {
    const contract = await HorizonContract.load();
    const account = Keypair.random().publicKey();
    expect(contract.check({ method: 'GET', path: `/accounts/${account}`, query: {} })).toMatchObject({
      ok: true,
      operation: 'getAccount',
    });
    expect(contract.check({ method: 'GET', path: '/accounts/not-an-account', query: {} }).ok).toBe(false);
    expect(contract.check({ method: 'GET', path: '/ledgers', query: {} }).ok).toBe(false);
    expect(contract.check({ method: 'GET', path: `/transactions/${'A'.repeat(64)}`, query: {} }).ok).toBe(false);
    const form = 'application/x-www-form-urlencoded';
    expect(contract.check({ method: 'POST', path: '/transactions', query: {}, body: {}, contentType: form }).ok).toBe(
      false,
    );
    expect(
      contract.check({
        method: 'POST',
        path: '/transactions',
        query: {},
        body: { tx: 'AAAA', extra: '1' },
        contentType: form,
      }).ok,
    ).toBe(false);
    expect(() => contract.checkAnswer('getFeeStats', 200, { last_ledger: 1 })).toThrow(/off contract/);
  });
});

describeChainGatewayConformance('stellar-horizon', () => ({
  gateway,
  chain: CHAIN,
  token: USDC,
  sender,
  freshRecipient: () => Promise.resolve(freshAccount()),
  finalize: () => Promise.resolve(),
}));
