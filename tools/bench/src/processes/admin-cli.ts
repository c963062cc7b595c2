import { CLI_MAIN, runProgram } from './child-process.js';

export interface ProvisionedProject {
  readonly projectId: string;
  readonly serverKey: string;
}

/**
 * A project and its server key (every scope), made the way an operator makes one:
 * `pnpm cli project create --json` in a process of its own, on the server's data directory.
 */
export const provisionProject = async (dataDir: string, name: string): Promise<ProvisionedProject> => {
  const stdout = await runProgram(CLI_MAIN, {
    args: ['project', 'create', '--name', name, '--env', 'staging', '--json'],
    env: { DATA_DIR: dataDir, EVENT_STORE: 'sqlite', APP_ENV: 'staging' },
  });
  const { projectId, serverKey } = JSON.parse(stdout) as ProvisionedProject;
  return { projectId, serverKey };
};
