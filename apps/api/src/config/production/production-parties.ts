import { type AppConfig, ConfigError } from '../config.js';
import { aptosParty } from './aptos.party.js';
import { cardIssuingParty } from './card-issuing.party.js';
import { cardsParty } from './cards.party.js';
import { chainFallbackParty } from './chain-fallback.party.js';
import { evmParty } from './evm.party.js';
import { kycParty } from './kyc.party.js';
import { payoutsParty } from './payouts.party.js';
import { pricingParty } from './pricing.party.js';
import type { ProductionParty } from './production-party.js';
import { solanaParty } from './solana.party.js';
import { stellarParty } from './stellar.party.js';
import { suiParty } from './sui.party.js';

/** Every outside party production needs its production adapter for (docs/adr/0902): one entry each. */
export const PRODUCTION_PARTIES: readonly ProductionParty[] = [
  cardsParty,
  cardIssuingParty,
  kycParty,
  payoutsParty,
  pricingParty,
  evmParty,
  solanaParty,
  aptosParty,
  suiParty,
  stellarParty,
  chainFallbackParty,
];

/** Each party's problems, named by the party; none outside production (staging keeps its sandboxes). */
export const productionProblemsOf = (
  config: AppConfig,
  parties: readonly ProductionParty[] = PRODUCTION_PARTIES,
): string[] =>
  config.APP_ENV !== 'production'
    ? []
    : parties.flatMap((party) => party.problems(config).map((problem) => `${party.name}: ${problem}`));

/**
 * A production process starts only with every party on its production adapter (issue 31 item 7);
 * otherwise it exits naming each party that is not. `createApp` itself does not ask: tests build
 * production apps on sandboxes to check production's own behaviour.
 */
export const refuseHalfConfiguredProduction = (config: AppConfig): void => {
  const problems = productionProblemsOf(config);
  if (problems.length > 0) {
    throw new ConfigError(problems, 'APP_ENV=production, and these parties are not on a production adapter');
  }
};
