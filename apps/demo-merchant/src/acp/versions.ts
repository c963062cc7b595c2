/** API versions of the protocol this shop answers, oldest first (the discovery document's order). */
export const SUPPORTED_VERSIONS = ['2025-09-29', '2025-12-12', '2026-01-16', '2026-01-30'] as const;
export type AcpVersion = (typeof SUPPORTED_VERSIONS)[number];

export const LATEST_VERSION: AcpVersion = '2026-01-30';

export const isSupportedVersion = (value: string): value is AcpVersion =>
  (SUPPORTED_VERSIONS as readonly string[]).includes(value);
