import type { ProjectionStatus } from '@paykit/projections';
import { Gauge, type Registry } from 'prom-client';

/** A scrape reads the status once for every gauge, not once per gauge. */
const sharedWithin = <T>(read: () => Promise<T>, ms: number): (() => Promise<T>) => {
  let last: { at: number; value: Promise<T> } | null = null;
  return () => {
    const now = Date.now();
    if (!last || now - last.at > ms) last = { at: now, value: read() };
    return last.value;
  };
};

/**
 * Projection lag on /metrics, per projection: in events (the head of `$all` minus the
 * checkpoint of the tables serving reads), in seconds (how long the oldest unprojected event
 * has waited), and whether a side-by-side rebuild is running.
 */
export const registerProjectionMetrics = (registry: Registry, status: () => Promise<ProjectionStatus[]>): void => {
  const current = sharedWithin(status, 100);
  const gauge = (name: string, help: string, value: (status: ProjectionStatus) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['projection'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const entry of await current()) this.set({ projection: entry.name }, value(entry));
      },
    });
  gauge('projection_lag_events', 'Events in $all not yet in the projection that serves reads', (entry) =>
    Number(entry.lag),
  );
  gauge('projection_lag_seconds', 'Age of the oldest event not yet in the projection', (entry) => entry.lagSeconds);
  gauge('projection_rebuilding', '1 while the projection is rebuilt side by side', (entry) =>
    entry.state === 'rebuilding' ? 1 : 0,
  );
  gauge('projection_up', '1 while the projection follows $all or rebuilds; 0 when failed or stopped', (entry) =>
    entry.state === 'running' || entry.state === 'rebuilding' ? 1 : 0,
  );
};
