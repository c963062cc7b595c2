import { Asset, Networks } from '@stellar/stellar-sdk';
import { tokensOf, type ChainInfo } from '@paykit/wallets';
import type { FinalityRule } from '../chain-gateway.js';
import { networkFinalityOf } from '../finality.js';
import { HorizonClient } from './horizon-client.js';

export interface StellarChainEndpoint {
  readonly chain: string;
  /** The Horizon server's URL (https in production). */
  readonly url: string;
  /** A call Horizon has not answered in this long is `chain_unavailable` (default 10 s). */
  readonly timeoutMs?: number;
  /**
   * `CODE:ISSUER`: the classic asset the registry's stablecoin is on this network. Production
   * knows Circle's USDC and checks that its Stellar Asset Contract is the registry's address;
   * staging's `usdxm` exists only on the sandbox ledger, so a staging Horizon serves the
   * stablecoin only when this names a testnet asset for it.
   */
  readonly stablecoinAsset?: string;
}

export interface StellarChain {
  readonly info: ChainInfo;
  readonly horizon: HorizonClient;
  readonly timeoutMs: number;
  readonly networkPassphrase: string;
  /** Ledger-included is final (SCP): one ledger. */
  readonly rule: FinalityRule;
  /** Classic assets by the registry's token address (their Stellar Asset Contract id). */
  readonly assets: ReadonlyMap<string, { readonly asset: Asset; readonly decimals: number }>;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** Circle's USDC on the public network, whose Stellar Asset Contract is the registry's production address. */
const KNOWN_STABLECOIN_ASSETS: Readonly<Record<string, string>> = {
  production: 'USDC:GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN',
};

/** Stellar's amounts have 7 decimals for every asset (one stroop is 10^-7). */
export const STELLAR_AMOUNT_DECIMALS = 7;

const parseAsset = (text: string): Asset => {
  const [code, issuer, ...rest] = text.split(':');
  if (!code || !issuer || rest.length > 0) throw new Error(`"${text}" is not CODE:ISSUER`);
  return new Asset(code, issuer);
};

const assetsOf = (info: ChainInfo, passphrase: string, configured: string | undefined) => {
  const assets = new Map<string, { asset: Asset; decimals: number }>();
  const stablecoin = tokensOf(info).find((token) => !token.native);
  const named = configured ?? KNOWN_STABLECOIN_ASSETS[info.environment];
  if (!stablecoin?.address || !named) return assets;
  const asset = parseAsset(named);
  if (info.environment === 'production' && asset.contractId(passphrase) !== stablecoin.address)
    throw new Error(`${named} is not the registry's ${stablecoin.symbol} (${stablecoin.address}) on ${info.name}`);
  if (stablecoin.decimals > STELLAR_AMOUNT_DECIMALS)
    throw new Error(`${stablecoin.symbol} has more decimals than a Stellar amount`);
  assets.set(stablecoin.address, { asset, decimals: stablecoin.decimals });
  return assets;
};

/** The public network in production, the test network in staging. */
export const networkPassphraseOf = (info: ChainInfo): string =>
  info.environment === 'production' ? Networks.PUBLIC : Networks.TESTNET;

export const connectStellarChain = (info: ChainInfo, endpoint: StellarChainEndpoint): StellarChain => {
  const networkPassphrase = networkPassphraseOf(info);
  return {
    info,
    horizon: new HorizonClient(endpoint.url),
    timeoutMs: endpoint.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    networkPassphrase,
    rule: networkFinalityOf(info),
    assets: assetsOf(info, networkPassphrase, endpoint.stablecoinAsset),
  };
};
