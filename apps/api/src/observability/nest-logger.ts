import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

/**
 * Nest's start-up inventory: a line per module, controller and route (over a hundred). Worth
 * seeing when debugging routing (LOG_LEVEL=debug), noise at every start otherwise.
 */
const INVENTORY_CONTEXTS: ReadonlySet<string> = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/** Routes Nest's own log lines (start-up, shutdown) into the same structured pino stream. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...context: unknown[]): void {
    const fields = this.fields(context);
    if (typeof fields['context'] === 'string' && INVENTORY_CONTEXTS.has(fields['context'])) {
      this.logger.debug(fields, String(message));
      return;
    }
    this.logger.info(fields, String(message));
  }
  error(message: unknown, ...context: unknown[]): void {
    this.logger.error(this.fields(context), String(message));
  }
  warn(message: unknown, ...context: unknown[]): void {
    this.logger.warn(this.fields(context), String(message));
  }
  debug(message: unknown, ...context: unknown[]): void {
    this.logger.debug(this.fields(context), String(message));
  }
  verbose(message: unknown, ...context: unknown[]): void {
    this.logger.trace(this.fields(context), String(message));
  }
  fatal(message: unknown, ...context: unknown[]): void {
    this.logger.fatal(this.fields(context), String(message));
  }

  /** Nest passes optional stack traces and a trailing context name. */
  private fields(context: unknown[]): Record<string, unknown> {
    const strings = context.filter((item): item is string => typeof item === 'string');
    const name = strings.at(-1);
    const stack = strings.length > 1 ? strings[0] : undefined;
    return { ...(name === undefined ? {} : { context: name }), ...(stack === undefined ? {} : { stack }) };
  }
}
