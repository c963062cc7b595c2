// A child process of the money-safety tests: the real API server on DATA_DIR, configured from its
// environment like `node dist/main.js`. With PAYKIT_CRASH_AT its event store SIGKILLs the process
// at those points (test-only: production has no such store). Prints one `ready <json>` line once
// it listens, with the first-run project's keys on the first start; SIGTERM closes it cleanly.
import 'reflect-metadata';
import { SqliteEventStore } from '@paykit/event-store';
import { createApp } from '../../../src/app.js';
import { ensureFirstRunProject } from '../../../src/auth/first-run.js';
import { CrashingEventStore, parseCrashPoints } from './crashing-event-store.js';

const points = parseCrashPoints(process.env['PAYKIT_CRASH_AT']);
const dataDir = process.env['DATA_DIR'];
if (!dataDir) throw new Error('DATA_DIR is required');
const running = await createApp(
  points.length === 0 ? {} : { eventStore: new CrashingEventStore(new SqliteEventStore({ dataDir }), points) },
);
const project = await ensureFirstRunProject(running.app, { write: () => undefined });
process.on('SIGTERM', () => {
  void running.close().then(() => process.exit(0));
});
const keys = project && {
  projectId: project.project.projectId,
  serverKey: project.serverKey,
  clientKey: project.clientKey,
};
process.stdout.write(`ready ${JSON.stringify({ baseUrl: running.baseUrl, project: keys })}\n`);
