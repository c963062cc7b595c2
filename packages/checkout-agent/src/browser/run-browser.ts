import type { DomainError } from '@paykit/kernel';
import type { BrowserContext, Page, Response } from 'playwright-core';
import type { RunnerLogger } from '../logger.js';
import type { UrlGuard } from '../safety/url-guard.js';
import { REFUSED_HEADER, startGuardProxy, type GuardProxy } from './egress/guard-proxy.js';
import type { BrowserStorageState } from './profile-store.js';
import type { SharedChromium } from './shared-chromium.js';

export interface Refusal {
  readonly url: string;
  readonly refusal: DomainError;
}

export interface RunBrowserOptions {
  readonly chromium: SharedChromium;
  readonly guard: UrlGuard;
  readonly upstream?: URL;
  readonly storageState?: BrowserStorageState;
  readonly actionTimeoutMs: number;
  readonly logger: RunnerLogger;
  readonly runId: string;
}

/**
 * One run's browser: a context of the shared Chromium whose every request leaves through the
 * run's guard proxy, and its one page. Knows the HTTP status of the page's last document, which
 * a page alone does not say (a 403 "Access denied" looks like any other page).
 */
export class RunBrowser {
  private lastDocument: Response | null = null;
  private closing: Promise<void> | null = null;

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    private readonly proxy: GuardProxy,
    /** URL guard refusals of this run, oldest first. */
    private readonly refusals: Refusal[],
  ) {
    page.on('response', (response) => {
      if (response.request().isNavigationRequest() && response.frame() === page.mainFrame())
        this.lastDocument = response;
    });
  }

  static async open(options: RunBrowserOptions): Promise<RunBrowser> {
    const refusals: Refusal[] = [];
    const proxy = await startGuardProxy({
      guard: options.guard,
      ...(options.upstream ? { upstream: options.upstream } : {}),
      onRefused: (url, refusal) => {
        refusals.push({ url, refusal });
        // Debug, not warn: Chromium's own background requests (component updates, safe browsing)
        // are refused here too, several per run. A refusal that matters to the run reaches its
        // steps and outcome through `refusalSince`.
        options.logger.debug?.(
          { runId: options.runId, origin: originOf(url), reason: refusal.parameters?.reason },
          'browser request refused by the URL guard',
        );
      },
    });
    try {
      const context = await options.chromium.newContext({
        // Loopback is proxied too (Chromium skips the proxy for it unless told): the guard decides.
        proxy: { server: proxy.url, bypass: '<-loopback>' },
        serviceWorkers: 'block',
        acceptDownloads: false,
        locale: 'en-US',
        viewport: { width: 1280, height: 900 },
        ...(options.storageState ? { storageState: options.storageState as never } : {}),
      });
      context.setDefaultTimeout(options.actionTimeoutMs);
      context.setDefaultNavigationTimeout(options.actionTimeoutMs);
      const page = await context.newPage();
      return new RunBrowser(context, page, proxy, refusals);
    } catch (error) {
      await proxy.close();
      throw error;
    }
  }

  /** The HTTP status of the document the page shows, when it came from the network. */
  get documentStatus(): number | null {
    return this.lastDocument?.status() ?? null;
  }

  /** How many requests the guard has refused so far: a mark to ask `refusalSince` about. */
  get refusalCount(): number {
    return this.refusals.length;
  }

  /**
   * Why the guard refused the page's navigation since `mark`: the refusal of `url` (or of its
   * origin, for an https tunnel) when given, else the first one. Chromium's own background
   * requests are refused too, so a refusal is matched to the page where it can be.
   */
  refusalSince(mark: number, url?: string): Refusal | null {
    const recent = this.refusals.slice(mark);
    if (url === undefined) return recent[0] ?? null;
    return (
      recent.find((entry) => entry.url === url) ?? recent.find((entry) => originOf(entry.url) === originOf(url)) ?? null
    );
  }

  /** The URL of the document the page shows, as requested. */
  get documentUrl(): string | null {
    return this.lastDocument?.url() ?? null;
  }

  /** Whether the page's document is the guard proxy's refusal rather than the merchant's answer. */
  get documentRefused(): boolean {
    return this.lastDocument?.headers()[REFUSED_HEADER] !== undefined;
  }

  async storageState(): Promise<BrowserStorageState> {
    return (await this.context.storageState()) as unknown as BrowserStorageState;
  }

  /** Closes the context (and its page) and the proxy; safe to call more than once. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.context.close().catch(() => undefined);
      await this.proxy.close().catch(() => undefined);
    })();
    return this.closing;
  }
}

const originOf = (url: string): string => (URL.canParse(url) ? new URL(url).origin : 'unparseable');
