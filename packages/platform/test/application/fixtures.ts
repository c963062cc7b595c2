import { MemoryEventStore } from '@paykit/event-store';
import { ManualClock, seededIds } from '@paykit/kernel';
import { Platform } from '../../src/application/platform.js';
import { SecretBox } from '../../src/application/secrets/secret-box.js';

export const CLI = { actor: { type: 'cli' as const, id: 'test' } };

export const platformOnMemory = (store = new MemoryEventStore(), seed = 'platform') => {
  const clock = new ManualClock('2026-01-01T00:00:00.000Z');
  const deps = { store, clock, ids: seededIds(seed), secrets: new SecretBox(new Uint8Array(32).fill(9)) };
  return { store, clock, deps, platform: new Platform(deps) };
};
