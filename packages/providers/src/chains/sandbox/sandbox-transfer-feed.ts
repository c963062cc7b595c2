import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import { findChain, normalizeAddress } from '@paykit/wallets';
import type { Environment } from '../../environment.js';
import type { ChainGateway } from '../chain-gateway.js';
import { chainNotSupported } from '../chain-errors.js';
import type { IncomingTransferFeed, TransfersIntoPage, TransfersIntoRequest } from '../incoming-transfer-feed.js';
import type { LedgerTransaction } from './ledger-transaction.js';

/** Where createChainGateway journals the sandbox of an environment under DATA_DIR. */
export const sandboxJournalPath = (dataDir: string, environment: Environment): string =>
  join(dataDir, `chain-sandbox-${environment}.jsonl`);

/**
 * The sandbox chains' transfers by recipient, read from the ledger's journal (the sandbox's
 * own record of every accepted transaction, shared by every process on DATA_DIR) and
 * statused by the gateway, as an indexer reads blocks and asks a node. The journal is read
 * incrementally: each call reads only the lines appended since the last one. The cursor is a
 * transaction's line number in the journal.
 */
export class SandboxTransferFeed implements IncomingTransferFeed {
  private readonly transactions: LedgerTransaction[] = [];
  private offset = 0;
  private partial = '';

  constructor(
    private readonly options: { readonly journalPath: string; readonly environment: Environment; readonly gateway: ChainGateway },
  ) {}

  async transfersInto(request: TransfersIntoRequest): Promise<E.Either<DomainError, TransfersIntoPage>> {
    const chain = findChain(request.chain, this.options.environment);
    if (!chain) return E.left(chainNotSupported(request.chain, this.options.environment));
    this.readNewLines();
    const watched = new Set(request.addresses.map((address) => normalizeAddress(chain.chainType, address)));
    const start = request.after === null ? 0 : Number(request.after) + 1;
    const transfers: (TransfersIntoPage['transfers'][number])[] = [];
    for (let line = Math.max(0, start); line < this.transactions.length && transfers.length < request.limit; line++) {
      const transaction = this.transactions[line]!;
      if (transaction.kind !== 'transfer' || transaction.chain !== chain.name) continue;
      if (!watched.has(normalizeAddress(chain.chainType, transaction.to))) continue;
      const found = await this.options.gateway.findIncomingTransfer(chain.name, transaction.txId);
      if (E.isLeft(found)) return found;
      transfers.push({ ...found.right, cursor: String(line) });
    }
    return E.right({ transfers });
  }

  private readNewLines(): void {
    const { journalPath } = this.options;
    if (!existsSync(journalPath)) return;
    const descriptor = openSync(journalPath, 'r');
    try {
      const size = fstatSync(descriptor).size;
      if (size <= this.offset) return;
      const buffer = Buffer.alloc(size - this.offset);
      const read = readSync(descriptor, buffer, 0, buffer.length, this.offset);
      this.offset += read;
      const lines = (this.partial + buffer.subarray(0, read).toString('utf8')).split('\n');
      // A line still being written stays for the next read.
      this.partial = lines.pop() ?? '';
      for (const line of lines) {
        if (line.trim() === '') continue;
        try {
          this.transactions.push(JSON.parse(line) as LedgerTransaction);
        } catch {
          // A torn line (a crash mid-write) is skipped, as the ledger skips it on load.
        }
      }
    } finally {
      closeSync(descriptor);
    }
  }
}
