import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@paykit/api/agent-checkout-runner';
import { runRunner } from '../src/index.js';

describe('pnpm runner', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'paykit-runner-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('runs on the API’s data directory until a signal drains it', async () => {
    const signals = new EventEmitter();
    const { runner, stopped } = await runRunner(
      { DATA_DIR: dataDir, LOG_LEVEL: 'silent', AGENT_CHECKOUT_DRAIN_MS: '100' },
      signals,
    );
    expect(runner.process.runner.activeRuns()).toEqual([]);
    let done = false;
    void stopped.then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);

    signals.emit('SIGTERM');
    await stopped;
  });

  it('refuses a configuration it cannot run with, naming the variable', async () => {
    await expect(runRunner({ DATA_DIR: dataDir, EVENT_STORE: 'memory' }, new EventEmitter())).rejects.toThrow(
      ConfigError,
    );
    await expect(runRunner({ DATA_DIR: dataDir, AGENT_CHECKOUT_LEASE_MS: 'soon' }, new EventEmitter())).rejects.toThrow(
      /AGENT_CHECKOUT_LEASE_MS/,
    );
  });
});
