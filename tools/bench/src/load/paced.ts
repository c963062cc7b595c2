import { Agent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { cpuSeconds } from '../processes/process-usage.js';
import type { Measured } from './alternating-rounds.js';
import { percentile } from './percentile.js';
import { send } from './send.js';

export interface PacedTarget {
  readonly name: string;
  readonly url: string;
  readonly pid: number;
  readonly method: 'GET' | 'POST';
  readonly headers: Record<string, string>;
  /** A body per request (a fresh one each time). */
  readonly body?: () => string;
}

/** Sends `count` requests evenly spaced at `rate`/s; each latency counts from the request's scheduled time. */
const paced = async (agent: Agent, target: PacedTarget, rate: number, count: number) => {
  const url = new URL(target.url);
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  let failures = 0;
  const start = performance.now();
  for (let index = 0; index < count; index++) {
    const due = start + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait >= 1) await sleep(wait);
    pending.push(
      send(agent, url, { method: target.method, headers: target.headers, body: target.body?.() }).then(
        ({ status }) => {
          latencies.push(performance.now() - due);
          if (status >= 300) failures++;
        },
        () => void failures++,
      ),
    );
  }
  await Promise.all(pending);
  if (failures > 0) throw new Error(`${target.name}: ${failures} requests failed`);
  return { latencies, seconds: (performance.now() - start) / 1000 };
};

const tenths = (value: number) => Math.round(value * 10) / 10;

/**
 * A fixed-rate run with evenly spaced arrivals (one request every 1000/rate ms on keep-alive
 * sockets), after `warmUpSeconds` at the same rate that open the sockets. autocannon's rate
 * option sends each connection's quota in a burst at every second and corrects for a 1 ms
 * expected interval, which measures bursts, not a steady rate. Counting latency from each
 * request's scheduled time shows a generator falling behind too.
 */
export const pacedRun = async (
  target: PacedTarget,
  rate: number,
  seconds: number,
  warmUpSeconds = 2,
): Promise<Measured> => {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  try {
    await paced(agent, target, rate, rate * warmUpSeconds);
    const cpuBefore = cpuSeconds(target.pid);
    const { latencies, seconds: took } = await paced(agent, target, rate, rate * seconds);
    const cpu = cpuSeconds(target.pid) - cpuBefore;
    return {
      name: `${target.name} @ ${rate.toLocaleString('en-US')}/s`,
      requestsPerSecond: latencies.length / took,
      p50: tenths(percentile(latencies, 0.5)),
      p99: tenths(percentile(latencies, 0.99)),
      cpuMicrosPerRequest: (cpu / latencies.length) * 1e6,
    };
  } finally {
    agent.destroy();
  }
};
