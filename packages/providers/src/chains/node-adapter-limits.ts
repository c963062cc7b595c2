import * as E from 'fp-ts/lib/Either.js';
import { domainError, type DomainError } from '@paykit/kernel';
import { explorerTransactionUrl, type ChainInfo } from '@paykit/wallets';
import type { Environment } from '../environment.js';
import type { FaucetRequest, FaucetResult } from './chain-gateway.js';
import { faucetNotConfigured } from './chain-errors.js';
import { resolveChain } from './chain-request.js';
import { checkFaucetRequest } from './faucet-rules.js';

// What the node adapters of the non-EVM chains (Solana, Aptos, Stellar, Sui) share and do not serve yet (ADR 0930-0933).

/** An operation of the port a chain's node adapter does not serve yet: unprocessable, the sandbox's format stands. */
export const notOnNodeAdapter = (chain: string, what: string): DomainError =>
  domainError(
    'unprocessable',
    'chain_operation_not_supported',
    `${what} on ${chain} is not served by its node adapter yet`,
    {
      chain,
    },
  );

/** The sandbox's faucet rules (refused in production); a node adapter has no faucet key, so staging answers `faucet_not_configured`. */
export const nodeFaucetRefusal = (
  chain: ChainInfo,
  request: FaucetRequest,
  environment: Environment,
): E.Either<DomainError, FaucetResult> => {
  const grant = checkFaucetRequest(chain, request, environment);
  return E.isLeft(grant) ? grant : E.left(faucetNotConfigured(request.chain));
};

/** The registry's explorer URL of a transaction on a chain of the environment. */
export const explorerLinkIn = (environment: Environment, chain: string, txId: string): E.Either<DomainError, string> =>
  E.map((info: ChainInfo) => explorerTransactionUrl(info, txId))(resolveChain(chain, environment));
