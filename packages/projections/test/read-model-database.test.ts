import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CheckpointTable, openReadModelDatabase, readModelDatabasePath } from '../src/index.js';

describe('the read-model database', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'paykit-read-models-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is read-models.db under the data directory, created with its parent, in WAL mode', () => {
    const path = readModelDatabasePath(join(dir, 'data'));
    const db = openReadModelDatabase(path);
    try {
      expect(path).toBe(join(dir, 'data', 'read-models.db'));
      expect(existsSync(path)).toBe(true);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      db.close();
    }
  });

  it('keeps checkpoints as exact 64-bit positions', () => {
    const db = openReadModelDatabase(join(dir, 'read-models.db'));
    try {
      const checkpoints = new CheckpointTable(db);
      const beyondDoubles = 2n ** 62n + 1n;
      checkpoints.write('orders', { position: beyondDoubles, version: 3, fingerprint: 'abc' });
      expect(new CheckpointTable(db).read('orders')).toEqual({
        position: beyondDoubles,
        version: 3,
        fingerprint: 'abc',
      });
      expect(checkpoints.read('missing')).toBeUndefined();
      expect(() => checkpoints.write('orders', { position: 2n ** 63n, version: 3 })).toThrow('too big');
    } finally {
      db.close();
    }
  });
});
