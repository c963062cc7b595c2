import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventStore } from '@paykit/event-store';
import { type Clock, systemClock } from '@paykit/kernel';
import type { Page } from 'playwright-core';
import { WebSocket, WebSocketServer } from 'ws';
import { type RunnerLogger, silentLogger } from '../logger.js';
import type { LiveView } from './live-view-port.js';
import { type FrameSink, PageScreencast, type ScreencastSettings } from './page-screencast.js';
import { readRunRecord } from './recorded-steps.js';
import { type ViewerTokenKey, checkViewerToken } from './viewer-token.js';
import { viewerPage } from './viewer-page.js';

export interface LiveViewServerOptions {
  /** The runs' store, for the recorded steps shown once the browser is gone. */
  readonly store: EventStore;
  /** The key the API signs viewer tokens with. */
  readonly tokenKey: ViewerTokenKey;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Default 0: any free port. */
  readonly port?: number;
  /** The address viewers reach this server at (behind a proxy, say); http://host:port by default. */
  readonly publicUrl?: string;
  readonly clock?: Clock;
  readonly logger?: RunnerLogger;
  readonly screencast?: Partial<ScreencastSettings>;
  /** After the browser closes, how long viewers wait for the run's ending to be recorded. Default 5 s. */
  readonly endingWaitMs?: number;
}

const ROUTE = /\/live\/([A-Za-z0-9-]{1,100})(\/socket)?$/;
/** A viewer this far behind skips frames rather than queueing them. */
const MAX_BUFFERED_BYTES = 2 * 1024 * 1024;
const ENDING_POLL_MS = 200;
const DEFAULT_SCREENCAST: ScreencastSettings = { quality: 70, maxWidth: 1280, maxHeight: 800 };

/**
 * The runner's live view: an HTTP + WebSocket server, started on the first published page, that
 * serves each run's viewer page and relays the page's screencast frames to it, behind the
 * API's signed, short-lived token. Sockets are one-way: any message a viewer sends closes its
 * socket, and nothing a viewer sends ever reaches the browser.
 */
export class LiveViewServer implements LiveView {
  private readonly server: Server;
  private readonly sockets = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  private readonly published = new Map<string, PageScreencast>();
  private readonly viewers = new Map<string, Set<WebSocket>>();
  private readonly closing = new AbortController();
  private readonly clock: Clock;
  private readonly logger: RunnerLogger;
  private listening: Promise<string> | null = null;

  constructor(private readonly options: LiveViewServerOptions) {
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? silentLogger;
    this.server = createServer((request, response) => this.servePage(request, response));
    this.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) =>
      this.upgrade(request, socket, head),
    );
  }

  /** Starts listening (once); resolves to the public base URL. */
  listen(): Promise<string> {
    this.listening ??= new Promise<string>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', () => {
        this.server.off('error', reject);
        const { port } = this.server.address() as AddressInfo;
        resolve(
          (this.options.publicUrl ?? `http://${urlHost(this.options.host ?? '127.0.0.1')}:${port}`).replace(/\/+$/, ''),
        );
      });
    });
    return this.listening;
  }

  async publish(runId: string, page: Page): Promise<string> {
    const base = await this.listen();
    await this.published.get(runId)?.close();
    const settings = { ...DEFAULT_SCREENCAST, ...this.options.screencast };
    const screencast = new PageScreencast(page, settings, this.logger);
    this.published.set(runId, screencast);
    for (const socket of this.viewers.get(runId) ?? []) this.watch(socket, runId, screencast);
    return `${base}/live/${runId}`;
  }

  unpublish(runId: string): void {
    const screencast = this.published.get(runId);
    if (!screencast) return;
    this.published.delete(runId);
    void screencast.close();
    for (const socket of this.viewers.get(runId) ?? []) void this.sendRecord(socket, runId, true);
  }

  async close(): Promise<void> {
    this.closing.abort();
    await Promise.all([...this.published.values()].map((screencast) => screencast.close()));
    this.published.clear();
    for (const socket of this.sockets.clients) socket.terminate();
    this.sockets.close();
    if (!this.listening) return;
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private servePage(request: IncomingMessage, response: ServerResponse): void {
    const route = routeOf(request);
    if (!route || route.socket || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    if (!this.authorised(route.runId, route.token)) {
      response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      response.end('This live view link is invalid or has expired.');
      return;
    }
    const nonce = randomBytes(16).toString('base64');
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; img-src blob:; connect-src 'self'; base-uri 'none'; form-action 'none'`,
    });
    response.end(request.method === 'HEAD' ? undefined : viewerPage(route.runId, nonce));
  }

  private upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const route = routeOf(request);
    const refusal = !route?.socket
      ? '404 Not Found'
      : !this.authorised(route.runId, route.token)
        ? '403 Forbidden'
        : null;
    if (!route || refusal) {
      socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    this.sockets.handleUpgrade(request, socket, head, (viewer) => this.attach(viewer, route.runId));
  }

  private authorised(runId: string, token: string | null): boolean {
    const check = checkViewerToken(this.options.tokenKey, runId, token, this.clock.now());
    if (!check.valid) this.logger.info({ runId, reason: check.reason }, 'live view token refused');
    return check.valid;
  }

  private attach(socket: WebSocket, runId: string): void {
    const watching = this.viewers.get(runId) ?? new Set<WebSocket>();
    this.viewers.set(runId, watching);
    watching.add(socket);
    // Read-only: whatever a viewer sends ends its connection, and is never looked at.
    socket.on('message', () => socket.close(1008, 'The live view is read-only'));
    socket.on('close', () => {
      watching.delete(socket);
      if (watching.size === 0) this.viewers.delete(runId);
    });
    const screencast = this.published.get(runId);
    if (screencast) this.watch(socket, runId, screencast);
    else void this.sendRecord(socket, runId, false);
  }

  private watch(socket: WebSocket, runId: string, screencast: PageScreencast): void {
    const sink: FrameSink = {
      frame: (jpeg) => {
        if (socket.readyState === WebSocket.OPEN && socket.bufferedAmount < MAX_BUFFERED_BYTES)
          socket.send(jpeg, { binary: true });
      },
    };
    socket.send(JSON.stringify({ type: 'live', runId }));
    screencast.add(sink);
    socket.once('close', () => screencast.remove(sink));
  }

  /** The recorded steps, once the run has ended (or after a bounded wait), then the socket closes. */
  private async sendRecord(socket: WebSocket, runId: string, awaitEnding: boolean): Promise<void> {
    try {
      const deadline = Date.now() + (awaitEnding ? (this.options.endingWaitMs ?? 5_000) : 0);
      let record = await readRunRecord(this.options.store, runId);
      while (record.status === null && Date.now() < deadline && !this.published.has(runId)) {
        await sleep(ENDING_POLL_MS, undefined, { signal: this.closing.signal });
        record = await readRunRecord(this.options.store, runId);
      }
      // Taken over by another page of this run while waiting: the socket watches that one now.
      if (this.published.has(runId) || socket.readyState !== WebSocket.OPEN) return;
      socket.send(JSON.stringify({ type: 'record', ...record }));
      socket.close(1000, 'The run has no browser open');
    } catch (error) {
      if (this.closing.signal.aborted) return;
      this.logger.warn({ runId, err: (error as Error).message }, 'live view could not read the run');
      socket.close(1011, 'The run could not be read');
    }
  }
}

const routeOf = (request: IncomingMessage): { runId: string; socket: boolean; token: string | null } | null => {
  const url = new URL(request.url ?? '/', 'http://live-view');
  const match = ROUTE.exec(url.pathname);
  if (!match?.[1]) return null;
  return { runId: match[1], socket: match[2] !== undefined, token: url.searchParams.get('token') };
};

const urlHost = (host: string): string => {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
};
