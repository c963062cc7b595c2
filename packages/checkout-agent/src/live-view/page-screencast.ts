import type { CDPSession, Page } from 'playwright-core';
import type { RunnerLogger } from '../logger.js';

/** Where one viewer receives frames (JPEG bytes). */
export interface FrameSink {
  frame(jpeg: Buffer): void;
}

export interface ScreencastSettings {
  /** JPEG quality, 0-100. */
  readonly quality: number;
  readonly maxWidth: number;
  readonly maxHeight: number;
}

interface ScreencastFrameEvent {
  readonly data: string;
  readonly sessionId: number;
}

/**
 * Relays one page's CDP screencast to its viewers. The screencast runs only while someone
 * watches; each frame is acknowledged as it arrives (Chrome sends the next one only after an
 * ack), so a slow viewer never slows the page, and the newest frame is kept for viewers who
 * join later. The CDP session is used for the screencast alone: nothing here can send input.
 */
export class PageScreencast {
  private readonly viewers = new Set<FrameSink>();
  private session: CDPSession | null = null;
  private latest: Buffer | null = null;
  /** Starts and stops run one after the other, so a quick leave-and-join cannot interleave them. */
  private transitions: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly page: Page,
    private readonly settings: ScreencastSettings,
    private readonly logger: RunnerLogger,
  ) {
    // A screencast that could not start (the page was between renderers, mid-navigation) or that a
    // navigation cut off starts afresh once the main frame has navigated.
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame() || this.closed || this.viewers.size === 0) return;
      this.transitions = this.transitions.then(() => this.stop()).catch(() => undefined);
      this.settle();
    });
  }

  add(viewer: FrameSink): void {
    this.viewers.add(viewer);
    if (this.latest) viewer.frame(this.latest);
    this.settle();
  }

  remove(viewer: FrameSink): void {
    this.viewers.delete(viewer);
    this.settle();
  }

  /** The page is gone or no longer shown: stop for good. */
  async close(): Promise<void> {
    this.closed = true;
    this.viewers.clear();
    this.settle();
    await this.transitions;
  }

  private settle(): void {
    this.transitions = this.transitions
      .then(() => this.apply())
      .catch((error: unknown) => {
        this.logger.warn({ err: (error as Error).message }, 'live view screencast could not change state');
      });
  }

  private async apply(): Promise<void> {
    const wanted = !this.closed && this.viewers.size > 0 && !this.page.isClosed();
    if (wanted && !this.session) await this.start();
    else if (!wanted && this.session) await this.stop();
  }

  private async start(): Promise<void> {
    const session = await this.page.context().newCDPSession(this.page);
    session.on('Page.screencastFrame', (event: ScreencastFrameEvent) => this.relay(session, event));
    try {
      await session.send('Page.startScreencast', { format: 'jpeg', ...this.settings });
    } catch (error) {
      await session.detach().catch(() => undefined);
      throw error;
    }
    this.session = session;
  }

  private async stop(): Promise<void> {
    const session = this.session;
    this.session = null;
    if (!session || this.page.isClosed()) return;
    await session.send('Page.stopScreencast').catch(() => undefined);
    await session.detach().catch(() => undefined);
  }

  private relay(session: CDPSession, event: ScreencastFrameEvent): void {
    session.send('Page.screencastFrameAck', { sessionId: event.sessionId }).catch(() => undefined);
    const jpeg = Buffer.from(event.data, 'base64');
    this.latest = jpeg;
    for (const viewer of this.viewers) viewer.frame(jpeg);
  }
}
