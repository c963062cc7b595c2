import { sha256Hex } from '@paykit/kernel';

/**
 * A short digest of a projection's source: its DDL, table list and the text of its functions.
 * It changes whenever that code changes (formatting included, which only costs a rebuild), not
 * when a helper the functions call changes: such changes still need a `version` bump.
 */
export const codeFingerprint = (parts: readonly string[]): string => sha256Hex(parts.join('\u0000')).slice(0, 16);
