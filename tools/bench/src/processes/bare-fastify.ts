import { BARE_FASTIFY_MAIN, startProgram } from './child-process.js';

export interface BareFastify {
  readonly pid: number;
  /** Where it answers `path` (as given to startBareFastify). */
  url(path: string): string;
  stop(): Promise<void>;
}

/** Bare Fastify in a child process, answering each path (e.g. `/api/unstable/projects/current`) with its body. */
export const startBareFastify = async (bodies: Readonly<Record<string, unknown>>): Promise<BareFastify> => {
  const child = await startProgram(
    BARE_FASTIFY_MAIN,
    (line) => (line.startsWith('{"port"') ? (JSON.parse(line) as { port: number }).port : undefined),
    { stdin: JSON.stringify(bodies) },
  );
  return { pid: child.pid, url: (path) => `http://127.0.0.1:${child.ready}${path}`, stop: () => child.stop() };
};
