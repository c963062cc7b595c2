import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino';
import type { AppConfig } from '../config/config.js';

/**
 * Secrets and bodies never reach the logs: credentials are censored wherever a serializer or a
 * handler might put them, and bodies are removed outright.
 */
const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body',
  'res.body',
  'body',
  'headers["x-api-key"]',
  'headers.authorization',
];

export const createLogger = (config: Pick<AppConfig, 'LOG_LEVEL'>, destination?: DestinationStream): Logger => {
  const options: LoggerOptions = {
    level: config.LOG_LEVEL,
    base: { service: 'paykit-api' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
};
