import * as E from 'fp-ts/lib/Either.js';
import type { Address } from '@solana/kit';
import { getMintDecoder, getTokenDecoder } from '@solana-program/token';
import type { DomainError } from '@paykit/kernel';
import { findTokenByAddress } from '@paykit/wallets';
import type { ChainToken } from '../chain-gateway.js';
import type { SolanaChain } from './solana-chain.js';
import { MalformedSolanaAnswer, solanaNodeFailure } from './solana-errors.js';
import { associatedTokenAccountOf } from './solana-transfer.js';

/** One node call with the chain's timeout; a failure is the node's fault (ADR 0930). */
export const askNode = async <A>(
  chain: SolanaChain,
  call: (abortSignal: AbortSignal) => Promise<A>,
): Promise<E.Either<DomainError, A>> => {
  try {
    return E.right(await call(AbortSignal.timeout(chain.timeoutMs)));
  } catch (error) {
    return E.left(solanaNodeFailure(chain.info.name, error));
  }
};

/** Throws `MalformedSolanaAnswer` (so `chain_invalid_response`) unless the value is a bigint. */
export const expectBigint = (value: unknown, what: string): bigint => {
  if (typeof value !== 'bigint') throw new MalformedSolanaAnswer(`${what} is not an integer`);
  return value;
};

const accountData = async (chain: SolanaChain, account: Address, abortSignal: AbortSignal) => {
  const answer = await chain.rpc.getAccountInfo(account, { encoding: 'base64' }).send({ abortSignal });
  if (typeof answer !== 'object' || answer === null || !('value' in answer))
    throw new MalformedSolanaAnswer('getAccountInfo answered no value');
  if (answer.value === null) return undefined;
  const data = answer.value.data;
  if (!Array.isArray(data) || typeof data[0] !== 'string')
    throw new MalformedSolanaAnswer('account data is not base64');
  return Buffer.from(data[0], 'base64');
};

/** The registry's decimals, else the mint account's. */
export const solanaDecimalsOf = (chain: SolanaChain, token: ChainToken): Promise<E.Either<DomainError, number>> => {
  if (token.native) return Promise.resolve(E.right(chain.info.nativeCurrency.decimals));
  const known = findTokenByAddress(chain.info, token.address);
  if (known) return Promise.resolve(E.right(known.decimals));
  return askNode(chain, async (abortSignal) => {
    const data = await accountData(chain, token.address as Address, abortSignal);
    if (!data) throw new MalformedSolanaAnswer(`${token.address} is not a mint`);
    return getMintDecoder().decode(data).decimals;
  });
};

/** Lamports, or the owner's associated token account balance (none yet: 0). */
export const solanaUnitsOf = (
  chain: SolanaChain,
  owner: Address,
  token: ChainToken,
): Promise<E.Either<DomainError, bigint>> =>
  askNode(chain, async (abortSignal) => {
    if (token.native) {
      const answer = await chain.rpc.getBalance(owner).send({ abortSignal });
      return expectBigint((answer as { value?: unknown } | null)?.value, 'getBalance value');
    }
    const data = await accountData(chain, await associatedTokenAccountOf(owner, token.address as Address), abortSignal);
    return data ? getTokenDecoder().decode(data).amount : 0n;
  });
