import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLATFORM, createApp } from '@paykit/api';
import { createDemoMerchant } from '@paykit/demo-merchant';
import type { Platform } from '@paykit/platform';
import { WebSocket } from 'ws';
import { type TreeMemory, chromiumMemory, samplePeak } from './browser/process-memory.js';

/**
 * `pnpm bench browser`: browser checkouts through the whole API (in-process runner, browser
 * strategy, live view) against the demo merchant's web pages with its agentic-checkout API
 * off. One run alone, then BENCH_BROWSER_RUNS (default: the runner's concurrency, 4) at once.
 * Measures Chromium's memory (PSS and RSS of its process tree, sampled every 100 ms: peak during
 * the runs, and idle after them) and the time to the first live-view frame: from the run's
 * creation, and from the moment its snapshot shows the browser.
 */
const CONCURRENCY = Number(process.env['AGENT_CHECKOUT_RUNNER_CONCURRENCY'] ?? 4);
const RUNS = Number(process.env['BENCH_BROWSER_RUNS'] ?? CONCURRENCY);
const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] || '/usr/bin/chromium';

interface RunTiming {
  readonly status: string;
  readonly attachedMs: number;
  readonly firstFrameMs: number;
  readonly frameAfterAttachMs: number;
  readonly totalMs: number;
}

export const runBrowserBenchmark = async (): Promise<void> => {
  const shop = await createDemoMerchant({ seed: 'bench-browser', agenticCheckout: false });
  const dataDir = await mkdtemp(join(tmpdir(), 'paykit-bench-browser-'));
  const app = await createApp({
    env: {
      PORT: 0,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EVENT_STORE: 'memory',
      LOG_LEVEL: 'warn',
      CHROMIUM_PATH,
      AGENT_CHECKOUT_ALLOWED_HOSTS: new URL(shop.url).host,
      AGENT_CHECKOUT_RUNNER_CONCURRENCY: CONCURRENCY,
      RATE_LIMIT_READS_PER_MIN: 1_000_000_000,
      RATE_LIMIT_WRITES_PER_MIN: 1_000_000_000,
    },
  });
  try {
    const { serverKey } = await app.app
      .get<Platform>(PLATFORM)
      .provisionProject(
        { name: 'bench-browser', environment: 'staging' },
        { actor: { type: 'cli', id: 'bench-browser' } },
      );
    const api = `${await app.app.getUrl()}/api/unstable/agent-checkouts`.replace('[::1]', '127.0.0.1');
    const headers = { 'x-api-key': serverKey, 'x-service-user-id': 'bench', 'content-type': 'application/json' };
    const buyer = await fetch(`${api}/buyer-profiles`, {
      method: 'POST',
      headers: { ...headers, 'x-idempotency-key': 'bench-buyer' },
      body: JSON.stringify(BUYER),
    });
    const { id: buyerProfileId } = (await buyer.json()) as { id: string };
    const oneRun = async (index: number): Promise<RunTiming> => {
      const started = performance.now();
      const created = await fetch(api, {
        method: 'POST',
        headers: { ...headers, 'x-idempotency-key': `bench-${index}-${started}` },
        body: JSON.stringify({
          buyerProfileId,
          constraints: { maxCost: { amount: '100', currency: 'USD' } },
          request: { startUrl: `${shop.url}/products/mug` },
        }),
      });
      const { runId } = (await created.json()) as { runId: string };
      let snapshot = await poll(`${api}/${runId}`, headers, (body) => body.browser !== null || FINAL.has(body.status));
      const attachedMs = performance.now() - started;
      const frameMs = snapshot.browser ? await firstFrame(snapshot.browser.embedUrl) : Number.NaN;
      snapshot = await poll(`${api}/${runId}`, headers, (body) => FINAL.has(body.status));
      return {
        status: snapshot.status,
        attachedMs,
        firstFrameMs: attachedMs + frameMs,
        frameAfterAttachMs: frameMs,
        totalMs: performance.now() - started,
      };
    };

    console.log(
      `browser benchmark: Chromium ${CHROMIUM_PATH}, runner concurrency ${CONCURRENCY}, demo merchant web pages (no agentic-checkout API)`,
    );
    const phases: { runs: number; peak: TreeMemory; idle: TreeMemory; timings: RunTiming[] }[] = [];
    for (const runs of [1, RUNS]) {
      const sampler = samplePeak(100);
      const timings = await Promise.all(
        Array.from({ length: runs }, (_, index) => oneRun(phases.length * 1000 + index)),
      );
      const peak = await sampler.stop();
      phases.push({ runs, peak, idle: await chromiumMemory(), timings });
    }
    for (const { runs, peak, idle, timings } of phases) {
      const statuses = [...new Set(timings.map((timing) => timing.status))].join(', ');
      const perRun = (peak.pssMiB - idle.pssMiB) / runs;
      console.log(`\n${runs} concurrent run(s): ${statuses}`);
      console.log(
        `  Chromium peak: ${peak.processes} processes, PSS ${peak.pssMiB.toFixed(0)} MiB, RSS ${peak.rssMiB.toFixed(0)} MiB`,
      );
      console.log(
        `  Chromium idle after the runs (browser kept, contexts closed): PSS ${idle.pssMiB.toFixed(0)} MiB, RSS ${idle.rssMiB.toFixed(0)} MiB`,
      );
      console.log(`  per run (peak minus idle, divided by runs): PSS ${perRun.toFixed(0)} MiB`);
      console.log(`  time to browser attached: ${stats(timings.map((timing) => timing.attachedMs))}`);
      console.log(
        `  time to first live-view frame, from creation: ${stats(timings.map((timing) => timing.firstFrameMs))}`,
      );
      console.log(
        `  time to first live-view frame, from attached: ${stats(timings.map((timing) => timing.frameAfterAttachMs))}`,
      );
      console.log(`  run duration: ${stats(timings.map((timing) => timing.totalMs))}`);
    }
  } finally {
    await app.close();
    await shop.close();
    await rm(dataDir, { recursive: true, force: true });
  }
};

const BUYER = {
  name: { first: 'Bench', last: 'Shopper' },
  contact: { email: 'bench@example.com' },
  shipping: {
    addressLines: ['1 Market St'],
    locality: 'San Francisco',
    administrativeAreaCode: 'CA',
    postalCode: '94105',
    countryCode: 'US',
  },
};

const FINAL = new Set(['succeeded', 'failed', 'blocked', 'cancelled']);

interface Snapshot {
  readonly status: string;
  readonly browser: { readonly embedUrl: string } | null;
}

const poll = async (
  url: string,
  headers: Record<string, string>,
  done: (body: Snapshot) => boolean,
): Promise<Snapshot> => {
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline) {
    const body = (await (await fetch(url, { headers })).json()) as Snapshot;
    if (done(body)) return body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no change at ${url} within 120 s`);
};

/** Milliseconds from opening the viewer's socket to its first frame (the page is not rendered). */
const firstFrame = (embedUrl: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const url = new URL(embedUrl);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.pathname = `${url.pathname}/socket`;
    const opened = performance.now();
    const socket = new WebSocket(url);
    const timer = setTimeout(() => {
      socket.terminate();
      resolve(Number.NaN);
    }, 30_000);
    socket.on('message', (data, isBinary) => {
      if (!isBinary) return;
      clearTimeout(timer);
      resolve(performance.now() - opened);
      socket.close();
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });

const stats = (values: readonly number[]): string => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return 'none';
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `median ${at(0.5).toFixed(0)} ms, max ${at(1).toFixed(0)} ms (n=${sorted.length}${sorted.length < values.length ? `, ${values.length - sorted.length} without a frame` : ''})`;
};
