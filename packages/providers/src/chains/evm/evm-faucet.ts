import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import type { ChainToken, FaucetResult } from '../chain-gateway.js';
import { faucetGasDripOf, type FaucetGrant } from '../faucet-rules.js';
import type { EvmChain } from './evm-chain.js';

type Send = (token: ChainToken, units: bigint) => Promise<E.Either<DomainError, string>>;
type UnitsOf = (address: string, token: ChainToken) => Promise<E.Either<DomainError, bigint>>;

/**
 * Sends the grant from the faucet key, then gas up to the drip for a stablecoin grant. The
 * balance is read right after broadcasting: on a node that mines on submission (a dev node) it
 * includes the grant; on a public testnet it may not yet.
 */
export const faucetTopUp = async (
  chain: EvmChain,
  grant: FaucetGrant,
  send: Send,
  unitsOf: UnitsOf,
): Promise<E.Either<DomainError, FaucetResult>> => {
  const granted = await send(grant.token, grant.baseUnits);
  if (E.isLeft(granted)) return granted;
  const txIds = [granted.right];
  if (grant.withGas) {
    const gas = await unitsOf(grant.address, { native: true });
    if (E.isLeft(gas)) return gas;
    const missing = faucetGasDripOf(chain.info) - gas.right;
    if (missing > 0n) {
      const topUp = await send({ native: true }, missing);
      if (E.isLeft(topUp)) return topUp;
      txIds.push(topUp.right);
    }
  }
  const units = await unitsOf(grant.address, grant.token);
  if (E.isLeft(units)) return units;
  return E.right({
    chain: chain.info.name,
    txIds,
    balance: {
      chain: chain.info.name,
      address: grant.address,
      token: grant.token,
      baseUnits: units.right.toString(),
      decimals: grant.decimals,
      amount: grant.format(units.right),
    },
  });
};
