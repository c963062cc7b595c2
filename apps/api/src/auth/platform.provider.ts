import { randomBytes } from 'node:crypto';
import type { Provider } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import type { Clock, IdGenerator } from '@paykit/kernel';
import { Platform, SecretBox, loadSecretsKey } from '@paykit/platform';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, ID_GENERATOR } from '../infrastructure/tokens.js';
import { type AuthSettings, loadAuthSettings } from './auth-settings.js';

/** The platform's application services (projects, API keys), shared with the admin CLI. */
export const PLATFORM = Symbol('Platform');
export const AUTH_SETTINGS = Symbol('AuthSettings');

/**
 * The secrets key, read when first needed: SECRETS_KEY, else (development) the key file in
 * DATA_DIR that the CLI uses too. A store in memory keeps no secret past the process, so its
 * key lives in memory as well and no file is written.
 */
const secretsKeyOf = (config: AppConfig, settings: AuthSettings) => (): Uint8Array => {
  if (settings.SECRETS_KEY === undefined && config.EVENT_STORE === 'memory') return randomBytes(32);
  return loadSecretsKey({
    value: settings.SECRETS_KEY,
    dataDir: config.DATA_DIR,
    allowGeneratedFile: settings.mayGenerateSecretsKey,
  });
};

export const platformProviders: Provider[] = [
  {
    provide: AUTH_SETTINGS,
    // The app's configuration wins once it carries these settings; until then, the environment.
    useFactory: (config: AppConfig) => loadAuthSettings({ ...process.env, ...stringValues(config) }),
    inject: [APP_CONFIG],
  },
  {
    provide: PLATFORM,
    useFactory: (config: AppConfig, settings: AuthSettings, store: EventStore, clock: Clock, ids: IdGenerator) =>
      new Platform({ store, clock, ids, secrets: new SecretBox(secretsKeyOf(config, settings)) }),
    inject: [APP_CONFIG, AUTH_SETTINGS, EVENT_STORE, CLOCK, ID_GENERATOR],
  },
];

const stringValues = (config: AppConfig): Record<string, string> =>
  Object.fromEntries(Object.entries(config).map(([name, value]) => [name, String(value)]));
