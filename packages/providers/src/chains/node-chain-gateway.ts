import * as E from 'fp-ts/lib/Either.js';
import { domainError, type Clock, type DomainError } from '@paykit/kernel';
import { explorerTransactionUrl, type ChainInfo } from '@paykit/wallets';
import type { Environment } from '../environment.js';
import type {
  DepositTransactionRequest,
  FaucetRequest,
  FaucetResult,
  FinalityRule,
  SubmitTransferResult,
  UnsignedDepositTransaction,
} from './chain-gateway.js';
import { configuredChain, resolveChain } from './chain-request.js';
import { faucetNotConfigured } from './chain-errors.js';
import { checkFaucetRequest } from './faucet-rules.js';

/** An operation of the port a chain's node adapter does not serve yet: unprocessable, the sandbox's format stands. */
const notOnNodeAdapter = (chain: string, what: string): DomainError =>
  domainError(
    'unprocessable',
    'chain_operation_not_supported',
    `${what} on ${chain} is not served by its node adapter yet`,
    {
      chain,
    },
  );

/** The sandbox's faucet rules (refused in production); a node adapter has no faucet key, so staging answers `faucet_not_configured`. */
const nodeFaucetRefusal = (
  chain: ChainInfo,
  request: FaucetRequest,
  environment: Environment,
): E.Either<DomainError, FaucetResult> => {
  const grant = checkFaucetRequest(chain, request, environment);
  return E.isLeft(grant) ? grant : E.left(faucetNotConfigured(request.chain));
};

/** The registry's explorer URL of a transaction on a chain of the environment. */
const explorerLinkIn = (environment: Environment, chain: string, txId: string): E.Either<DomainError, string> =>
  E.map((info: ChainInfo) => explorerTransactionUrl(info, txId))(resolveChain(chain, environment));

/** A chain a node adapter is connected to: what the registry says of it and when its transactions are final. */
export interface NodeChain {
  readonly info: ChainInfo;
  readonly rule: FinalityRule;
}

/**
 * What the node adapters of the non-EVM chains (Solana, Aptos, Stellar, Sui) answer alike: their
 * chains by name, finality, explorer links, and the operations they do not serve (ADR 0930-0933).
 */
export abstract class NodeChainGateway<C extends NodeChain> {
  private readonly environmentOfChains: Environment;
  private readonly clockOfChains: Clock;

  protected constructor(
    { environment, clock }: { readonly environment: Environment; readonly clock: Clock },
    private readonly chains: ReadonlyMap<string, C>,
  ) {
    this.environmentOfChains = environment;
    this.clockOfChains = clock;
  }

  protected chain(name: string): E.Either<DomainError, C> {
    return configuredChain(this.chains, name, this.environmentOfChains);
  }

  /** Reads a configured chain with `read`; a chain this adapter does not serve answers as `chain` says. */
  protected onChain<T>(name: string, read: (chain: C) => Promise<E.Either<DomainError, T>>) {
    const chain = this.chain(name);
    return E.isLeft(chain) ? Promise.resolve(chain) : read(chain.right);
  }

  /** A transaction handed to the network now, under its id, with the registry's explorer link. */
  protected submittedAs(chain: C, txId: string): Extract<SubmitTransferResult, { outcome: 'submitted' }> {
    return {
      outcome: 'submitted',
      txId,
      explorerLink: explorerTransactionUrl(chain.info, txId),
      submittedAt: this.clockOfChains.now().toISOString(),
    };
  }

  finalityOf(chain: string): E.Either<DomainError, FinalityRule> {
    return E.map((connected: C) => connected.rule)(this.chain(chain));
  }

  explorerLink(chain: string, txId: string): E.Either<DomainError, string> {
    return explorerLinkIn(this.environmentOfChains, chain, txId);
  }

  /** Not built for node adapters yet: the deposit transaction format is the sandbox's. */
  buildDepositTransaction(
    request: DepositTransactionRequest,
  ): Promise<E.Either<DomainError, UnsignedDepositTransaction>> {
    return Promise.resolve(
      E.chain(() =>
        E.left<DomainError, UnsignedDepositTransaction>(notOnNodeAdapter(request.chain, 'deposit transactions')),
      )(this.chain(request.chain)),
    );
  }

  /** The sandbox's faucet rules; a node adapter holds no faucet key, so staging answers `faucet_not_configured`. */
  fund(request: FaucetRequest): Promise<E.Either<DomainError, FaucetResult>> {
    return Promise.resolve(
      E.chain((connected: C) => nodeFaucetRefusal(connected.info, request, this.environmentOfChains))(
        this.chain(request.chain),
      ),
    );
  }
}
