import type { Provider } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import type { Clock, IdGenerator } from '@paykit/kernel';
import {
  SandboxCardIssuer,
  StripeAuthorizationRequests,
  StripeCardIssuer,
  createStripeClient,
} from '@paykit/providers';
import { cardIssuerSettingsOf } from '../config/card-issuer-config.js';
import type { AppConfig } from '../config/config.js';
import { AppSecrets } from '../infrastructure/secrets/app-secrets.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, ID_GENERATOR } from '../infrastructure/tokens.js';
import { sandboxProviderState } from '../orders/providers/sandbox-state.js';

/**
 * The card issuer of agent checkouts (CardIssuerPort and the authorization feed; the sandbox is
 * also the card network): one per process, its records in the app's event store.
 */
export const CARD_ISSUER = Symbol('CardIssuer');
/** Stripe Issuing's real-time authorization requests (POST /webhooks/stripe-issuing), or null with the sandbox. */
export const CARD_AUTHORIZATION_REQUESTS = Symbol('CardAuthorizationRequests');

interface IssuerDeps {
  readonly store: EventStore;
  readonly secrets: AppSecrets;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/**
 * The issuer CARD_ISSUER names: the sandbox (docs/adr/0226) or Stripe Issuing (docs/adr/0901). A
 * production deployment that names none was refused at start-up (createApp, card-issuer-config.ts).
 */
export const cardIssuerOf = (config: AppConfig, deps: IssuerDeps): SandboxCardIssuer | StripeCardIssuer => {
  const settings = cardIssuerSettingsOf(config);
  const state = sandboxProviderState(deps.store, deps.secrets);
  if (settings.kind === 'stripe') {
    return new StripeCardIssuer({
      stripe: createStripeClient(settings),
      clock: deps.clock,
      state,
      billing: settings.billing,
    });
  }
  return new SandboxCardIssuer({ clock: deps.clock, ids: deps.ids, state });
};

export const cardIssuerProviders: Provider[] = [
  {
    provide: CARD_ISSUER,
    useFactory: (config: AppConfig, store: EventStore, secrets: AppSecrets, clock: Clock, ids: IdGenerator) =>
      cardIssuerOf(config, { store, secrets, clock, ids }),
    inject: [APP_CONFIG, EVENT_STORE, AppSecrets, CLOCK, ID_GENERATOR],
  },
  {
    provide: CARD_AUTHORIZATION_REQUESTS,
    useFactory: (config: AppConfig, store: EventStore, secrets: AppSecrets, clock: Clock) => {
      const settings = cardIssuerSettingsOf(config);
      if (settings.kind !== 'stripe') return null;
      const state = sandboxProviderState(store, secrets);
      return new StripeAuthorizationRequests({ endpointSecret: settings.webhookSecret, clock, state });
    },
    inject: [APP_CONFIG, EVENT_STORE, AppSecrets, CLOCK],
  },
];
