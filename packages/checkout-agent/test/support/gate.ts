import { type HttpTransport, nodeHttpTransport } from '../../src/index.js';

export interface Gate {
  readonly transport: HttpTransport;
  /** Resolves when the first matching request is being held. */
  readonly held: Promise<void>;
  /** Lets held requests (and later ones) through. */
  open(): void;
}

/**
 * A transport that holds matching requests before they are sent, to stop a run at a known
 * point ("mid-run"). A held request fails when its signal aborts (killed runner, timeout).
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

export const isCreateSession = (url: URL, method: string) => method === 'POST' && url.pathname === '/checkout_sessions';
export const isComplete = (url: URL, method: string) => method === 'POST' && url.pathname.endsWith('/complete');
