// `pnpm mutation [target...] [--concurrency 1|2] [--force]`: Stryker on the domain packages and the API's
// targets (api-targets.mjs), one at a time, incremental (each target's last results are in its
// stryker-incremental file), then one score line per target. Reports: reports/mutation/<target>/.
// Without a target it runs the domain packages only (the API targets are named to be run).
import console from 'node:console';
import process from 'node:process';
import { Stryker } from '@stryker-mutator/core';
import { MUTATED_SOURCES, TARGETS, strykerConfig } from './stryker-config.mjs';

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

function parseArgs(argv) {
  const packages = [];
  let concurrency = 1;
  let force = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--force') force = true;
    else if (argv[i] === '--concurrency') concurrency = Number(argv[++i]);
    else if (argv[i].startsWith('--concurrency=')) concurrency = Number(argv[i].slice('--concurrency='.length));
    else packages.push(argv[i]);
  }
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 2) {
    throw new Error('--concurrency is 1 or 2 (two cores shared with other sessions)');
  }
  const unknown = packages.filter((pkg) => !TARGETS.includes(pkg));
  if (unknown.length > 0) {
    throw new Error(`unknown target ${unknown.join(', ')}; known: ${TARGETS.join(', ')}`);
  }
  return { packages: packages.length > 0 ? packages : Object.keys(MUTATED_SOURCES), concurrency, force };
}

/** Stryker's mutation score: detected over valid mutants (compile and runtime errors excluded). */
export function scoreOf(results) {
  const count = (statuses) => results.filter((result) => statuses.has(result.status)).length;
  const detected = count(DETECTED);
  const undetected = count(UNDETECTED);
  const survived = results.filter((result) => result.status === 'Survived').length;
  const valid = detected + undetected;
  return {
    score: valid === 0 ? 100 : (100 * detected) / valid,
    detected,
    valid,
    survived,
    noCoverage: undetected - survived,
    ignored: results.filter((result) => result.status === 'Ignored').length,
  };
}

const { packages, concurrency, force } = parseArgs(process.argv.slice(2));
const lines = [];
for (const pkg of packages) {
  const results = await new Stryker(strykerConfig(pkg, { concurrency, force })).runMutationTest();
  const { score, detected, valid, survived, noCoverage, ignored } = scoreOf(results);
  lines.push(
    `${pkg.padEnd(16)} ${score.toFixed(2).padStart(6)}%  ${detected}/${valid} detected, ${survived} survived, ${noCoverage} no coverage, ${ignored} static ignored`,
  );
}
console.log(`\nmutation score per target\n${lines.join('\n')}`);
