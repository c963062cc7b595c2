/** API versions of the protocol this shop answers; the newer ones use `fulfillment_details`. */
export const SUPPORTED_VERSIONS = ['2025-09-29', '2025-12-12', '2026-01-16', '2026-01-30'] as const;
export type AcpVersion = (typeof SUPPORTED_VERSIONS)[number];

/** Assumed when a client sends no `API-Version` header. */
export const DEFAULT_VERSION: AcpVersion = '2025-09-29';

export const isSupportedVersion = (value: string): value is AcpVersion => (SUPPORTED_VERSIONS as readonly string[]).includes(value);

export const isModernVersion = (version: AcpVersion): boolean => version >= '2026-01-16';
