import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Copies the WAL back into the database from a worker thread, as sqlite.org/wal.html suggests
 * for write-heavy applications. Left to SQLite's automatic checkpoint, that copy (and, unless
 * synchronous is OFF, its fsyncs) would run inside whichever COMMIT crosses the threshold:
 * on the event loop, stalling every request meanwhile. PASSIVE checkpoints never block
 * writers or readers; a write only waits for one if the WAL has to wrap around.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const checkpoint = () => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy or closing: the next tick retries */ }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export class BackgroundCheckpointer {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;

  constructor(file: string, intervalMs: number) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, intervalMs } });
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    // A failing checkpointer only lets the WAL grow until the connection's own fallback
    // checkpoint runs; it must not take the process down.
    this.worker.on('error', () => {});
    this.worker.unref();
  }

  async close(): Promise<void> {
    // Unreferenced, the worker would let the process exit before it finished closing.
    this.worker.ref();
    this.worker.postMessage('close');
    await this.exited;
  }
}
