import { Inject, Injectable } from '@nestjs/common';
import type { TokenClass } from '@paykit/contracts';
import { getOrThrow } from '@paykit/kernel';
import type { PricingPort } from '@paykit/providers';
import { type Environment, resolveTokenLocator, tokensOfEnvironment } from '@paykit/wallets';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../infrastructure/tokens.js';
import { MEMECOINS } from './memecoins.js';
import { PRICING } from './pricing.provider.js';

export interface CatalogueEntry {
  /** Canonical token locator: `chain:symbol` for known tokens, `chain:address` otherwise. */
  readonly token: string;
  readonly chain: string;
  readonly classes: readonly TokenClass[];
  readonly available: boolean;
  readonly creditCardPayment: boolean;
}

const FIAT = new Set(['usd', 'eur', 'gbp']);

interface Listed {
  readonly token: string;
  readonly chain: string;
  readonly classes: readonly TokenClass[];
}

/** Every token of the registry (natives and the stablecoin of each chain) and the memecoins, per environment. */
const listedTokens = (environment: Environment): Listed[] => [
  ...tokensOfEnvironment(environment).map((token) => ({
    token: `${token.chain}:${token.symbol}`,
    chain: token.chain,
    classes: [token.native ? ('native' as const) : ('stablecoin' as const)],
  })),
  ...MEMECOINS[environment].map((text) => {
    const resolved = getOrThrow(resolveTokenLocator(text, environment));
    return { token: resolved.locator, chain: resolved.chain.name, classes: ['memecoin' as const] };
  }),
];

/**
 * The supported-tokens catalogue of the deployment's environment (test networks in staging,
 * main networks in production): the wallets' token registry, classed, with what the pricing
 * source can sell. A token the pricing source sells for fiat is in the `onramp` class, is
 * `available`, and has `creditCardPayment` (cards are how fiat pays). Ordered by token.
 */
@Injectable()
export class TokenCatalogue {
  private readonly listed: readonly Listed[];

  constructor(
    @Inject(PRICING) private readonly pricing: PricingPort,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.listed = listedTokens(config.APP_ENV).sort((a, b) => (a.token < b.token ? -1 : a.token > b.token ? 1 : 0));
  }

  async entries(): Promise<CatalogueEntry[]> {
    const items = getOrThrow(await this.pricing.supportedItems());
    const byCard = new Set(
      items.filter((item) => item.currencies.some((currency) => FIAT.has(currency))).map((item) => item.itemLocator),
    );
    const priced = new Set(items.map((item) => item.itemLocator));
    return this.listed.map((entry) => ({
      ...entry,
      classes: byCard.has(entry.token) ? [...entry.classes, 'onramp'] : entry.classes,
      available: priced.has(entry.token),
      creditCardPayment: byCard.has(entry.token),
    }));
  }
}
