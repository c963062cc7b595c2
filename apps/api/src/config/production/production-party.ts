import type { AppConfig } from '../config.js';

/**
 * An outside party production pays or verifies through (docs/adr/0902). Each has its file here,
 * listed once in `production-parties.ts`; a party that gains a production adapter changes its
 * own file.
 */
export interface ProductionParty {
  /** The party as the refusal names it. */
  readonly name: string;
  /** What keeps production from its production adapter, each naming the variable; empty when configured. */
  problems(config: AppConfig): readonly string[];
  /**
   * A configuration of its production adapter (placeholders, never real credentials): what the
   * documentation shows and the start-up test sets. None while the party has no production adapter.
   */
  readonly example?: Readonly<Record<string, string>>;
}

/** A party with nothing but its sandbox: production must not start on it. */
export const withoutProductionAdapter = (name: string, what: string): ProductionParty => ({
  name,
  problems: () => [`no production adapter for ${what}: production must not start on its sandbox`],
});
