export { createApp, type CreateAppOptions, type RunningApp } from './app.js';
export { type AppConfig, ConfigError, loadConfig } from './config/config.js';
export { APP_CONFIG, CLOCK, EVENT_STORE, ID_GENERATOR, PROJECTION_RUNNER } from './infrastructure/tokens.js';
export { PLATFORM } from './auth/platform.provider.js';
