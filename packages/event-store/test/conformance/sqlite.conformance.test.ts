import { join } from 'node:path';
import { createEventStore } from '../../src/index.js';
import { describeEventStoreConformance } from '../../src/conformance/index.js';
import { makeTempDir, removeDir } from '../temp-dirs.js';

describeEventStoreConformance('sqlite', {
  persistent: true,
  createStorage: async () => {
    const root = await makeTempDir('conformance');
    // A directory that does not exist yet: the adapter creates it.
    const dataDir = join(root, 'data');
    return {
      open: () => createEventStore({ kind: 'sqlite', dataDir }),
      destroy: () => removeDir(root),
    };
  },
});
