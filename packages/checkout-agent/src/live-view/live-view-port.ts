import type { Page } from 'playwright-core';

/**
 * Where a run's open browser page is shown read-only while it works. The runner publishes the
 * page a strategy attaches; a viewer watches it at the returned URL (the API adds a short-lived
 * signed token when it presents the URL in the run snapshot).
 */
export interface LiveView {
  /** Starts relaying the page for the run; returns the run's viewer URL (absolute, unsigned). */
  publish(runId: string, page: Page): Promise<string>;
  /** The run's browser is gone: stop relaying (the viewer then shows the recorded steps). */
  unpublish(runId: string): void;
  /** The runner stops: viewers are told the relay ended and the live view stops serving. */
  close(): Promise<void>;
}
