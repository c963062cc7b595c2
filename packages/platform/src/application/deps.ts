import type { Actor } from '@paykit/kernel';
import type { CommandHandlingDeps } from './run-command.js';
import type { SecretBox } from './secrets/secret-box.js';

export interface PlatformDeps extends CommandHandlingDeps {
  readonly secrets: SecretBox;
  /** Key material; node:crypto's randomBytes unless a test needs otherwise. */
  readonly randomBytes?: (size: number) => Uint8Array;
}

/** Who asks, and under which correlation id (one is made up when absent). */
export interface Caller {
  readonly actor: Actor;
  readonly correlationId?: string;
}
