#!/usr/bin/env node
import { ConfigError, runRunner } from './run-runner.js';

try {
  const { runner, stopped } = await runRunner(process.env, process);
  console.log(`Agent checkout runner ${runner.process.runner.runnerId} started (SIGTERM or SIGINT to stop)`);
  await stopped;
  console.log('Agent checkout runner stopped');
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
