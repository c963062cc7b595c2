export interface SseEvent {
  readonly id: string;
  readonly event: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON, read field by field
  readonly data: any;
}

export interface SseConnection {
  readonly status: number;
  readonly headers: Headers;
  /** Events in arrival order, each with the time it arrived. */
  readonly events: (SseEvent & { readonly at: number })[];
  /** Comment lines (heartbeats) received. */
  readonly comments: string[];
  /** Resolves when the server ends the stream (or the connection is closed). */
  readonly ended: Promise<void>;
  /** Resolves with the first event (after those already received) that satisfies `predicate`. */
  waitFor(predicate: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
}

/** Opens a server-sent event stream with fetch and parses it as it arrives. */
export const openSse = async (url: string, headers: Record<string, string>): Promise<SseConnection> => {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: (SseEvent & { at: number })[] = [];
  const comments: string[] = [];
  const waiters: { predicate: (event: SseEvent) => boolean; resolve: (event: SseEvent) => void }[] = [];
  const deliver = (event: SseEvent & { at: number }) => {
    events.push(event);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(event)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  };
  const parseBlock = (block: string) => {
    let id = '';
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim());
      else if (line.startsWith('id: ')) id = line.slice(4);
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (data.length > 0) deliver({ id, event, data: JSON.parse(data.join('\n')), at: performance.now() });
  };
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let boundary = buffer.indexOf('\n\n');
        while (boundary >= 0) {
          parseBlock(buffer.slice(0, boundary));
          buffer = buffer.slice(boundary + 2);
          boundary = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // closed by us
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    ended,
    waitFor: (predicate, timeoutMs = 15_000) =>
      new Promise<SseEvent>((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `no matching event within ${timeoutMs} ms; got ${events.map((e) => e.event + ':' + e.id).join(', ')}`,
              ),
            ),
          timeoutMs,
        );
        waiters.push({
          predicate,
          resolve: (event) => {
            clearTimeout(timer);
            resolve(event);
          },
        });
        void ended.then(() => {
          clearTimeout(timer);
          reject(new Error('the stream ended without a matching event'));
        });
      }),
    close: () => abort.abort(),
  };
};
