import { createServer, type Server } from 'node:net';
import { logFormatOf } from '../src/observability/logger.js';
import { isPortInUse, portInUseMessage } from '../src/port-in-use.js';
import { captureLogs } from './support/log-capture.js';
import { startServer } from './support/start-server.js';

const INVENTORY = ['InstanceLoader', 'RoutesResolver', 'RouterExplorer'];

describe('start-up output', () => {
  it('logs no line per module and route at info, and all of them at debug', async () => {
    for (const [level, expectInventory] of [
      ['info', false],
      ['debug', true],
    ] as const) {
      const logs = captureLogs();
      const server = await startServer({
        env: { EVENT_STORE: 'memory', LOG_LEVEL: level },
        logDestination: logs.destination,
      });
      await server.close();
      const inventory = logs.lines.filter((line) => INVENTORY.includes(String(line['context'])));
      expect({ level, inventory: inventory.length > 50 }).toEqual({ level, inventory: expectInventory });
      expect(logs.lines.some((line) => line['msg'] === 'Nest application successfully started')).toBe(true);
    }
  });

  it('is pretty on a terminal outside production unless LOG_FORMAT says otherwise', () => {
    expect(logFormatOf('auto', { isTerminal: true, nodeEnv: undefined })).toBe('pretty');
    expect(logFormatOf('auto', { isTerminal: false, nodeEnv: undefined })).toBe('json');
    expect(logFormatOf('auto', { isTerminal: true, nodeEnv: 'production' })).toBe('json');
    expect(logFormatOf('json', { isTerminal: true, nodeEnv: undefined })).toBe('json');
    expect(logFormatOf('pretty', { isTerminal: false, nodeEnv: 'production' })).toBe('pretty');
  });

  it('tells in one line that the port is taken', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen({ host: '127.0.0.1', port: 0 }, resolve));
    const { port } = taken.address() as { port: number };
    try {
      expect(await isPortInUse('127.0.0.1', port)).toBe(true);
      expect(portInUseMessage('127.0.0.1', port)).toMatch(
        new RegExp(`^Port ${port} on 127\\.0\\.0\\.1 is already in use[^\\n]*PORT=\\d+\\.$`),
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    expect(await isPortInUse('127.0.0.1', port)).toBe(false);
  });
});
