import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import { findChain } from '@paykit/wallets';
import type { Environment } from '../environment.js';
import type { ChainGateway } from './chain-gateway.js';
import { chainNotConfigured, chainNotSupported } from './chain-errors.js';
import { incomingTransferFeedOf, type IncomingTransferFeed } from './incoming-transfer-feed.js';

export type ChainAdapterName =
  'sandbox' | 'evm-json-rpc' | 'solana-json-rpc' | 'stellar-horizon' | 'aptos-node' | 'sui-json-rpc';

/** Sends each call to the adapter serving its chain (the incoming-transfer feed too). */
export class RoutingChainGateway implements ChainGateway, IncomingTransferFeed {
  constructor(
    private readonly environment: Environment,
    private readonly routes: ReadonlyMap<string, { readonly name: ChainAdapterName; readonly gateway: ChainGateway }>,
  ) {}

  /** Which adapter serves a chain, if any (for start-up logs and health checks). */
  adapterOf(chain: string): ChainAdapterName | undefined {
    return this.routes.get(chain)?.name;
  }

  private route(chain: string): E.Either<DomainError, ChainGateway> {
    const route = this.routes.get(chain);
    if (route) return E.right(route.gateway);
    return E.left(
      findChain(chain, this.environment) ? chainNotConfigured(chain) : chainNotSupported(chain, this.environment),
    );
  }

  private async call<A>(
    chain: string,
    work: (gateway: ChainGateway) => Promise<E.Either<DomainError, A>>,
  ): Promise<E.Either<DomainError, A>> {
    const gateway = this.route(chain);
    return E.isLeft(gateway) ? gateway : work(gateway.right);
  }

  getBalance: ChainGateway['getBalance'] = (request) =>
    this.call(request.chain, (gateway) => gateway.getBalance(request));
  submitTransfer: ChainGateway['submitTransfer'] = (request) =>
    this.call(request.chain, (gateway) => gateway.submitTransfer(request));
  getTransactionStatus: ChainGateway['getTransactionStatus'] = (chain, txId) =>
    this.call(chain, (gateway) => gateway.getTransactionStatus(chain, txId));
  findIncomingTransfer: ChainGateway['findIncomingTransfer'] = (chain, txId) =>
    this.call(chain, (gateway) => gateway.findIncomingTransfer(chain, txId));
  buildDepositTransaction: ChainGateway['buildDepositTransaction'] = (request) =>
    this.call(request.chain, (gateway) => gateway.buildDepositTransaction(request));
  broadcastSignedTransaction: ChainGateway['broadcastSignedTransaction'] = (request) =>
    this.call(request.chain, (gateway) => gateway.broadcastSignedTransaction(request));
  fund: ChainGateway['fund'] = (request) => this.call(request.chain, (gateway) => gateway.fund(request));
  estimateFee: ChainGateway['estimateFee'] = (request) =>
    this.call(request.chain, (gateway) => gateway.estimateFee(request));
  transfersInto: IncomingTransferFeed['transfersInto'] = (request) =>
    this.call(request.chain, (gateway) => incomingTransferFeedOf(gateway).transfersInto(request));

  finalityOf: ChainGateway['finalityOf'] = (chain) =>
    E.chain((gateway: ChainGateway) => gateway.finalityOf(chain))(this.route(chain));
  explorerLink: ChainGateway['explorerLink'] = (chain, txId) =>
    E.chain((gateway: ChainGateway) => gateway.explorerLink(chain, txId))(this.route(chain));
}
