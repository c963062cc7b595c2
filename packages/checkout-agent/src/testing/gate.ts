import { type HttpTransport, nodeHttpTransport } from '../safety/pinned-transport.js';

export interface Gate {
  readonly transport: HttpTransport;
  /** Resolves when the first matching request is being held. */
  readonly held: Promise<void>;
  /** Lets held requests (and later ones) through. */
  open(): void;
}

/**
 * An HTTP transport for the runner that holds matching merchant requests before they are sent,
 * to stop a run at a known point ("mid-run"). A held request fails when its signal aborts (the
 * runner was killed, or timed out).
 */
export const gate = (matches: (url: URL, method: string) => boolean): Gate => {
  const base = nodeHttpTransport();
  let opened = false;
  let markHeld!: () => void;
  const held = new Promise<void>((resolve) => (markHeld = resolve));
  const waiting: (() => void)[] = [];
  const transport: HttpTransport = async (url, request) => {
    if (!opened && matches(url, request.method)) {
      markHeld();
      await new Promise<void>((resolve, reject) => {
        waiting.push(resolve);
        request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
      });
    }
    return base(url, request);
  };
  return {
    transport,
    held,
    open: () => {
      opened = true;
      waiting.splice(0).forEach((release) => release());
    },
  };
};

/** A transport that goes through the gate currently installed, if any: one app per test file, a fresh gate per test. */
export class GateSwitch {
  private current: Gate | null = null;
  private readonly base = nodeHttpTransport();

  readonly transport: HttpTransport = (url, request) => (this.current?.transport ?? this.base)(url, request);

  install(next: Gate): Gate {
    this.current = next;
    return next;
  }

  remove(): void {
    this.current?.open();
    this.current = null;
  }
}

export const isCreateSession = (url: URL, method: string) => method === 'POST' && url.pathname === '/checkout_sessions';
export const isComplete = (url: URL, method: string) => method === 'POST' && url.pathname.endsWith('/complete');
