import type { Provider } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import type { Clock, IdGenerator } from '@paykit/kernel';
import { SandboxCardIssuer } from '@paykit/providers';
import type { AppConfig } from '../config/config.js';
import { AppSecrets } from '../infrastructure/secrets/app-secrets.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, ID_GENERATOR } from '../infrastructure/tokens.js';
import { sandboxProviderState } from '../orders/providers/sandbox-state.js';

/**
 * The card issuer of agent checkouts (CardIssuerPort; in the sandbox also the card network and
 * the authorization feed): one per process, its cards in the app's event store.
 */
export const CARD_ISSUER = Symbol('CardIssuer');

/**
 * The issuer CARD_ISSUER names: the sandbox (docs/adr/0226), the only one built so far. A
 * production deployment that names none was refused at start-up (config.ts).
 */
export const cardIssuerOf = (
  config: Pick<AppConfig, 'CARD_ISSUER'>,
  deps: { readonly store: EventStore; readonly secrets: AppSecrets; readonly clock: Clock; readonly ids: IdGenerator },
): SandboxCardIssuer => {
  if (config.CARD_ISSUER !== 'sandbox') throw new Error('no card issuer configured (CARD_ISSUER)');
  return new SandboxCardIssuer({
    clock: deps.clock,
    ids: deps.ids,
    state: sandboxProviderState(deps.store, deps.secrets),
  });
};

export const cardIssuerProvider: Provider = {
  provide: CARD_ISSUER,
  useFactory: (config: AppConfig, store: EventStore, secrets: AppSecrets, clock: Clock, ids: IdGenerator) =>
    cardIssuerOf(config, { store, secrets, clock, ids }),
  inject: [APP_CONFIG, EVENT_STORE, AppSecrets, CLOCK, ID_GENERATOR],
};
