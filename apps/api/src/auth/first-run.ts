import type { INestApplicationContext } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import type { Clock, IdGenerator } from '@paykit/kernel';
import { Platform, type ProvisionedProject, SecretBox } from '@paykit/platform';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, ID_GENERATOR } from '../infrastructure/tokens.js';

/**
 * First start on an empty store: creates a development project in APP_ENV's environment and
 * prints its keys once, plainly on stdout (not through the JSON logger: this is for the person
 * at the terminal), with a curl line to try. Later starts print nothing.
 * Call it once the server listens, so the curl line works when it appears.
 */
export const ensureFirstRunProject = async (
  app: INestApplicationContext,
  options: {
    /** The API's `{base_url}` for the curl line; defaults to localhost, PORT and API_PREFIX. */
    readonly baseUrl?: string;
    readonly write?: (text: string) => void;
  } = {},
): Promise<ProvisionedProject | null> => {
  const config = app.get<AppConfig>(APP_CONFIG);
  const platform = new Platform({
    store: app.get<EventStore>(EVENT_STORE),
    clock: app.get<Clock>(CLOCK),
    ids: app.get<IdGenerator>(ID_GENERATOR),
    // The development project is created without JWT settings: nothing to seal.
    secrets: new SecretBox(() => {
      throw new Error('the first-run project seals no secret');
    }),
  });
  const provisioned = await platform.provisionFirstRunProject(config.APP_ENV);
  if (!provisioned) return null;
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  write(firstRunBanner(provisioned, options.baseUrl ?? `http://localhost:${config.PORT}${config.API_PREFIX}`));
  return provisioned;
};

export const firstRunBanner = ({ project, serverKey, clientKey }: ProvisionedProject, baseUrl: string): string =>
  [
    '',
    `First run: created the ${project.environment} project "${project.name}" (${project.projectId}).`,
    'Its API keys are shown this once; keep them somewhere safe.',
    '',
    `  Server key: ${serverKey}`,
    `  Client key: ${clientKey}`,
    '    (a client key also needs an end-user JWT: set how the project verifies them with',
    `     pnpm cli project jwt --project ${project.projectId} --jwt-jwks-url <url>)`,
    '',
    'Try it:',
    `  curl -H "X-API-KEY: ${serverKey}" ${baseUrl}/unstable/projects/current`,
    '',
    '',
  ].join('\n');
