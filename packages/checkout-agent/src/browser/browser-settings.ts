import type { BlobStore } from '@paykit/providers';
import type { BrowserProfileStore } from './profile-store.js';

/** What a runner needs to check out in a browser; the API builds it from its configuration. */
export interface BrowserSettings {
  /** `CHROMIUM_PATH`: the Chromium executable (the Debian package's /usr/bin/chromium by default). */
  readonly executablePath: string;
  /** Egress proxy per country (`browser.location.countryCode`), from `AGENT_CHECKOUT_PROXIES`. */
  readonly proxies?: Readonly<Record<string, URL>>;
  /** Saved browser profiles (storage state); without it, runs naming a profile start fresh and save nothing. */
  readonly profiles?: BrowserProfileStore;
  /**
   * The encrypted blob store of agent checkouts: step screenshots go there, and protected
   * answers (passwords) are read from there. Without it, steps carry no screenshot and the
   * browser cannot log in.
   */
  readonly blobs?: BlobStore;
  /** Time limit of one navigation or page action. Default 15 s. */
  readonly actionTimeoutMs?: number;
  /** Extra Chromium switches. */
  readonly chromiumArgs?: readonly string[];
}
