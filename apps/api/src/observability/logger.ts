import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino';
import PinoPretty from 'pino-pretty';
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

export type LogFormat = 'json' | 'pretty';

/**
 * JSON lines unless a person reads them: `LOG_FORMAT=auto` (the default) is pretty on a terminal
 * outside production, JSON everywhere else (a file, a pipe, a log collector).
 */
export const logFormatOf = (
  setting: AppConfig['LOG_FORMAT'],
  environment: { readonly isTerminal: boolean; readonly nodeEnv: string | undefined },
): LogFormat => {
  if (setting !== 'auto') return setting;
  return environment.isTerminal && environment.nodeEnv !== 'production' ? 'pretty' : 'json';
};

/** Same redaction, one readable line per entry (in-process and synchronous: no worker thread). */
const prettyStream = (): DestinationStream =>
  PinoPretty({
    colorize: true,
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service,context',
    messageFormat: '{if context}[{context}] {end}{msg}',
  });

export const createLogger = (
  config: Pick<AppConfig, 'LOG_LEVEL'>,
  destination?: DestinationStream,
  format: LogFormat = 'json',
): Logger => {
  const options: LoggerOptions = {
    level: config.LOG_LEVEL,
    base: { service: 'paykit-api' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  const stream = destination ?? (format === 'pretty' ? prettyStream() : undefined);
  return stream ? pino(options, stream) : pino(options);
};
