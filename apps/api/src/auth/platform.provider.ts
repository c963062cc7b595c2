import type { Provider } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import type { Clock, IdGenerator } from '@paykit/kernel';
import { Platform, SecretBox } from '@paykit/platform';
import { AppSecrets } from '../infrastructure/secrets/app-secrets.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, ID_GENERATOR } from '../infrastructure/tokens.js';
import { authSettingsOf } from './auth-settings.js';

/** The platform's application services (projects, API keys), shared with the admin CLI. */
export const PLATFORM = Symbol('Platform');
export const AUTH_SETTINGS = Symbol('AuthSettings');

export const platformProviders: Provider[] = [
  {
    provide: AUTH_SETTINGS,
    useFactory: authSettingsOf,
    inject: [APP_CONFIG],
  },
  {
    provide: PLATFORM,
    // The platform seals with the secrets key itself, read when first needed.
    useFactory: (secrets: AppSecrets, store: EventStore, clock: Clock, ids: IdGenerator) =>
      new Platform({ store, clock, ids, secrets: new SecretBox(() => secrets.rootKey()) }),
    inject: [AppSecrets, EVENT_STORE, CLOCK, ID_GENERATOR],
  },
];
