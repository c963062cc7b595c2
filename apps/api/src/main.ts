import 'reflect-metadata';
import { createApp } from './app.js';
import { ensureFirstRunProject } from './auth/first-run.js';
import { ConfigError, loadConfig } from './config/config.js';
import { refuseHalfConfiguredProduction } from './config/production/production-parties.js';
import { portInUseMessage, isPortInUse } from './port-in-use.js';

try {
  const config = loadConfig(process.env);
  // Production serves real money: every party on its production adapter, or no start (docs/adr/0902).
  refuseHalfConfiguredProduction(config);
  // Checked before anything opens the store: a second `pnpm start` says so in one line.
  if (await isPortInUse(config.HOST, config.PORT)) {
    console.error(portInUseMessage(config.HOST, config.PORT));
    process.exit(1);
  }
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
  // Taken between the check and the listen.
  if ((error as { code?: unknown }).code === 'EADDRINUSE') {
    const { HOST, PORT } = loadConfig(process.env);
    console.error(portInUseMessage(HOST, PORT));
    process.exit(1);
  }
  throw error;
}
