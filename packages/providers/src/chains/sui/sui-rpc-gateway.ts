import * as E from 'fp-ts/lib/Either.js';
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519';
import { TransactionDataBuilder } from '@mysten/sui/transactions';
import { domainError, invalid, type Clock, type DomainError } from '@paykit/kernel';
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
import { authorityNotSupported, signerMismatch } from '../chain-errors.js';
import { nativeFeeOf } from '../fee-amount.js';
import { IdempotentSubmissions } from '../idempotent-submissions.js';
import { KeyedLock } from '../evm/keyed-lock.js';
import { NodeChainGateway } from '../node-chain-gateway.js';
import { connectNodeChains } from '../node-chains.js';
import { nodeBalanceOf } from '../node-balance.js';
import { connectSuiChain, type SuiChain, type SuiChainEndpoint } from './sui-chain.js';
import {
  isRefusal,
  isStaleObjectRefusal,
  MalformedSuiAnswer,
  suiNodeFailure,
  suiTransferErrorOf,
} from './sui-errors.js';
import { budgetAfterDryRun, netGasOf, suiEffectsOf } from './sui-effects.js';
import { suiIncomingTransfer } from './sui-incoming.js';
import { askNode, expectRecord, suiDecimalsOf, suiUnitsOf } from './sui-reads.js';
import { checkSuiToken, checkSuiTransfer, parseSignedSuiTransaction } from './sui-request.js';
import { suiTransactionStatus } from './sui-status.js';
import { buildSuiTransfer, planSuiTransfer, type SuiMovement, type SuiTransferPlan } from './sui-transfer.js';

export interface SuiRpcGatewayOptions {
  readonly environment: Environment;
  readonly clock: Clock;
  readonly chains: readonly SuiChainEndpoint[];
}

type Submission = E.Either<DomainError, SubmitTransferResult>;

const rejected = (error: ReturnType<typeof suiTransferErrorOf>): Submission => E.right({ outcome: 'rejected', error });

/**
 * Sui through a fullnode's JSON-RPC (@mysten/sui): SUI and any coin type from keys the service
 * holds (MPC wallets), built as a programmable transaction from the sender's coins, dry-run,
 * signed locally and executed. Final once a checkpoint holds it (ADR 0932).
 */
export class SuiRpcGateway extends NodeChainGateway<SuiChain> implements ChainGateway {
  private readonly submissions = new IdempotentSubmissions();
  /** One transfer of a sender at a time: the next one reads the coins' versions the last one left. */
  private readonly senders = new KeyedLock();
  /** The last epoch each transaction sent may execute in, to tell a lost one from a slow one. */
  private readonly expirations = new Map<string, bigint>();

  constructor(private readonly options: SuiRpcGatewayOptions) {
    super(options, connectNodeChains(options.environment, 'sui', options.chains, connectSuiChain));
  }

  async getBalance(request: BalanceRequest): Promise<E.Either<DomainError, ChainBalance>> {
    const chain = this.chain(request.chain);
    return E.isLeft(chain)
      ? chain
      : nodeBalanceOf(chain.right, request, {
          checkToken: checkSuiToken,
          decimalsOf: suiDecimalsOf,
          unitsOf: suiUnitsOf,
        });
  }

  submitTransfer(request: SubmitTransferRequest): Promise<Submission> {
    return this.submissions.submit(request, () => this.submit(request));
  }

  private async submit(request: SubmitTransferRequest): Promise<Submission> {
    const chain = this.chain(request.chain);
    if (E.isLeft(chain)) return chain;
    const movement = checkSuiTransfer(
      chain.right.info,
      { ...request, from: request.from.address, to: request.recipient },
      'from.address',
    );
    if (E.isLeft(movement)) return movement;
    const { authority } = request;
    if (authority.kind === 'smart-account')
      return E.left(
        authorityNotSupported(
          request.chain,
          'Sui wallets are MPC wallets; the Sui RPC adapter sends from keys the service holds',
        ),
      );
    if (authority.curve !== 'ed25519' || authority.secretKey.length !== 32)
      return E.left(signerMismatch(request.chain));
    const keypair = Ed25519Keypair.fromSecretKey(authority.secretKey);
    if (keypair.toSuiAddress() !== movement.right.sender) return E.left(signerMismatch(request.chain));
    const sui = chain.right;
    return this.senders.run(`${sui.info.name}:${movement.right.sender}`, () => this.send(sui, keypair, movement.right));
  }

  private async send(sui: SuiChain, keypair: Ed25519Keypair, movement: SuiMovement): Promise<Submission> {
    return E.flatten(
      await askNode(sui, async (): Promise<Submission> => {
        const plan = await planSuiTransfer(sui, movement);
        if (E.isLeft(plan)) return rejected(plan.left);
        const tried = await this.dryRun(sui, plan.right);
        if (E.isLeft(tried)) return rejected(tried.left);
        const effects = tried.right;
        if (!effects.ok) return rejected(suiTransferErrorOf(effects.error));
        const lastEpoch = effects.executedEpoch + 1n;
        const bytes = await buildSuiTransfer(
          plan.right,
          budgetAfterDryRun(effects, plan.right.gasPrice, plan.right.budget),
          lastEpoch,
        );
        const { signature } = await keypair.signTransaction(bytes);
        return this.execute(sui, bytes, signature, lastEpoch);
      }),
    );
  }

  /** `sui_dryRunTransactionBlock` of the plan at its budget ceiling; a refusal of its inputs is the transfer's. */
  private async dryRun(sui: SuiChain, plan: SuiTransferPlan) {
    try {
      const answer = await sui.client.dryRunTransactionBlock({
        transactionBlock: await buildSuiTransfer(plan, plan.budget),
      });
      return E.right(suiEffectsOf(expectRecord(answer, 'sui_dryRunTransactionBlock').effects));
    } catch (error) {
      if (isRefusal(error) && !isStaleObjectRefusal(error)) return E.left(suiTransferErrorOf(error.message));
      throw error;
    }
  }

  /**
   * `sui_executeTransactionBlock`. A refusal (the transaction's inputs or signature) is `rejected`;
   * one because the coins moved on (another client spent them first) executed nothing, so it is
   * `chain_unavailable` and the transfer is built again on retry. Any other failure leaves the outcome unknown, so the transaction counts as submitted under its
   * digest: its status finds it, or fails it as expired once its epoch is over (ADR 0932). Sending
   * it again would build another transaction from the coins' new versions and could pay twice.
   */
  private async execute(sui: SuiChain, bytes: Uint8Array, signature: string, lastEpoch: bigint): Promise<Submission> {
    const digest = TransactionDataBuilder.getDigestFromBytes(bytes);
    this.expirations.set(digest, lastEpoch);
    try {
      await sui.client.executeTransactionBlock({ transactionBlock: bytes, signature, options: { showEffects: true } });
    } catch (error) {
      if (isRefusal(error)) {
        this.expirations.delete(digest);
        return isStaleObjectRefusal(error)
          ? E.left(suiNodeFailure(sui.info.name, error))
          : rejected(suiTransferErrorOf(error.message));
      }
    }
    return E.right(this.submittedAs(sui, digest));
  }

  getTransactionStatus(chain: string, txId: string): Promise<E.Either<DomainError, TransactionStatus>> {
    return this.onChain(chain, (sui) => suiTransactionStatus(sui, txId, this.options.clock, this.expirations));
  }

  findIncomingTransfer(chain: string, txId: string): Promise<E.Either<DomainError, IncomingTransfer>> {
    return this.onChain(chain, (sui) => suiIncomingTransfer(sui, txId));
  }

  /**
   * A payer's signed transaction: JSON of the SDK's `signTransaction` answer, `{"bytes":"<base64
   * TransactionData>","signature":"<base64>"}`, executed as is.
   */
  async broadcastSignedTransaction(
    request: SignedTransactionRequest,
  ): Promise<E.Either<DomainError, { readonly txId: string }>> {
    const chain = this.chain(request.chain);
    if (E.isLeft(chain)) return chain;
    const signed = parseSignedSuiTransaction(request.signedTransaction);
    if (!signed)
      return E.left(invalid('invalid_transaction', 'signedTransaction: must be JSON {"bytes","signature"} in base64'));
    const sui = chain.right;
    return E.flatten(
      await askNode(sui, async (): Promise<E.Either<DomainError, { readonly txId: string }>> => {
        try {
          const answer = await sui.client.executeTransactionBlock({
            transactionBlock: signed.bytes,
            signature: signed.signature,
            options: { showEffects: true },
          });
          const digest = expectRecord(answer, 'sui_executeTransactionBlock').digest;
          if (typeof digest !== 'string')
            throw new MalformedSuiAnswer('sui_executeTransactionBlock answered no digest');
          return E.right({ txId: digest });
        } catch (error) {
          if (!isRefusal(error)) throw error;
          return E.left(invalid('invalid_transaction', `signedTransaction: the node refused it: ${error.message}`));
        }
      }),
    );
  }

  /** The dry run's gas: computation plus storage less its rebate (a failing dry run still costs its gas). */
  async estimateFee(request: FeeEstimateRequest): Promise<E.Either<DomainError, FeeEstimate>> {
    const chain = this.chain(request.chain);
    if (E.isLeft(chain)) return chain;
    const movement = checkSuiTransfer(chain.right.info, { ...request, to: request.recipient }, 'from');
    if (E.isLeft(movement)) return movement;
    const sui = chain.right;
    return E.flatten(
      await askNode(sui, async (): Promise<E.Either<DomainError, FeeEstimate>> => {
        const plan = await planSuiTransfer(sui, movement.right);
        if (E.isLeft(plan)) return E.left(feeNotEstimated(request.chain, plan.left.message));
        const tried = await this.dryRun(sui, plan.right);
        if (E.isLeft(tried)) return E.left(feeNotEstimated(request.chain, tried.left.message));
        return E.right(nativeFeeOf(sui.info, netGasOf(tried.right)));
      }),
    );
  }
}

/** No fee without a transaction to dry-run: the sender's coins cannot pay for one, or the node refused its inputs. */
const feeNotEstimated = (chain: string, reason: string): DomainError =>
  domainError('unprocessable', 'fee_not_estimated', `no fee estimate on ${chain}: ${reason}`, { chain });
