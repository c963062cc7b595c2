export { createApp, type CreateAppOptions, type RunningApp } from './app.js';
export { type AppConfig, ConfigError, loadConfig } from './config/config.js';
export { APP_CONFIG, CLOCK, EVENT_STORE, ID_GENERATOR, PROJECTION_RUNNER } from './infrastructure/tokens.js';
export { PLATFORM } from './auth/platform.provider.js';
export { READ_MODEL_DATABASE } from './infrastructure/tokens.js';
export {
  type OrderListStatements,
  prepareOrderListStatements,
  writeOrder,
} from './orders/list/orders-list.projection.js';
