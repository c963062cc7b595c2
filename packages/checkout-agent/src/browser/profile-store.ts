/** The storage state Playwright saves and restores (cookies and each origin's local storage). */
export interface BrowserStorageState {
  readonly cookies: readonly Record<string, unknown>[];
  readonly origins: readonly Record<string, unknown>[];
}

/** Which run uses which saved profile: the store checks the profile is the run's owner's and still live. */
export interface ProfileUse {
  readonly runId: string;
  readonly profileId: string;
}

/**
 * Where saved browser profiles live, encrypted at rest (the API's blob store). Loading and
 * saving are refused quietly (null / false) for a profile that is not the run's, or that was
 * deleted: a deleted profile's state is never written again, so its erasure stays final.
 */
export interface BrowserProfileStore {
  load(use: ProfileUse): Promise<BrowserStorageState | null>;
  /** True when saved. */
  save(use: ProfileUse, state: BrowserStorageState): Promise<boolean>;
}
