import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { LedgerTransaction } from './ledger-transaction.js';

/**
 * Where the sandbox keeps what it accepted. Balances, blocks and outcomes are not stored: they
 * follow from the transactions and the clock, so replaying the journal rebuilds the ledger.
 */
export interface LedgerJournal {
  load(): readonly LedgerTransaction[];
  append(transaction: LedgerTransaction): void;
}

/** Keeps nothing beyond the process (the default). */
export const memoryLedgerJournal = (): LedgerJournal => ({ load: () => [], append: () => undefined });

/**
 * One JSON line per transaction, appended synchronously before the gateway answers, so an
 * acknowledged transfer or faucet mint survives a restart. A torn last line (a crash mid-write)
 * is skipped on load.
 */
export class FileLedgerJournal implements LedgerJournal {
  constructor(private readonly path: string) {}

  load(): readonly LedgerTransaction[] {
    if (!existsSync(this.path)) return [];
    return readFileSync(this.path, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as LedgerTransaction];
        } catch {
          return [];
        }
      });
  }

  append(transaction: LedgerTransaction): void {
    mkdirSync(dirname(this.path), { recursive: true });
    appendFileSync(this.path, `${JSON.stringify(transaction)}\n`, 'utf8');
  }
}
