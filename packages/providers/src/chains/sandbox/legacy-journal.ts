import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { type EventStore, WrongExpectedRevisionError } from '@paykit/event-store';
import type { Clock } from '@paykit/kernel';
import type { Environment } from '../../environment.js';
import { sandboxEnvelope } from '../../state/provider-streams.js';
import type { LedgerTransaction } from './ledger-transaction.js';
import { sandboxChainStream, TRANSACTION_ACCEPTED } from './ledger-streams.js';

/** Where an earlier version journaled an environment's sandbox chains under DATA_DIR. */
export const legacyJournalPath = (dataDir: string, environment: Environment): string =>
  join(dataDir, `chain-sandbox-${environment}.jsonl`);

/** How a record of the journal starts (JSON.stringify kept the drafts' key order). */
const RECORD_STARTS = ['{"kind":"', '{"txId":"'];

const parse = (text: string): LedgerTransaction | null => {
  try {
    const value = JSON.parse(text) as Partial<LedgerTransaction> | null;
    return value && typeof value.txId === 'string' && typeof value.chain === 'string'
      ? (value as LedgerTransaction)
      : null;
  } catch {
    return null;
  }
};

/**
 * The transactions of a journal file (one JSON line each, appended before the sandbox answered).
 * A crash mid-write left a torn line, and the next record was appended onto it: that line holds
 * a fragment and then a whole record that was acknowledged. The fragment is dropped (it was
 * never answered) and the record after it is kept, so no acknowledged transaction is lost.
 */
export const readLegacyJournal = (path: string): LedgerTransaction[] => {
  if (!existsSync(path)) return [];
  const transactions: LedgerTransaction[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const whole = parse(line);
    if (whole) {
      transactions.push(whole);
      continue;
    }
    const salvaged = salvage(line);
    if (salvaged) transactions.push(salvaged);
  }
  return transactions;
};

/** The last whole record in a line that starts with a torn one. */
const salvage = (line: string): LedgerTransaction | null => {
  const starts = RECORD_STARTS.flatMap((start) => {
    const at: number[] = [];
    for (let index = line.indexOf(start, 1); index > 0; index = line.indexOf(start, index + 1)) at.push(index);
    return at;
  }).sort((a, b) => b - a);
  for (const start of starts) {
    const record = parse(line.slice(start));
    if (record) return record;
  }
  return null;
};

const BATCH = 500;

/** Appends the chain's journaled transactions the stream does not hold yet, after those it does. */
const importChain = async (
  store: EventStore,
  stream: string,
  transactions: readonly LedgerTransaction[],
  occurredAt: Date,
): Promise<void> => {
  const present = new Set<string>();
  let revision = -1n;
  for await (const event of store.readStream(stream)) {
    present.add((event.data as LedgerTransaction).txId);
    revision = event.revision;
  }
  const missing = transactions.filter((transaction) => !present.has(transaction.txId));
  for (let start = 0; start < missing.length; start += BATCH) {
    const batch = missing.slice(start, start + BATCH).map((transaction, index) => ({
      ...transaction,
      seq: Number(revision) + 1 + index,
    }));
    const result = await store.appendToStream(
      stream,
      batch.map((transaction) =>
        sandboxEnvelope({ type: TRANSACTION_ACCEPTED, data: transaction }, 'chains', occurredAt),
      ),
      { expectedRevision: revision < 0n ? 'no_stream' : revision },
    );
    revision = result.nextExpectedRevision;
  }
};

/**
 * Imports the journal an earlier version kept under DATA_DIR into the chains' streams, once:
 * each chain's transactions in their order, skipping those a stream already holds (an import
 * cut short is completed by the next start), then renames the file to `.imported` so nothing
 * reads or appends to it again. Runs before the sandbox's first read or write.
 */
export const importLegacyJournal = async (options: {
  readonly store: EventStore;
  readonly environment: Environment;
  readonly path: string;
  readonly clock: Clock;
}): Promise<void> => {
  if (!existsSync(options.path)) return;
  const byChain = new Map<string, LedgerTransaction[]>();
  for (const transaction of readLegacyJournal(options.path)) {
    const ofChain = byChain.get(transaction.chain) ?? [];
    ofChain.push(transaction);
    byChain.set(transaction.chain, ofChain);
  }
  for (const [chain, ofChain] of byChain) {
    const stream = sandboxChainStream(options.environment, chain);
    try {
      await importChain(options.store, stream, ofChain, options.clock.now());
    } catch (error) {
      // Another process on the same store imported at the same time: read again, import what is left.
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      await importChain(options.store, stream, ofChain, options.clock.now());
    }
  }
  try {
    renameSync(options.path, `${options.path}.imported`);
  } catch {
    // Another process on the same DATA_DIR retired it first.
  }
};
