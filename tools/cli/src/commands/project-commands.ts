import { CLI_CALLER } from '../context.js';
import { JWT_OPTIONS, environmentOption, jwtOption, requiredString } from './arguments.js';
import { type Command, JSON_OPTION, printJson } from './command.js';
import { table } from './table.js';
import { UsageError } from '../io.js';

const JWT_USAGE = '[--jwt-secret S | --jwt-public-key-file F | --jwt-jwks-url U]';

export const projectCreate: Command = {
  words: ['project', 'create'],
  usage: `project create --name NAME [--env staging|production] ${JWT_USAGE} [--json]`,
  summary: 'Create a project with a server key (every scope) and a client key',
  options: { name: { type: 'string' }, env: { type: 'string' }, ...JWT_OPTIONS, ...JSON_OPTION },
  async run(values, context) {
    const name = requiredString(values, 'name');
    const environment = environmentOption(values, context.defaultEnvironment);
    const jwt = jwtOption(values, context.io.readFile);
    const platform = await context.platform();
    const { project, serverKey, clientKey } = await platform.provisionProject({ name, environment, jwt }, CLI_CALLER);
    if (values['json']) return printJson(context, { projectId: project.projectId, serverKey, clientKey });
    context.io.stdout(
      [
        `Created ${environment} project "${project.name}": ${project.projectId}`,
        `Server key (every scope):        ${serverKey}`,
        `Client key (client-side scopes): ${clientKey}`,
        'The keys are shown this once; keep them somewhere safe.',
        '',
      ].join('\n'),
    );
  },
};

export const projectList: Command = {
  words: ['project', 'list'],
  usage: 'project list [--json]',
  summary: 'List projects',
  options: { ...JSON_OPTION },
  async run(values, context) {
    const projects = await (await context.platform()).projects.list();
    const listed = projects.map((project) => ({
      projectId: project.projectId,
      name: project.name,
      environment: project.environment,
      createdAt: project.createdAt,
      jwtVerification: project.jwt?.type ?? null,
      keys: project.keys.length,
    }));
    if (values['json']) return printJson(context, listed);
    context.io.stdout(
      table(
        ['PROJECT', 'NAME', 'ENV', 'JWT', 'KEYS', 'CREATED'],
        listed.map((p) => [p.projectId, p.name, p.environment, p.jwtVerification ?? '-', String(p.keys), p.createdAt]),
      ),
    );
  },
};

export const projectJwt: Command = {
  words: ['project', 'jwt'],
  usage: `project jwt --project ID (${JWT_USAGE.slice(1, -1)} | --none) [--json]`,
  summary: "Set how the project's end-user JWTs are verified (what client keys need)",
  options: { project: { type: 'string' }, none: { type: 'boolean' }, ...JWT_OPTIONS, ...JSON_OPTION },
  async run(values, context) {
    const projectId = requiredString(values, 'project');
    const jwt = jwtOption(values, context.io.readFile);
    if ((jwt === null) === (values['none'] !== true)) {
      throw new UsageError('Give one of --jwt-secret, --jwt-public-key-file, --jwt-jwks-url, or --none');
    }
    const project = await (await context.platform()).projects.configureJwt(projectId, jwt, CLI_CALLER);
    const jwtVerification = project.jwt?.type ?? null;
    if (values['json']) return printJson(context, { projectId, jwtVerification });
    context.io.stdout(`Project ${projectId}: JWT verification ${jwtVerification ?? 'removed'}\n`);
  },
};
