import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createKeyPairSignerFromPrivateKeyBytes,
  createNoopSigner,
  createTransactionMessage,
  getBase64Decoder,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  pipe as kitPipe,
  type Address,
  type Base64EncodedWireTransaction,
  type TransactionMessageBytesBase64,
} from '@solana/kit';
import type { Clock, DomainError } from '@paykit/kernel';
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
import { checkAddress } from '../chain-request.js';
import { NodeChainGateway } from '../node-chain-gateway.js';
import { connectNodeChains } from '../node-chains.js';
import { nativeFeeOf } from '../fee-amount.js';
import { IdempotentSubmissions } from '../idempotent-submissions.js';
import {
  checkEvmToken as checkTokenAddress,
  checkEvmTransfer as checkTransfer,
  type CheckedEvmTransfer,
} from '../evm/evm-request.js';
import { connectSolanaChain, type SolanaChain, type SolanaChainEndpoint } from './solana-chain.js';
import { isNodeRefusal, MalformedSolanaAnswer, solanaNodeFailure, solanaTransferErrorOf } from './solana-errors.js';
import { askNode, expectBigint, solanaDecimalsOf, solanaUnitsOf } from './solana-reads.js';
import { solanaIncomingTransfer } from './solana-incoming.js';
import { solanaTransactionStatus } from './solana-status.js';
import { signSolanaTransfer, solanaTransferInstructions, type SolanaMovement } from './solana-transfer.js';

export interface SolanaRpcGatewayOptions {
  readonly environment: Environment;
  readonly clock: Clock;
  readonly chains: readonly SolanaChainEndpoint[];
}

/**
 * Solana through a node's JSON-RPC (@solana/kit): lamports and SPL tokens (classic Token
 * program) from keys the service holds (MPC wallets), signed locally, simulated, then sent.
 * Smart wallets need their smart-account program deployed; the sandbox stands in for them.
 */
export class SolanaRpcGateway extends NodeChainGateway<SolanaChain> implements ChainGateway {
  private readonly submissions = new IdempotentSubmissions();
  /** Last valid block height of each transaction sent, to tell an expired one from a slow one. */
  private readonly lifetimes = new Map<string, bigint>();

  constructor(private readonly options: SolanaRpcGatewayOptions) {
    super(options, connectNodeChains(options.environment, 'solana', options.chains, connectSolanaChain));
  }

  async getBalance(request: BalanceRequest): Promise<E.Either<DomainError, ChainBalance>> {
    const checked = pipe(
      E.Do,
      E.bind('chain', () => this.chain(request.chain)),
      E.bind('address', ({ chain }) => checkAddress(chain.info, 'address', request.address)),
      E.bind('token', ({ chain }) => checkTokenAddress(chain.info, request.token)),
    );
    if (E.isLeft(checked)) return checked;
    const { chain, address, token } = checked.right;
    const decimals = await solanaDecimalsOf(chain, token);
    if (E.isLeft(decimals)) return decimals;
    const units = await solanaUnitsOf(chain, address as Address, token);
    if (E.isLeft(units)) return units;
    return E.right({
      chain: chain.info.name,
      address,
      token,
      baseUnits: units.right.toString(),
      decimals: decimals.right,
    });
  }

  submitTransfer(request: SubmitTransferRequest): Promise<E.Either<DomainError, SubmitTransferResult>> {
    return this.submissions.submit(request, () => this.submit(request));
  }

  private async movementOf(
    chain: SolanaChain,
    transfer: CheckedEvmTransfer,
  ): Promise<E.Either<DomainError, SolanaMovement>> {
    const decimals = await solanaDecimalsOf(chain, transfer.token);
    if (E.isLeft(decimals)) return decimals;
    return E.right({
      recipient: transfer.to as Address,
      token: transfer.token.native
        ? { native: true }
        : { native: false, mint: transfer.token.address as Address, decimals: decimals.right },
      units: transfer.units,
      ...(transfer.memo && { memo: transfer.memo }),
    });
  }

  private async submit(request: SubmitTransferRequest): Promise<E.Either<DomainError, SubmitTransferResult>> {
    const chain = this.chain(request.chain);
    if (E.isLeft(chain)) return chain;
    const transfer = checkTransfer(
      chain.right.info,
      { ...request, from: request.from.address, to: request.recipient },
      { from: 'from.address', to: 'recipient', allowZero: true },
    );
    if (E.isLeft(transfer)) return transfer;
    const { authority } = request;
    if (authority.kind === 'smart-account')
      return E.left(
        authorityNotSupported(
          request.chain,
          'smart-wallet calls need the smart-account program deployed; the Solana RPC adapter sends from keys the service holds',
        ),
      );
    if (authority.curve !== 'ed25519' || authority.secretKey.length !== 32)
      return E.left(signerMismatch(request.chain));
    const sender = await createKeyPairSignerFromPrivateKeyBytes(authority.secretKey);
    if (sender.address !== transfer.right.from) return E.left(signerMismatch(request.chain));
    const movement = await this.movementOf(chain.right, transfer.right);
    if (E.isLeft(movement)) return movement;
    const solana = chain.right;
    const simulated = await askNode(solana, async (abortSignal) => {
      const { value: lifetime } = await solana.rpc
        .getLatestBlockhash({ commitment: 'confirmed' })
        .send({ abortSignal });
      const signed = await signSolanaTransfer(sender, movement.right, lifetime);
      const simulation = await solana.rpc
        .simulateTransaction(signed.wire as Base64EncodedWireTransaction, {
          encoding: 'base64',
          commitment: 'confirmed',
        })
        .send({ abortSignal });
      if (simulation?.value === undefined) throw new MalformedSolanaAnswer('simulateTransaction answered no value');
      const lastValidBlockHeight = expectBigint(lifetime.lastValidBlockHeight, 'lastValidBlockHeight');
      const { err, logs } = simulation.value;
      return { signed, lastValidBlockHeight, refused: err === null ? undefined : solanaTransferErrorOf(err, logs) };
    });
    if (E.isLeft(simulated)) return simulated;
    const { signed, lastValidBlockHeight, refused } = simulated.right;
    if (refused) return E.right({ outcome: 'rejected', error: refused });
    return this.send(solana, signed, lastValidBlockHeight);
  }

  /**
   * `sendTransaction` of a simulated transaction. The node refusing it (a JSON-RPC error) sent
   * nothing. Any other failure (no answer in time, a dropped connection, an answer we cannot read)
   * leaves the outcome unknown, so the transaction counts as submitted under its signature: its
   * status finds it, or fails it as expired once its blockhash is (ADR 0930). Building it again
   * would take a new blockhash and could pay twice.
   */
  private async send(
    solana: SolanaChain,
    signed: { readonly signature: string; readonly wire: string },
    lastValidBlockHeight: bigint,
  ): Promise<E.Either<DomainError, SubmitTransferResult>> {
    this.lifetimes.set(signed.signature, lastValidBlockHeight);
    try {
      await solana.rpc
        .sendTransaction(signed.wire as Base64EncodedWireTransaction, { encoding: 'base64', skipPreflight: true })
        .send({ abortSignal: AbortSignal.timeout(solana.timeoutMs) });
    } catch (error) {
      if (isNodeRefusal(error)) {
        this.lifetimes.delete(signed.signature);
        return E.left(solanaNodeFailure(solana.info.name, error));
      }
    }
    return E.right(this.submittedAs(solana, signed.signature));
  }

  getTransactionStatus(chain: string, txId: string): Promise<E.Either<DomainError, TransactionStatus>> {
    return this.onChain(chain, (solana) => solanaTransactionStatus(solana, txId, this.options.clock, this.lifetimes));
  }

  findIncomingTransfer(chain: string, txId: string): Promise<E.Either<DomainError, IncomingTransfer>> {
    return this.onChain(chain, (solana) => solanaIncomingTransfer(solana, txId));
  }

  /** A payer's signed transaction, base64 wire format, sent as is (the node's preflight checks it). */
  async broadcastSignedTransaction(
    request: SignedTransactionRequest,
  ): Promise<E.Either<DomainError, { readonly txId: string }>> {
    const chain = this.chain(request.chain);
    if (E.isLeft(chain)) return chain;
    const solana = chain.right;
    return askNode(solana, async (abortSignal) => ({
      txId: await solana.rpc
        .sendTransaction(request.signedTransaction as Base64EncodedWireTransaction, { encoding: 'base64' })
        .send({ abortSignal }),
    }));
  }

  /** `getFeeForMessage` of the transfer's message with the latest blockhash (signature and priority fees). */
  async estimateFee(request: FeeEstimateRequest): Promise<E.Either<DomainError, FeeEstimate>> {
    const chain = this.chain(request.chain);
    if (E.isLeft(chain)) return chain;
    const transfer = checkTransfer(
      chain.right.info,
      { ...request, to: request.recipient },
      { from: 'from', to: 'recipient', allowZero: true },
    );
    if (E.isLeft(transfer)) return transfer;
    const movement = await this.movementOf(chain.right, transfer.right);
    if (E.isLeft(movement)) return movement;
    const solana = chain.right;
    const payer = createNoopSigner(transfer.right.from as Address);
    return askNode(solana, async (abortSignal) => {
      const { value: lifetime } = await solana.rpc
        .getLatestBlockhash({ commitment: 'confirmed' })
        .send({ abortSignal });
      const instructions = await solanaTransferInstructions(payer, movement.right);
      const message = kitPipe(
        createTransactionMessage({ version: 0 }),
        (draft) => setTransactionMessageFeePayerSigner(payer, draft),
        (draft) => setTransactionMessageLifetimeUsingBlockhash(lifetime, draft),
        (draft) => appendTransactionMessageInstructions(instructions, draft),
      );
      const bytes = getBase64Decoder().decode(
        compileTransaction(message).messageBytes,
      ) as TransactionMessageBytesBase64;
      const answer = await solana.rpc.getFeeForMessage(bytes, { commitment: 'confirmed' }).send({ abortSignal });
      return nativeFeeOf(solana.info, expectBigint(answer?.value, 'getFeeForMessage value'));
    });
  }
}
