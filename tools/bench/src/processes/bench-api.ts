import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { provisionProject } from './admin-cli.js';
import { type ApiProcess, startApiProcess } from './api-process.js';

export interface BenchApi {
  readonly api: ApiProcess;
  readonly dataDir: string;
  readonly projectId: string;
  /** Every scope, made by the admin CLI. */
  readonly serverKey: string;
  /** Stops the API and removes its data directory. */
  close(): Promise<void>;
}

/**
 * The API in a child process on a fresh sqlite store in a temp directory, with a project made
 * by the admin CLI (a third process) before it starts.
 */
export const startBenchApi = async (
  name: string,
  env: Readonly<Record<string, string | number>> = {},
): Promise<BenchApi> => {
  const dataDir = await mkdtemp(join(tmpdir(), 'paykit-bench-api-'));
  try {
    const { projectId, serverKey } = await provisionProject(dataDir, name);
    const api = await startApiProcess(dataDir, env);
    return {
      api,
      dataDir,
      projectId,
      serverKey,
      close: async () => {
        await api.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
};
