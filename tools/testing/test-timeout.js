// The default test timeout of every test file in every project, set by the shared preset's setup
// file: a `testTimeout` in a project's jest.config.js is ignored when jest runs several projects,
// and the root config's when a package runs jest alone; this is read either way.
// Servers start in-process per suite; on a loaded 2-core CI machine that can exceed jest's 5 s.
import.meta.jest.setTimeout(30_000);
