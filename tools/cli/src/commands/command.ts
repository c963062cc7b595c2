import type { ParseArgsConfig } from 'node:util';
import type { CliContext } from '../context.js';

export type OptionsConfig = NonNullable<ParseArgsConfig['options']>;
export type OptionValues = Record<string, string | boolean | undefined>;

/** One CLI command: `project create`, `key list`, ... */
export interface Command {
  /** The words that select it, e.g. ['project', 'create']. */
  readonly words: readonly string[];
  readonly usage: string;
  readonly summary: string;
  readonly options: OptionsConfig;
  /** Set when the command takes positional arguments (named as in `usage`); none otherwise. */
  readonly positionals?: string;
  run(values: OptionValues, context: CliContext, positionals: readonly string[]): Promise<void>;
}

export const JSON_OPTION = { json: { type: 'boolean' } } as const satisfies OptionsConfig;

export const printJson = (context: CliContext, value: unknown): void => context.io.stdout(`${JSON.stringify(value)}\n`);
