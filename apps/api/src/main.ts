import 'reflect-metadata';
import { createApp } from './app.js';
import { ensureFirstRunProject } from './auth/first-run.js';
import { ConfigError } from './config/config.js';

try {
  const { app, baseUrl, rootUrl } = await createApp();
  // SIGTERM/SIGINT close the app: drain HTTP, stop projections, close the store.
  app.enableShutdownHooks();
  console.log(`PayKit API listening on ${baseUrl} (health ${rootUrl}/health, reference ${rootUrl}/docs)`);
  await ensureFirstRunProject(app, { baseUrl });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
