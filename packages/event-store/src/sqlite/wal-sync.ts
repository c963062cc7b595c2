import { closeSync, fsync, fsyncSync, openSync } from 'node:fs';

/**
 * Durability of commits made with `synchronous = NORMAL`, without blocking the event loop:
 * after a commit has written its frames to the WAL, `sync()` fsyncs the WAL file on libuv's
 * thread pool, which is exactly the fsync SQLite's FULL would have made inside the commit. While
 * one fsync runs, commits keep landing; they share the next one (group commit on the fsync).
 */
export class WalSync {
  private readonly fd: number;
  private inFlight: Promise<void> | null = null;
  private next: Promise<void> | null = null;

  constructor(walFile: string) {
    // SQLite made the file when the connection first wrote; it keeps it while a connection is open.
    this.fd = openSync(walFile, 'r+');
  }

  /** Resolves once everything written to the WAL before the call is on disk. */
  sync(): Promise<void> {
    if (!this.inFlight) return (this.inFlight = this.run());
    // What was written since the fsync in flight started is not covered by it: wait for the next.
    return (this.next ??= this.inFlight.then(
      () => this.startNext(),
      () => this.startNext(),
    ));
  }

  /** On close: flushes synchronously, then lets the file go. */
  close(): void {
    try {
      fsyncSync(this.fd);
    } finally {
      closeSync(this.fd);
    }
  }

  private startNext(): Promise<void> {
    this.next = null;
    return (this.inFlight ??= this.run());
  }

  private run(): Promise<void> {
    return new Promise((resolve, reject) =>
      fsync(this.fd, (error) => {
        this.inFlight = null;
        if (error) reject(error);
        else resolve();
      }),
    );
  }
}
