import * as E from 'fp-ts/lib/Either.js';
import { Account, AccountAddress, Ed25519PrivateKey, type Ed25519Account } from '@aptos-labs/ts-sdk';
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
import { connectAptosChain, type AptosChain, type AptosChainEndpoint } from './aptos-chain.js';
import { aptosTransferErrorOf } from './aptos-errors.js';
import { askNode, aptosDecimalsOf, aptosUnitsOf } from './aptos-reads.js';
import { aptosIncomingTransfer } from './aptos-incoming.js';
import { aptosTransactionStatus } from './aptos-status.js';
import {
  InFlightTransactions,
  aptosTermsOf,
  broadcastAptos,
  sendableAptosTransaction,
  signedAptosBytesOf,
  simulateAptos,
  submitAptos,
} from './aptos-submission.js';
import { signAptosTransaction, type AptosMovement } from './aptos-transfer.js';

export interface AptosNodeGatewayOptions {
  readonly environment: Environment;
  readonly clock: Clock;
  readonly chains: readonly AptosChainEndpoint[];
}

/**
 * Aptos through a fullnode's REST API (@aptos-labs/ts-sdk): APT and fungible assets from keys
 * the service holds (MPC wallets: Aptos has no smart wallets here), built and signed locally,
 * simulated, then submitted as BCS.
 */
export class AptosNodeGateway extends NodeChainGateway<AptosChain> implements ChainGateway {
  private readonly submissions = new IdempotentSubmissions();
  /** Expiration (ledger seconds) of each transaction sent, to tell an expired one from a slow one. */
  private readonly expirations = new Map<string, bigint>();
  private readonly inFlight = new InFlightTransactions();

  constructor(private readonly options: AptosNodeGatewayOptions) {
    super(options, connectNodeChains(options.environment, 'aptos', options.chains, connectAptosChain));
  }

  async getBalance(request: BalanceRequest): Promise<E.Either<DomainError, ChainBalance>> {
    const chain = this.chain(request.chain);
    if (E.isLeft(chain)) return chain;
    const address = checkAddress(chain.right.info, 'address', request.address);
    if (E.isLeft(address)) return address;
    const token = checkTokenAddress(chain.right.info, request.token);
    if (E.isLeft(token)) return token;
    const decimals = await aptosDecimalsOf(chain.right, token.right);
    if (E.isLeft(decimals)) return decimals;
    const units = await aptosUnitsOf(chain.right, address.right, token.right);
    if (E.isLeft(units)) return units;
    return E.right({
      chain: chain.right.info.name,
      address: address.right,
      token: token.right,
      baseUnits: units.right.toString(),
      decimals: decimals.right,
    });
  }

  submitTransfer(request: SubmitTransferRequest): Promise<E.Either<DomainError, SubmitTransferResult>> {
    return this.submissions.submit(request, () => this.submit(request));
  }

  private signerOf(request: SubmitTransferRequest, from: string): E.Either<DomainError, Ed25519Account> {
    const { authority } = request;
    if (authority.kind === 'smart-account')
      return E.left(
        authorityNotSupported(
          request.chain,
          'Aptos wallets are MPC wallets; the Aptos node adapter sends from keys the service holds',
        ),
      );
    if (authority.curve !== 'ed25519' || authority.secretKey.length !== 32)
      return E.left(signerMismatch(request.chain));
    const signer = Account.fromPrivateKey({ privateKey: new Ed25519PrivateKey(authority.secretKey, false) });
    return signer.accountAddress.toStringLong() === from ? E.right(signer) : E.left(signerMismatch(request.chain));
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
    const signer = this.signerOf(request, transfer.right.from);
    if (E.isLeft(signer)) return signer;
    const aptos = chain.right;
    const movement = movementOf(transfer.right);
    return E.flatten(
      await askNode(aptos, async (): Promise<E.Either<DomainError, SubmitTransferResult>> => {
        const terms = await aptosTermsOf(aptos, transfer.right.from, this.inFlight);
        const simulated = await simulateAptos(aptos, movement, terms, signer.right.publicKey);
        if (!simulated.success)
          return E.right({ outcome: 'rejected', error: aptosTransferErrorOf(simulated.vm_status) });
        const signed = signAptosTransaction(signer.right, sendableAptosTransaction(movement, terms, simulated));
        const submitted = await submitAptos(aptos, signed);
        if (E.isLeft(submitted)) return E.right({ outcome: 'rejected', error: submitted.left });
        // Taken or unanswered alike: its status decides (found, or expired), never a second transaction.
        this.expirations.set(signed.hash, terms.expirationSecs);
        this.inFlight.record(aptos.info.name, terms.sender, terms);
        return E.right(this.submittedAs(aptos, signed.hash));
      }),
    );
  }

  getTransactionStatus(chain: string, txId: string): Promise<E.Either<DomainError, TransactionStatus>> {
    return this.onChain(chain, (aptos) => aptosTransactionStatus(aptos, txId, this.options.clock, this.expirations));
  }

  findIncomingTransfer(chain: string, txId: string): Promise<E.Either<DomainError, IncomingTransfer>> {
    return this.onChain(chain, (aptos) => aptosIncomingTransfer(aptos, txId));
  }

  /**
   * A payer's signed transaction: hex of its BCS `SignedTransaction`, read back with the SDK and
   * submitted as is; a transaction the node refuses is `invalid_transaction` with its message.
   */
  async broadcastSignedTransaction(
    request: SignedTransactionRequest,
  ): Promise<E.Either<DomainError, { readonly txId: string }>> {
    const chain = this.chain(request.chain);
    if (E.isLeft(chain)) return chain;
    const bytes = signedAptosBytesOf(request.signedTransaction);
    if (E.isLeft(bytes)) return bytes;
    const aptos = chain.right;
    return E.flatten(await askNode(aptos, () => broadcastAptos(aptos, bytes.right)));
  }

  /** `gas_used` of a simulation without a key (the node's NoAccountAuthenticator) × `/estimate_gas_price`. */
  async estimateFee(request: FeeEstimateRequest): Promise<E.Either<DomainError, FeeEstimate>> {
    const chain = this.chain(request.chain);
    if (E.isLeft(chain)) return chain;
    const transfer = checkTransfer(
      chain.right.info,
      { ...request, to: request.recipient },
      { from: 'from', to: 'recipient', allowZero: true },
    );
    if (E.isLeft(transfer)) return transfer;
    const aptos = chain.right;
    return askNode(aptos, async () => {
      const terms = await aptosTermsOf(aptos, transfer.right.from, this.inFlight);
      const simulated = await simulateAptos(aptos, movementOf(transfer.right), terms);
      return nativeFeeOf(aptos.info, BigInt(simulated.gas_used) * terms.gasUnitPrice);
    });
  }
}

const movementOf = (transfer: CheckedEvmTransfer): AptosMovement => ({
  recipient: AccountAddress.from(transfer.to).toStringLong(),
  token: transfer.token,
  units: transfer.units,
});
