/** Stream names of the platform's aggregates and indexes, in one place. */
export const projectStream = (projectId: string): string => `project-${projectId}`;

/**
 * A key's stream is named after the SHA-256 of the full key, so authenticating a raw key
 * reads one short stream and scans nothing.
 */
export const apiKeyStream = (keyHash: string): string => `apikey-${keyHash}`;

/** Every project ever registered, in creation order: what `project list` and first-run read. */
export const PROJECT_REGISTRY_STREAM = 'platform-projects';

/** Claimed at no_stream by the one instance that creates the development project. */
export const FIRST_RUN_STREAM = 'platform-first_run';

/** An operator's account, sessions, failed logins and console actions (ADR 0820). */
export const operatorStream = (operatorId: string): string => `operator-${operatorId}`;

/** Every operator, and the email each holds. */
export const OPERATOR_REGISTRY_STREAM = 'platform-operators';
