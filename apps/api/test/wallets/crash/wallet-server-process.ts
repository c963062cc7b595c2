// Child process of create-wallet-crash.e2e.test.ts: the real API on a sqlite store in DATA_DIR.
// With a crash point, it kills itself (SIGKILL) right after its first append to a stream whose
// name starts with that prefix has been acknowledged: the state a power cut there would leave.
import {
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  ForwardingEventStore,
  SqliteEventStore,
} from '@paykit/event-store';
import type { Platform } from '@paykit/platform';
import { createApp } from '../../../src/app.js';
import { PLATFORM } from '../../../src/auth/platform.provider.js';

const [dataDir, crashAfterAppendTo = '', provision = ''] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: wallet-server-process <dataDir> [<stream prefix to crash after>] [provision]');

class CrashAfterAppend extends ForwardingEventStore {
  override async appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options?: { readonly expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult> {
    const result = await this.inner.appendToStream(streamName, events, options);
    if (crashAfterAppendTo !== '' && streamName.startsWith(crashAfterAppendTo)) process.kill(process.pid, 'SIGKILL');
    return result;
  }
}

const store: EventStore = new CrashAfterAppend(new SqliteEventStore({ dataDir }));
const running = await createApp({
  eventStore: store,
  env: {
    ...process.env,
    PORT: 0,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SANDBOX_BLOCK_TIME_MS: 20,
  },
});
let serverKey = '';
if (provision === 'provision') {
  const platform = running.app.get<Platform>(PLATFORM);
  const made = await platform.provisionProject(
    { name: 'Crash', environment: running.config.APP_ENV },
    { actor: { type: 'cli', id: 'crash-test' } },
  );
  serverKey = made.serverKey;
}
// One line the parent waits for (pipe writes are synchronous on Linux).
process.stdout.write(`${JSON.stringify({ baseUrl: running.baseUrl, serverKey })}\n`);
