import { type CreateAppOptions, type RunningApp, createApp } from '../../src/app.js';
import { makeTempDir } from './temp-dir.js';

export interface TestServerOptions extends Omit<CreateAppOptions, 'env'> {
  /** Overrides of the test defaults (port 0, 127.0.0.1, a temp DATA_DIR, silent logs). */
  readonly env?: Record<string, string | number | undefined>;
}

export interface TestServer extends RunningApp {
  readonly dataDir: string;
}

/**
 * Starts the real server over HTTP on a free port with its data in a fresh temp directory;
 * close() stops it and removes the directory.
 */
export const startServer = async (options: TestServerOptions = {}): Promise<TestServer> => {
  const dir = await makeTempDir();
  try {
    const running = await createApp({
      ...options,
      env: { PORT: 0, HOST: '127.0.0.1', DATA_DIR: dir.path, LOG_LEVEL: 'silent', ...options.env },
    });
    return {
      ...running,
      dataDir: dir.path,
      close: async () => {
        await running.close();
        await dir.remove();
      },
    };
  } catch (error) {
    await dir.remove();
    throw error;
  }
};
