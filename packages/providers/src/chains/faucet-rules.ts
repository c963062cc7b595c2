import * as E from 'fp-ts/lib/Either.js';
import {
  Decimal,
  formatDecimal,
  fromBaseUnits,
  invalid,
  parseDecimal,
  toBaseUnits,
  type DomainError,
} from '@paykit/kernel';
import { STAGING_STABLECOIN, findTokenByCurrency, type ChainInfo, type ChainType } from '@paykit/wallets';
import type { Environment } from '../environment.js';
import type { ChainToken, FaucetRequest } from './chain-gateway.js';
import { faucetNotAvailable, tokenNotSupportedOnChain } from './chain-errors.js';
import { checkAddress } from './chain-request.js';

/** The stablecoin faucet's bounds (COMPAT.md "Staging faucet"), in whole tokens. */
export const FAUCET_STABLECOIN_MIN = 1;
export const FAUCET_STABLECOIN_MAX = 100;

/**
 * Gas the faucet leaves in a wallet it funds with the stablecoin, so a self-paying (MPC) wallet
 * can move it: 0.01 ETH/POL, 0.05 SOL, 0.1 APT, 0.1 SUI, 10 XLM. A native-only request may ask
 * for up to ten times that.
 */
const GAS_DRIP: Readonly<Record<ChainType, bigint>> = {
  evm: 10n ** 16n,
  solana: 5n * 10n ** 7n,
  aptos: 10n ** 7n,
  sui: 10n ** 8n,
  stellar: 10n ** 8n,
};

export const faucetGasDripOf = (chain: ChainInfo): bigint => GAS_DRIP[chain.chainType];

export interface FaucetGrant {
  readonly address: string;
  readonly token: ChainToken;
  readonly decimals: number;
  readonly baseUnits: bigint;
  /** Whether the wallet should also get gas (stablecoin grants do). */
  readonly withGas: boolean;
  readonly format: (units: bigint) => string;
}

interface FaucetToken {
  readonly token: ChainToken;
  readonly decimals: number;
  readonly min: bigint;
  readonly max: bigint;
}

const faucetTokenOf = (
  chain: ChainInfo,
  token: string,
  stablecoinAddress?: string,
): E.Either<DomainError, FaucetToken> => {
  if (token === 'native' || token === chain.nativeCurrency.symbol) {
    return E.right({
      token: { native: true },
      decimals: chain.nativeCurrency.decimals,
      min: 1n,
      max: GAS_DRIP[chain.chainType] * 10n,
    });
  }
  const stablecoin = findTokenByCurrency(chain, token);
  if (!stablecoin || stablecoin.symbol !== STAGING_STABLECOIN || !stablecoin.address)
    return E.left(tokenNotSupportedOnChain(chain.name, token));
  const whole = (value: number) => toBaseUnits(new Decimal(value), stablecoin.decimals);
  return E.right({
    token: { native: false, address: stablecoinAddress ?? stablecoin.address },
    decimals: stablecoin.decimals,
    min: whole(FAUCET_STABLECOIN_MIN),
    max: whole(FAUCET_STABLECOIN_MAX),
  });
};

const formatUnits = (decimals: number) => (units: bigint) => formatDecimal(fromBaseUnits(units, decimals));

/**
 * The staging faucet's rules, for every adapter: `usdxm` (or its staging alias `usdc`) from 1 to
 * 100 per request and chain, with gas; or native gas alone, up to ten drips. Never in production.
 */
export const checkFaucetRequest = (
  chain: ChainInfo,
  request: FaucetRequest,
  environment: Environment,
  stablecoinAddress?: string,
): E.Either<DomainError, FaucetGrant> => {
  if (environment === 'production') return E.left(faucetNotAvailable(environment));
  const address = checkAddress(chain, 'address', request.address);
  if (E.isLeft(address)) return address;
  const faucetToken = faucetTokenOf(chain, request.token, stablecoinAddress);
  if (E.isLeft(faucetToken)) return faucetToken;
  const { token, decimals, min, max } = faucetToken.right;
  const format = formatUnits(decimals);
  const amount = parseDecimal(request.amount);
  const units = amount && amount.decimalPlaces() <= decimals ? toBaseUnits(amount, decimals) : -1n;
  if (units < min || units > max) {
    return E.left(
      invalid(
        'invalid_amount',
        `amount: the faucet gives ${format(min)} to ${format(max)} of this token on ${chain.name}, with at most ${decimals} decimals`,
      ),
    );
  }
  return E.right({ address: address.right, token, decimals, baseUnits: units, withGas: !token.native, format });
};
