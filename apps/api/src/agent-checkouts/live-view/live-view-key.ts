import type { DerivedKeys } from '../shared/derived-keys.js';

/**
 * The key viewer tokens are signed with (by the API, presenting a snapshot) and checked with (by
 * the runner's live-view server). Derived from the app's secrets key, so the API and a separate
 * `pnpm runner` on the same SECRETS_KEY or DATA_DIR agree on it.
 */
export const liveViewKey =
  (keys: DerivedKeys): (() => Buffer) =>
  () =>
    keys.key('live-view');
