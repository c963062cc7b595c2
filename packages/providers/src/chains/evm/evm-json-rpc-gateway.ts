import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { bytesToHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { domainError, type Clock, type DomainError } from '@paykit/kernel';
import { explorerTransactionUrl, findChain } from '@paykit/wallets';
import type { Environment } from '../../environment.js';
import type {
  BalanceRequest,
  ChainBalance,
  ChainGateway,
  ChainToken,
  DepositTransactionRequest,
  FaucetRequest,
  FaucetResult,
  FeeEstimate,
  FeeEstimateRequest,
  FinalityRule,
  IncomingTransfer,
  SignedTransactionRequest,
  SubmitTransferRequest,
  SubmitTransferResult,
  TransactionStatus,
  UnsignedDepositTransaction,
} from '../chain-gateway.js';
import { authorityNotSupported, faucetNotConfigured, faucetUnavailable, signerMismatch } from '../chain-errors.js';
import { checkAddress, configuredChain, resolveChain } from '../chain-request.js';
import { checkFaucetRequest } from '../faucet-rules.js';
import { IdempotentSubmissions } from '../idempotent-submissions.js';
import { connectEvmChain, type EvmChain, type EvmChainEndpoint } from './evm-chain.js';
import { buildEvmDeposit, estimateEvmFee, evmDecimalsOf, evmUnitsOf } from './evm-reads.js';
import { nodeFailure, transferRejectionOf } from './evm-errors.js';
import { evmIncomingTransfer, evmTransactionStatus } from './evm-receipts.js';
import { checkEvmToken, checkEvmTransfer, type CheckedEvmTransfer } from './evm-request.js';
import { sendEvmCall, type EvmSendResult } from './evm-send.js';
import { evmTransferCallOf } from './evm-transfer-call.js';
import { KeyedLock } from './keyed-lock.js';
import { UnansweredSends, nonceTakenSince } from './unanswered-sends.js';
import { faucetTopUp } from './evm-faucet.js';

export interface EvmJsonRpcGatewayOptions {
  readonly environment: Environment;
  readonly clock: Clock;
  readonly chains: readonly EvmChainEndpoint[];
}

/**
 * EVM chains through their nodes' JSON-RPC (viem). Keys the service holds (MPC wallets) sign
 * locally; smart wallets are out of scope here: executing their calls needs the smart-account
 * deployment (factory, entry point, bundler), which the sandbox stands in for.
 */
export class EvmJsonRpcGateway implements ChainGateway {
  private readonly chains = new Map<string, EvmChain>();
  private readonly senders = new KeyedLock();
  private readonly unanswered = new UnansweredSends();
  private readonly submissions = new IdempotentSubmissions();

  constructor(private readonly options: EvmJsonRpcGatewayOptions) {
    for (const endpoint of options.chains) {
      const info = findChain(endpoint.chain, options.environment);
      if (!info || info.chainType !== 'evm')
        throw new Error(`${endpoint.chain} is not an EVM chain of ${options.environment}`);
      this.chains.set(info.name, connectEvmChain(info, endpoint));
    }
  }

  /** The chains this gateway serves. */
  get chainNames(): readonly string[] {
    return [...this.chains.keys()];
  }

  private chain(name: string): E.Either<DomainError, EvmChain> {
    return configuredChain(this.chains, name, this.options.environment);
  }

  async getBalance(request: BalanceRequest): Promise<E.Either<DomainError, ChainBalance>> {
    const checked = pipe(
      E.Do,
      E.bind('chain', () => this.chain(request.chain)),
      E.bind('address', ({ chain }) => checkAddress(chain.info, 'address', request.address)),
      E.bind('token', ({ chain }) => checkEvmToken(chain.info, request.token)),
    );
    if (E.isLeft(checked)) return checked;
    const { chain, address, token } = checked.right;
    const decimals = await evmDecimalsOf(chain, token);
    if (E.isLeft(decimals)) return decimals;
    const units = await evmUnitsOf(chain, address, token);
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

  private async submit(request: SubmitTransferRequest): Promise<E.Either<DomainError, SubmitTransferResult>> {
    const chain = this.chain(request.chain);
    if (E.isLeft(chain)) return chain;
    const transfer = checkEvmTransfer(
      chain.right.info,
      { ...request, from: request.from.address, to: request.recipient },
      { from: 'from.address', to: 'recipient', allowZero: true },
    );
    if (E.isLeft(transfer)) return transfer;
    const { authority } = request;
    if (authority.kind === 'smart-account') {
      return E.left(
        authorityNotSupported(
          request.chain,
          'smart-wallet calls need the smart-account deployment; the JSON-RPC adapter sends from keys the service holds',
        ),
      );
    }
    if (authority.curve !== 'secp256k1') return E.left(signerMismatch(request.chain));
    const account = privateKeyToAccount(bytesToHex(authority.secretKey));
    if (account.address !== transfer.right.from) return E.left(signerMismatch(request.chain));
    const sent = await this.send(chain.right, account, transfer.right);
    return E.map(
      (
        result: EvmSendResult & { readonly call: { readonly to: string; readonly data: string } },
      ): SubmitTransferResult =>
        result.outcome === 'rejected'
          ? { outcome: 'rejected', error: result.error }
          : {
              outcome: 'submitted',
              txId: result.txId,
              explorerLink: explorerTransactionUrl(chain.right.info, result.txId),
              call: result.call,
              submittedAt: this.options.clock.now().toISOString(),
            },
    )(sent);
  }

  private async send(chain: EvmChain, account: ReturnType<typeof privateKeyToAccount>, transfer: CheckedEvmTransfer) {
    const call = evmTransferCallOf(transfer.token, transfer.to, transfer.units, transfer.memo);
    const sent = await sendEvmCall(
      chain,
      account,
      { ...call, native: transfer.token.native },
      this.senders,
      this.unanswered,
    );
    return E.map((result: EvmSendResult) => ({ ...result, call: { to: call.to, data: call.data } }))(sent);
  }

  /** A transaction whose send got no answer and that the node does not know is sent again as is, and pending. */
  async getTransactionStatus(chain: string, txId: string): Promise<E.Either<DomainError, TransactionStatus>> {
    const evm = this.chain(chain);
    if (E.isLeft(evm)) return evm;
    const status = await evmTransactionStatus(evm.right, txId, this.options.clock);
    const serialized = this.unanswered.serializedOf(chain, txId);
    if (!serialized) return status;
    if (E.isRight(status)) {
      this.unanswered.forget(chain, txId);
      return status;
    }
    if (status.left.code !== 'transaction_not_found') return status;
    if (await nonceTakenSince(evm.right, serialized)) {
      // Another transaction of the sender was mined at its nonce, unless it was itself a moment ago.
      const again = await evmTransactionStatus(evm.right, txId, this.options.clock);
      if (E.isRight(again) || again.left.code !== 'transaction_not_found') return again;
      this.unanswered.forget(chain, txId);
      return E.right({
        status: 'failed',
        error: { reason: 'expired', message: 'its nonce was taken by another transaction: it can never land' },
        confirmations: 0,
        finalizedAt: this.options.clock.now().toISOString(),
      });
    }
    await evm.right.client.sendRawTransaction({ serializedTransaction: serialized }).catch(() => undefined);
    return E.right({ status: 'pending', confirmations: 0, requiredConfirmations: evm.right.rule.confirmations });
  }

  finalityOf(chain: string): E.Either<DomainError, FinalityRule> {
    return E.map((evm: EvmChain) => evm.rule)(this.chain(chain));
  }

  explorerLink(chain: string, txId: string): E.Either<DomainError, string> {
    return E.map((info: Parameters<typeof explorerTransactionUrl>[0]) => explorerTransactionUrl(info, txId))(
      resolveChain(chain, this.options.environment),
    );
  }

  findIncomingTransfer(chain: string, txId: string): Promise<E.Either<DomainError, IncomingTransfer>> {
    const evm = this.chain(chain);
    return E.isLeft(evm) ? Promise.resolve(evm) : evmIncomingTransfer(evm.right, txId);
  }

  async buildDepositTransaction(
    request: DepositTransactionRequest,
  ): Promise<E.Either<DomainError, UnsignedDepositTransaction>> {
    const chain = this.chain(request.chain);
    if (E.isLeft(chain)) return chain;
    const transfer = checkEvmTransfer(
      chain.right.info,
      { ...request, from: request.payer, to: request.depositAddress },
      { from: 'payer', to: 'depositAddress' },
    );
    return E.isLeft(transfer) ? transfer : buildEvmDeposit(chain.right, transfer.right);
  }

  async broadcastSignedTransaction(
    request: SignedTransactionRequest,
  ): Promise<E.Either<DomainError, { readonly txId: string }>> {
    const chain = this.chain(request.chain);
    if (E.isLeft(chain)) return chain;
    try {
      return E.right({
        txId: await chain.right.client.sendRawTransaction({ serializedTransaction: request.signedTransaction as Hex }),
      });
    } catch (error) {
      const rejection = transferRejectionOf(error);
      return E.left(
        rejection
          ? domainError(
              'unprocessable',
              'transaction_rejected',
              `the node rejected the transaction: ${rejection.message}`,
              { reason: rejection.reason },
            )
          : nodeFailure(request.chain, error),
      );
    }
  }

  /** Staging only, on a node whose faucet key holds the stablecoin and gas. */
  async fund(request: FaucetRequest): Promise<E.Either<DomainError, FaucetResult>> {
    const chain = this.chain(request.chain);
    if (E.isLeft(chain)) return chain;
    const { faucet } = chain.right;
    const grant = checkFaucetRequest(chain.right.info, request, this.options.environment, faucet?.stablecoinAddress);
    if (E.isLeft(grant)) return grant;
    if (!faucet) return E.left(faucetNotConfigured(request.chain));
    const account = privateKeyToAccount(faucet.secretKey);
    const send = async (token: ChainToken, units: bigint) => {
      const sent = await this.send(chain.right, account, {
        from: account.address,
        to: grant.right.address,
        token,
        units,
        memo: undefined,
      });
      if (E.isLeft(sent)) return sent;
      return sent.right.outcome === 'submitted'
        ? E.right(sent.right.txId)
        : E.left(faucetUnavailable(request.chain, sent.right.error.message));
    };
    return faucetTopUp(chain.right, grant.right, send, (address, token) => evmUnitsOf(chain.right, address, token));
  }

  async estimateFee(request: FeeEstimateRequest): Promise<E.Either<DomainError, FeeEstimate>> {
    const chain = this.chain(request.chain);
    if (E.isLeft(chain)) return chain;
    const transfer = checkEvmTransfer(
      chain.right.info,
      { ...request, to: request.recipient },
      { from: 'from', to: 'recipient', allowZero: true },
    );
    return E.isLeft(transfer) ? transfer : estimateEvmFee(chain.right, transfer.right);
  }
}
