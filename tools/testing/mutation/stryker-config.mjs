import { createRequire } from 'node:module';
import { API_TARGETS } from './api-targets.mjs';

// Stryker's options for one target (a domain package, or a part of the API's wiring), run from the
// repository root. The sandbox holds only the root files jest and tsc read and the target's
// workspace (package or app); workspace dependencies resolve through its node_modules links to
// their (unmutated) sources.

/** The packages `pnpm mutation` knows, and which of their files hold the rules to mutate. */
export const MUTATED_SOURCES = {
  kernel: ['src/**/*.ts', '!src/testing/**'],
  orders: ['src/**/*.ts'],
  wallets: ['src/**/*.ts'],
  transfers: ['src/**/*.ts'],
  'checkout-runs': ['src/**/*.ts'],
  identity: ['src/**/*.ts'],
  platform: ['src/domain/**/*.ts'],
  'agent-profiles': ['src/**/*.ts'],
  webhooks: ['src/**/*.ts'],
};

/**
 * Packages too large to test in one sitting (wallets: 3,067 mutants, over an hour on two shared
 * cores) run as parts, each with its own incremental file and report: a finished part keeps its
 * results when a later one is stopped. Naming the package runs every part and adds them up.
 */
const WALLET_PARTS = {
  'wallets-addresses': 'src/{addresses,chains,keys,solana}/**/*.ts',
  'wallets-locators': 'src/{locators,signature-requests}/**/*.ts',
  'wallets-signatures': 'src/{signatures,signer-operations}/**/*.ts',
  'wallets-creation': 'src/wallet/{create-wallet,signer-input,custodial-keys,identity}.ts',
};
export const PACKAGE_PARTS = {
  wallets: {
    ...Object.fromEntries(Object.entries(WALLET_PARTS).map(([part, glob]) => [part, [glob]])),
    // The rest of the package (the wallet decider's other files, and any folder added later).
    'wallets-signers': ['src/**/*.ts', ...Object.values(WALLET_PARTS).map((glob) => `!${glob}`)],
  },
};

const PARTS = Object.fromEntries(
  Object.entries(PACKAGE_PARTS).flatMap(([pkg, parts]) =>
    Object.entries(parts).map(([part, globs]) => [part, { pkg, globs }]),
  ),
);

/** The targets a name stands for: a package's parts, or the name itself. */
export const partsOf = (name) => Object.keys(PACKAGE_PARTS[name] ?? { [name]: null });

// Stryker wraps jest's test environment and resolves it by name from the package folder, where
// pnpm does not link it: name it by its path, resolved from jest itself.
const jestEnvironmentNode = createRequire(createRequire(import.meta.url).resolve('jest')).resolve(
  'jest-environment-node',
);

export const REPORTS_DIR = 'reports/mutation';

/** Every target `pnpm mutation` knows: the domain packages, then the API's (api-targets.mjs). */
export const TARGETS = [...Object.keys(MUTATED_SOURCES), ...Object.keys(PARTS), ...Object.keys(API_TARGETS)];

/**
 * Where a target's files are: a domain package (or a part of one) mutates its sources with all
 * its tests; an API
 * target mutates the files it names with the test files it names. An API target in apps/api
 * keeps its incremental file there, named after it (several targets share the app).
 */
const targetOf = (name) => {
  if (name in PARTS) {
    const dir = `packages/${PARTS[name].pkg}`;
    return { dir, globs: PARTS[name].globs, tests: null, incrementalFile: `${dir}/stryker-incremental-${name}.json` };
  }
  if (name in MUTATED_SOURCES) {
    const dir = `packages/${name}`;
    return { dir, globs: MUTATED_SOURCES[name], tests: null, incrementalFile: `${dir}/stryker-incremental.json` };
  }
  const { dir, mutate, tests } = API_TARGETS[name];
  const incrementalFile = dir.startsWith('packages/')
    ? `${dir}/stryker-incremental.json`
    : `${dir}/stryker-incremental-${name}.json`;
  return { dir, globs: mutate, tests, incrementalFile };
};

export const incrementalFileOf = (name) => targetOf(name).incrementalFile;
export const jsonReportOf = (name) => `${REPORTS_DIR}/${name}/mutation.json`;

export function strykerConfig(pkg, { concurrency = 1, force = false } = {}) {
  const { dir, globs, tests, incrementalFile } = targetOf(pkg);
  const [workspaces] = dir.split('/');
  return {
    packageManager: 'pnpm',
    // pnpm keeps the plugins out of core's own folder, where Stryker looks for them by default.
    plugins: [
      import.meta.resolve('@stryker-mutator/jest-runner'),
      import.meta.resolve('@stryker-mutator/typescript-checker'),
    ],
    testRunner: 'jest',
    // ESM TypeScript through ts-jest, as `pnpm test` runs it.
    testRunnerNodeArgs: ['--experimental-vm-modules', '--no-warnings'],
    jest: {
      projectType: 'custom',
      configFile: `${dir}/jest.config.js`,
      config: {
        testEnvironment: jestEnvironmentNode,
        ...(tests ? { testMatch: tests.map((file) => `<rootDir>/${file}`) } : {}),
      },
      enableFindRelatedTests: false,
    },
    coverageAnalysis: 'perTest',
    // Static mutants (code run once when a module loads: constants, schemas, tables) need a full
    // reload of every test per mutant: with ESM and ts-jest that is ~5 s each, hours per package.
    // They are left out of the score (reported as Ignored); see docs/testing.md.
    ignoreStatic: true,
    checkers: ['typescript'],
    tsconfigFile: `${dir}/tsconfig.json`,
    typescriptChecker: { prioritizePerformanceOverAccuracy: true },
    // ts-jest only transpiles (isolatedModules), so the sandbox needs no @ts-nocheck.
    disableTypeChecks: false,
    mutate: [...globs.map((glob) => glob.replace(/^(!?)/, `$1${dir}/`)), `!${dir}/src/**/index.ts`],
    ignorePatterns: [
      '/*',
      '!/package.json',
      '!/jest.preset.js',
      '!/tsconfig.base.json',
      '!/tools',
      '/tools/*',
      '!/tools/testing',
      `!/${workspaces}`,
      `/${workspaces}/*`,
      `!/${dir}`,
      `/${dir}/stryker-incremental*.json`,
    ],
    incremental: true,
    // --force: test every mutant again (e.g. after changing these options), still writing the file.
    force,
    incrementalFile,
    // One or two runners: the machine has two cores shared with other sessions.
    concurrency,
    // jest under --experimental-vm-modules keeps every run's modules: a runner grows to gigabytes
    // and dies at the heap limit. A fresh one every 40 mutants costs seconds and bounds memory.
    maxTestRunnerReuse: 40,
    // Twice the covering tests' time plus 10 s: a run slowed by load is not taken for a hang, and a
    // mutant that loops for ever (wallets' parts have 50 to 150 each) costs 10 s, not 20.
    timeoutMS: 10_000,
    timeoutFactor: 2,
    reporters: ['html', 'json', 'clear-text', 'progress-append-only'],
    htmlReporter: { fileName: `${REPORTS_DIR}/${pkg}/mutation.html` },
    jsonReporter: { fileName: jsonReportOf(pkg) },
    clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
    tempDirName: '.stryker-tmp',
    cleanTempDir: true,
    logLevel: 'info',
    fileLogLevel: 'off',
  };
}
