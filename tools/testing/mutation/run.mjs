// `pnpm mutation [target...] [--concurrency 1|2] [--force]`: Stryker on the domain packages and the API's
// targets (api-targets.mjs), one at a time (a large package part by part, PACKAGE_PARTS), incremental
// (each target's last results are in its stryker-incremental file), then one score line per target
// and one per package run in parts. Reports: reports/mutation/<target>/.
// Without a target it runs the domain packages only (the API targets are named to be run).
import console from 'node:console';
import process from 'node:process';
import { Stryker } from '@stryker-mutator/core';
import { MUTATED_SOURCES, TARGETS, partsOf, strykerConfig } from './stryker-config.mjs';

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

const scoreLine = (name, results) => {
  const { score, detected, valid, survived, noCoverage, ignored } = scoreOf(results);
  return `${name.padEnd(18)} ${score.toFixed(2).padStart(6)}%  ${detected}/${valid} detected, ${survived} survived, ${noCoverage} no coverage, ${ignored} static ignored`;
};

const { packages, concurrency, force } = parseArgs(process.argv.slice(2));
const lines = [];
for (const pkg of packages) {
  const parts = partsOf(pkg);
  const all = [];
  for (const part of parts) {
    const results = await new Stryker(strykerConfig(part, { concurrency, force })).runMutationTest();
    lines.push(scoreLine(part, results));
    all.push(...results);
  }
  if (parts.length > 1) lines.push(scoreLine(`${pkg} (all parts)`, all));
}
console.log(`\nmutation score per target\n${lines.join('\n')}`);
