import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PRELOAD = fileURLToPath(new URL('../../../../tools/bench/profile/cpu-profile-preload.mjs', import.meta.url));

/**
 * With BENCH_CPU_PROFILE_DIR set, every API child samples itself (tools/bench/profile) and writes
 * `api-<pid of the bench>-<n>.cpuprofile` there when stopped; `node tools/bench/profile/summarise.mjs
 * <file>` prints it by self time and by component.
 */
let started = 0;
export const cpuProfileEnv = (): Record<string, string> => {
  const dir = process.env['BENCH_CPU_PROFILE_DIR'];
  if (!dir) return {};
  started += 1;
  return {
    NODE_OPTIONS: `${process.env['NODE_OPTIONS'] ?? ''} --import=${PRELOAD}`.trim(),
    BENCH_CPU_PROFILE: join(dir, `api-${process.pid}-${started}.cpuprofile`),
  };
};
