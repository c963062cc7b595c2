/** The subset of pino's interface the runner uses, so the API can pass its own logger. */
export interface RunnerLogger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
  /** Optional: lines only worth reading when debugging (pino's logger has it). */
  debug?(fields: Record<string, unknown>, message: string): void;
}

export const silentLogger: RunnerLogger = { info: () => {}, warn: () => {}, error: () => {} };
