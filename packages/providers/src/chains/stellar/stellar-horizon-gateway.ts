import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { Keypair, StrKey, TransactionBuilder, type Transaction } from '@stellar/stellar-sdk';
import { domainError, type Clock, type DomainError } from '@paykit/kernel';
import type { Environment } from '../../environment.js';
import type {
  BalanceRequest,
  ChainBalance,
  ChainGateway,
  FeeEstimate,
  FeeEstimateRequest,
  IncomingTransfer,
  SignedTransactionRequest,
  SubmitTransferRequest,
  SubmitTransferResult,
  TransactionStatus,
} from '../chain-gateway.js';
import { invalidBaseUnits, invalidChainAddress, signerMismatch } from '../chain-errors.js';
import { NodeChainGateway } from '../node-chain-gateway.js';
import { checkAddress } from '../chain-request.js';
import { nativeFeeOf } from '../fee-amount.js';
import { connectNodeChains } from '../node-chains.js';
import { IdempotentSubmissions } from '../idempotent-submissions.js';
import { checkEvmToken as checkTokenAddress, type CheckedEvmTransfer } from '../evm/evm-request.js';
import { checkEstimatedTransfer, checkSubmittedTransfer, ed25519SecretOf } from '../node-transfer-request.js';
import {
  MalformedHorizonAnswer,
  expectInteger,
  expectRecord,
  type HorizonAnswer,
  type HorizonClient,
} from './horizon-client.js';
import { connectStellarChain, type StellarChain, type StellarChainEndpoint } from './stellar-chain.js';
import { resultCodesOfProblem, stellarNodeFailure, stellarTransferErrorOf } from './stellar-errors.js';
import { stellarIncomingTransfer } from './stellar-incoming.js';
import {
  MAX_STROOPS,
  askHorizon,
  loadAccount,
  stellarTokenOf,
  stroopsHeld,
  stroopsOfUnits,
  unitsOfStroops,
} from './stellar-reads.js';
import { stellarTransactionStatus } from './stellar-status.js';
import { stellarTransactionOf, type StellarMovement } from './stellar-transfer.js';

export interface StellarHorizonGatewayOptions {
  readonly environment: Environment;
  readonly clock: Clock;
  readonly chains: readonly StellarChainEndpoint[];
}

interface SignedTransfer {
  /** Base64 XDR envelope. */
  readonly envelope: string;
  readonly txId: string;
  /** Unix seconds. */
  readonly maxTime: number;
}

/** How long a sent transaction may wait for a ledger (its `maxTime`), in seconds. */
const TRANSACTION_LIFETIME_SECONDS = 60;

/**
 * GET /fee_stats: the fee bid per operation, the 90th percentile of what recent ledgers charged
 * and never below the last ledger's base fee (a bid is a maximum; a ledger charges what it needs).
 */
const feeBidOf = async (horizon: HorizonClient, signal: AbortSignal): Promise<bigint> => {
  const stats = expectRecord(await horizon.get('/fee_stats', signal), 'fee_stats');
  const base = expectInteger(stats.last_ledger_base_fee, 'last_ledger_base_fee');
  const p90 = expectInteger(expectRecord(stats.fee_charged, 'fee_charged').p90, 'fee_charged.p90');
  return p90 > base ? p90 : base;
};

/**
 * Stellar through Horizon's REST API (ADR 0933): classic payments of XLM and the registry's
 * stablecoin (a credit asset) from accounts whose ed25519 key the service holds, which is what
 * a Stellar wallet here is (its admin signer approves through the service); built and signed with
 * @stellar/stellar-sdk, submitted to POST /transactions.
 */
export class StellarHorizonGateway extends NodeChainGateway<StellarChain> implements ChainGateway {
  private readonly submissions = new IdempotentSubmissions();
  /** `maxTime` of each transaction sent, to tell an expired one from a slow one. */
  private readonly timeBounds = new Map<string, number>();
  /** Signed transactions whose submission got no answer, by idempotency key: a retry sends the same bytes. */
  private readonly unanswered = new Map<string, SignedTransfer>();

  constructor(private readonly options: StellarHorizonGatewayOptions) {
    super(options, connectNodeChains(options.environment, 'stellar', options.chains, connectStellarChain));
  }

  async getBalance(request: BalanceRequest): Promise<E.Either<DomainError, ChainBalance>> {
    const checked = pipe(
      E.Do,
      E.bind('chain', () => this.chain(request.chain)),
      E.bind('address', ({ chain }) => checkAddress(chain.info, 'address', request.address)),
      E.bind('checkedToken', ({ chain }) => checkTokenAddress(chain.info, request.token)),
      E.bind('token', ({ chain, checkedToken }) => stellarTokenOf(chain, checkedToken)),
    );
    if (E.isLeft(checked)) return checked;
    const { chain, address, checkedToken, token } = checked.right;
    if (!StrKey.isValidEd25519PublicKey(address))
      return E.left(invalidChainAddress('address', chain.info.name, address));
    return askHorizon(chain, async (horizon, signal) => {
      const account = await loadAccount(horizon, address, signal);
      const stroops = (account && stroopsHeld(account, token)) ?? 0n;
      return {
        chain: chain.info.name,
        address,
        token: checkedToken,
        baseUnits: unitsOfStroops(token, stroops).toString(),
        decimals: token.decimals,
      };
    });
  }

  submitTransfer(request: SubmitTransferRequest): Promise<E.Either<DomainError, SubmitTransferResult>> {
    return this.submissions.submit(request, () => this.submit(request));
  }

  /** The checked transfer as a movement between classic accounts (G...); a contract (C...) holds no classic balance. */
  private movementOf(
    chain: StellarChain,
    transfer: CheckedEvmTransfer,
    fields: { readonly from: string; readonly to: string },
  ): E.Either<DomainError, StellarMovement> {
    if (!StrKey.isValidEd25519PublicKey(transfer.from))
      return E.left(invalidChainAddress(fields.from, chain.info.name, transfer.from));
    if (!StrKey.isValidEd25519PublicKey(transfer.to))
      return E.left(invalidChainAddress(fields.to, chain.info.name, transfer.to));
    const token = stellarTokenOf(chain, transfer.token);
    if (E.isLeft(token)) return token;
    if (stroopsOfUnits(token.right, transfer.units) > MAX_STROOPS) return E.left(invalidBaseUnits());
    return E.right({
      recipient: transfer.to,
      token: token.right,
      units: transfer.units,
      ...(transfer.memo && { memo: transfer.memo }),
    });
  }

  private async submit(request: SubmitTransferRequest): Promise<E.Either<DomainError, SubmitTransferResult>> {
    const chain = this.chain(request.chain);
    if (E.isLeft(chain)) return chain;
    const transfer = checkSubmittedTransfer(chain.right.info, request);
    if (E.isLeft(transfer)) return transfer;
    const secret = ed25519SecretOf(
      request.chain,
      request.authority,
      'a Stellar wallet sends with the account key the service holds; smart-account approvals need a contract account, which the Horizon adapter does not serve',
    );
    if (E.isLeft(secret)) return secret;
    const signer = Keypair.fromRawEd25519Seed(Buffer.from(secret.right));
    if (signer.publicKey() !== transfer.right.from) return E.left(signerMismatch(request.chain));
    const movement = this.movementOf(chain.right, transfer.right, { from: 'from.address', to: 'recipient' });
    if (E.isLeft(movement)) return movement;
    const stellar = chain.right;
    const key = request.idempotencyKey && `${request.chain}:${request.idempotencyKey}`;
    return E.flatten(
      await askHorizon(stellar, async (horizon, signal): Promise<E.Either<DomainError, SubmitTransferResult>> => {
        // The same key after an unanswered submission: the same bytes again, never a second payment.
        const earlier = key ? this.unanswered.get(key) : undefined;
        let signed = earlier;
        if (!signed) {
          const source = await loadAccount(horizon, signer.publicKey(), signal);
          if (!source)
            return E.right({
              outcome: 'rejected',
              error: {
                reason: 'insufficient_funds',
                message: 'the sending account does not exist: it was never funded',
              },
            });
          const destinationExists =
            !movement.right.token.native ||
            movement.right.units === 0n ||
            (await loadAccount(horizon, movement.right.recipient, signal)) !== undefined;
          const maxTime = Math.floor(this.options.clock.now().getTime() / 1000) + TRANSACTION_LIFETIME_SECONDS;
          const transaction = stellarTransactionOf(
            stellar,
            {
              source,
              movement: movement.right,
              destinationExists,
              feePerOperation: await feeBidOf(horizon, signal),
              maxTime,
            },
            signer,
          );
          signed = { envelope: transaction.toXdr(), txId: Buffer.from(transaction.hash()).toString('hex'), maxTime };
        }
        if (key) this.unanswered.set(key, signed);
        const answer = await horizon.submit(signed.envelope, signal);
        if (key) this.unanswered.delete(key);
        return E.right(this.outcomeOf(stellar, signed, answer));
      }),
    );
  }

  /**
   * 200: in a ledger. 400 `tx_failed`: in a ledger, its operation failed (fee and sequence spent;
   * the status tells the rest). Other 400 result codes: never in a ledger, `rejected`. 504: not in
   * a ledger yet; it may land until its `maxTime`.
   */
  private outcomeOf(stellar: StellarChain, signed: SignedTransfer, answer: HorizonAnswer): SubmitTransferResult {
    if (answer.status === 200 && expectRecord(answer.body, 'the submission').hash !== signed.txId)
      throw new MalformedHorizonAnswer('Horizon answered another transaction hash');
    if (answer.status === 400) {
      const codes = resultCodesOfProblem(answer.body);
      if (codes.transaction !== 'tx_failed') return { outcome: 'rejected', error: stellarTransferErrorOf(codes) };
    }
    this.timeBounds.set(signed.txId, signed.maxTime);
    return this.submittedAs(stellar, signed.txId);
  }

  getTransactionStatus(chain: string, txId: string): Promise<E.Either<DomainError, TransactionStatus>> {
    return this.onChain(chain, (stellar) =>
      stellarTransactionStatus(stellar, txId, this.options.clock, this.timeBounds),
    );
  }

  findIncomingTransfer(chain: string, txId: string): Promise<E.Either<DomainError, IncomingTransfer>> {
    return this.onChain(chain, (stellar) => stellarIncomingTransfer(stellar, txId));
  }

  /** A payer's signed transaction: a base64 XDR envelope for this network, submitted as is. */
  async broadcastSignedTransaction(
    request: SignedTransactionRequest,
  ): Promise<E.Either<DomainError, { readonly txId: string }>> {
    const chain = this.chain(request.chain);
    if (E.isLeft(chain)) return chain;
    const stellar = chain.right;
    let transaction: Transaction;
    try {
      transaction = TransactionBuilder.fromXDR(request.signedTransaction, stellar.networkPassphrase) as Transaction;
    } catch {
      return E.left(
        domainError('invalid', 'invalid_transaction', 'signedTransaction: not a base64 Stellar transaction envelope'),
      );
    }
    const txId = Buffer.from(transaction.hash()).toString('hex');
    const answer = await askHorizon(stellar, (horizon, signal) => horizon.submit(transaction.toXdr(), signal));
    if (E.isLeft(answer)) return answer;
    if (answer.right.status !== 400) return E.right({ txId });
    const codes = E.tryCatch(
      () => resultCodesOfProblem(answer.right.body),
      (error) => error,
    );
    if (E.isLeft(codes)) return E.left(stellarNodeFailure(stellar.info.name, codes.left));
    if (codes.right.transaction === 'tx_failed') return E.right({ txId });
    const error = stellarTransferErrorOf(codes.right);
    return E.left(
      domainError('unprocessable', 'transaction_rejected', `Horizon rejected the transaction: ${error.message}`, {
        reason: error.reason,
      }),
    );
  }

  /** The fee bid of one operation (GET /fee_stats): what the transfer pays at most. */
  async estimateFee(request: FeeEstimateRequest): Promise<E.Either<DomainError, FeeEstimate>> {
    const chain = this.chain(request.chain);
    if (E.isLeft(chain)) return chain;
    const transfer = checkEstimatedTransfer(chain.right.info, request);
    if (E.isLeft(transfer)) return transfer;
    const movement = this.movementOf(chain.right, transfer.right, { from: 'from', to: 'recipient' });
    if (E.isLeft(movement)) return movement;
    const stellar = chain.right;
    return askHorizon(stellar, async (horizon, signal) => nativeFeeOf(stellar.info, await feeBidOf(horizon, signal)));
  }
}
