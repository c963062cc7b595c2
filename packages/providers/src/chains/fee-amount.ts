import { formatDecimal, fromBaseUnits } from '@paykit/kernel';
import type { ChainInfo } from '@paykit/wallets';
import type { FeeEstimate } from './chain-gateway.js';
import { nativeTokenLocator } from './chain-request.js';

/** A fee in the chain's gas token, as a locator, a decimal and base units. */
export const nativeFeeOf = (chain: ChainInfo, baseUnits: bigint): FeeEstimate => ({
  token: nativeTokenLocator(chain),
  amount: formatDecimal(fromBaseUnits(baseUnits, chain.nativeCurrency.decimals)),
  baseUnits: baseUnits.toString(),
});
