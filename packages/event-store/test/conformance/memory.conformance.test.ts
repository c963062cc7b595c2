import { MemoryEventStore } from '../../src/index.js';
import { describeEventStoreConformance } from '../../src/conformance/index.js';

describeEventStoreConformance('memory', {
  persistent: false,
  createStorage: async () => ({ open: async () => new MemoryEventStore(), destroy: async () => {} }),
});
