import { randomBytes } from 'node:crypto';
import { type EventStore, MemoryEventStore } from '@paykit/event-store';
import type { EncryptionKey } from '../encryption/aes-gcm.js';

/**
 * Where a sandbox keeps what it holds: streams in the event store the service runs on, so what
 * a sandbox accepted survives a restart and every instance on one store sees the same thing
 * (docs/adr/0430). `encryptionKey` seals what a record holds that must never be stored in clear.
 */
export interface ProviderState {
  readonly store: EventStore;
  readonly encryptionKey: EncryptionKey;
}

/** A memory store of its own and a random key: nothing outlives the process (unit tests, tools). */
export const memoryProviderState = (): ProviderState => ({
  store: new MemoryEventStore(),
  encryptionKey: randomBytes(32) as EncryptionKey,
});
