import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';

export interface ChromiumOptions {
  readonly executablePath: string;
  /** Extra command-line switches, after ours. */
  readonly args?: readonly string[];
}

/**
 * WebRTC must not reach the network around the run's proxy. (No `--disable-features` here: a
 * second one replaces playwright's own list, which turns Chromium's calls home back on.)
 */
const SWITCHES = [
  '--disable-dev-shm-usage',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--force-webrtc-ip-handling-policy',
];

/**
 * playwright-core is loaded with the first browser, not with the service: its bundle cost every
 * start of the API (and every test file that builds the app) about 0.3 s of CPU, most of which
 * never run a checkout.
 */
const loadChromium = async () => (await import('playwright-core')).chromium;

/**
 * One headless Chromium per runner, launched on first use and shared by its runs, each in a
 * browser context of its own (separate cookies, storage and proxy): a context costs a few
 * megabytes where a browser costs a process tree. A browser that dies is launched afresh for
 * the next run.
 */
export class SharedChromium {
  private browser: Promise<Browser> | null = null;
  private closed = false;

  constructor(private readonly options: ChromiumOptions) {}

  /** Whether the executable is there to launch (checked once per call; cheap). */
  async installed(): Promise<boolean> {
    try {
      await access(this.options.executablePath, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  }

  async newContext(options: BrowserContextOptions): Promise<BrowserContext> {
    const browser = await this.launch();
    return browser.newContext(options);
  }

  /** Closes the browser and every context in it; no launch follows. */
  async close(): Promise<void> {
    this.closed = true;
    const launching = this.browser;
    this.browser = null;
    const browser = await launching?.catch(() => null);
    await browser?.close().catch(() => undefined);
  }

  private launch(): Promise<Browser> {
    if (this.closed) return Promise.reject(new Error('The runner is shutting down: no browser is launched'));
    this.browser ??= loadChromium()
      .then((chromium) =>
        chromium.launch({
          executablePath: this.options.executablePath,
          headless: true,
          args: [...SWITCHES, ...(this.options.args ?? [])],
        }),
      )
      .then(
        (browser) => {
          browser.once('disconnected', () => {
            if (this.browser && !this.closed) this.browser = null;
          });
          return browser;
        },
        (error: unknown) => {
          this.browser = null;
          throw error;
        },
      );
    return this.browser;
  }
}
