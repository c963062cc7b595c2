import { type RecordedEvent, SqliteEventStore } from '@paykit/event-store';
import { type JsonResponse, fetchJson } from '../../support/http-client.js';
import { type TempDir, makeTempDir } from '../../support/temp-dir.js';
import { type FirstRunProject, type ServerProcess, startServerProcess } from './server-processes.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers field by field
export type Answer = JsonResponse<any>;

/** A request to cut off by SIGKILL at `point` (`after:OrderCreated`), sent with x-request-id `requestId`. */
export interface KillCase {
  readonly point: string;
  readonly requestId: string;
}

const crashPointOf = (request: KillCase): string => `${request.point}@${request.requestId}`;

/** The API of one server process, called with the first-run project's server key. */
export interface Api {
  readonly baseUrl: string;
  readonly project: FirstRunProject;
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  /** With another key (the client key, an order's client secret in `authorization`). */
  callAs(key: string, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
}

/**
 * One data directory that server processes start on, crash on and restart on: the setting of a
 * kill test. The first start provisions the project that every later start serves.
 */
export class KillHarness {
  private firstRun: FirstRunProject | null = null;

  private constructor(
    private readonly dir: TempDir,
    private readonly env: Readonly<Record<string, string | number>>,
  ) {}

  static async create(env: Readonly<Record<string, string | number>> = {}): Promise<KillHarness> {
    return new KillHarness(await makeTempDir('paykit-kill-'), env);
  }

  get dataDir(): string {
    return this.dir.path;
  }

  get project(): FirstRunProject {
    if (!this.firstRun) throw new Error('no server has started on this data directory yet');
    return this.firstRun;
  }

  /** Starts a server without crash points, runs `work` against it, and stops it cleanly. */
  async withServer<T>(work: (api: Api) => Promise<T>): Promise<T> {
    const server = await this.start();
    try {
      return await work(this.apiOf(server));
    } finally {
      await server.stop();
    }
  }

  /**
   * The kill walk of one route: a server armed with every case's crash point (each bound to its
   * case's request id) takes the case's request, `cut`, and must die at that point (SIGKILL, in
   * flight); a new server on the same data directory, armed alike, then takes `retry` (the same
   * key, another request id). So each case costs one start, and later cases run on a data
   * directory that already went through the earlier crashes. Resolves with the retries' results.
   */
  async walk<Case extends KillCase, Result>(
    cases: readonly Case[],
    steps: {
      /** What the cases need, made on the first server (armed, but no case's request comes from it). */
      readonly setup?: (api: Api) => Promise<void>;
      readonly cut: (api: Api, request: Case) => Promise<unknown>;
      readonly retry: (api: Api, request: Case) => Promise<Result>;
    },
  ): Promise<Result[]> {
    const { setup, cut, retry } = steps;
    const points = cases.map(crashPointOf);
    let server = await this.start(points);
    const results: Result[] = [];
    try {
      await setup?.(this.apiOf(server));
      for (const request of cases) {
        await this.expectDeath(server, crashPointOf(request), () => cut(this.apiOf(server), request));
        server = await this.start(points);
        results.push(await retry(this.apiOf(server), request));
      }
    } finally {
      await server.stop();
    }
    return results;
  }

  private async expectDeath(server: ServerProcess, point: string, work: () => Promise<unknown>): Promise<void> {
    const finished = await work().then(
      (answer) => ({ answer }),
      () => null,
    );
    if (finished) {
      await server.kill();
      throw new Error(`the server answered ${JSON.stringify(finished.answer)} instead of dying at ${point}`);
    }
    const exit = await server.exited;
    if (exit.signal !== 'SIGKILL' || exit.crashedAt !== point)
      throw new Error(`expected a SIGKILL at ${point}, got ${JSON.stringify(exit)}`);
  }

  /** Every event on the data directory, read with no server running. */
  async events(): Promise<RecordedEvent[]> {
    const store = new SqliteEventStore({ dataDir: this.dir.path });
    try {
      const events: RecordedEvent[] = [];
      for await (const event of store.readAll()) events.push(event);
      return events;
    } finally {
      await store.close();
    }
  }

  remove(): Promise<void> {
    return this.dir.remove();
  }

  async start(crashPoints: readonly string[] = []): Promise<ServerProcess> {
    const server = await startServerProcess({ dataDir: this.dir.path, env: this.env, crashAt: crashPoints.join(',') });
    this.firstRun ??= server.project;
    return server;
  }

  apiOf(server: Pick<ServerProcess, 'baseUrl'>): Api {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the getter reads the project once the first start made it
    const harness = this;
    const callAs: Api['callAs'] = (key, method, path, body, headers = {}) =>
      fetchJson(`${server.baseUrl}${path}`, { method, body, headers: { 'x-api-key': key, ...headers } });
    return {
      baseUrl: server.baseUrl,
      get project() {
        return harness.project;
      },
      callAs,
      call: (method, path, body, headers) => callAs(this.project.serverKey, method, path, body, headers),
    };
  }
}

/** Polls until `done` holds, at most `timeoutMs`; the last answer either way. */
export const pollUntil = async (
  read: () => Promise<Answer>,
  done: (answer: Answer) => boolean,
  timeoutMs = 15_000,
): Promise<Answer> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await read();
    if (done(answer) || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
