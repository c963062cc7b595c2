import { type Project, jwtRulesInForce } from '@paykit/platform';
import { CLI_CALLER } from '../context.js';
import {
  JWT_OPTIONS,
  JWT_RULES_USAGE,
  JWT_RULE_OPTIONS,
  environmentOption,
  jwtRulesOption,
  jwtWithRulesOption,
  requiredString,
} from './arguments.js';
import { type Command, JSON_OPTION, printJson } from './command.js';
import { table } from './table.js';
import { UsageError } from '../io.js';

const JWT_USAGE = '[--jwt-secret S | --jwt-public-key-file F | --jwt-jwks-url U]';

/** How a project's JWTs are verified, as `project list` and `project jwt` print it. */
const jwtSummary = (project: Project) => ({
  jwtVerification: project.jwt?.type ?? null,
  jwtRules: project.jwt === null ? null : jwtRulesInForce(project.jwt),
});

export const projectCreate: Command = {
  words: ['project', 'create'],
  usage: `project create --name NAME [--env staging|production] ${JWT_USAGE} ${JWT_RULES_USAGE} [--json]`,
  summary: 'Create a project with a server key (every scope) and a client key',
  options: { name: { type: 'string' }, env: { type: 'string' }, ...JWT_OPTIONS, ...JWT_RULE_OPTIONS, ...JSON_OPTION },
  async run(values, context) {
    const name = requiredString(values, 'name');
    const environment = environmentOption(values, context.defaultEnvironment);
    const jwt = jwtWithRulesOption(values, context.io.readFile, { rulesAlone: false });
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
      ...jwtSummary(project),
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
  usage: `project jwt --project ID (${JWT_USAGE.slice(1, -1)} | --none) ${JWT_RULES_USAGE} [--json]`,
  summary:
    "Set how the project's end-user JWTs are verified (what client keys need) and the issuer, audience and " +
    'lifetime they must have; rule options alone change those rules and keep the key',
  options: {
    project: { type: 'string' },
    none: { type: 'boolean' },
    ...JWT_OPTIONS,
    ...JWT_RULE_OPTIONS,
    ...JSON_OPTION,
  },
  async run(values, context) {
    const projectId = requiredString(values, 'project');
    const jwt = jwtWithRulesOption(values, context.io.readFile, { rulesAlone: true });
    const rules = jwtRulesOption(values);
    const none = values['none'] === true;
    if (jwt === null && !none && Object.keys(rules).length === 0) {
      throw new UsageError('Give one of --jwt-secret, --jwt-public-key-file, --jwt-jwks-url, --none, or JWT rules');
    }
    if (none && (jwt !== null || Object.keys(rules).length > 0)) {
      throw new UsageError('--none removes JWT verification: give no JWT key or rules with it');
    }
    const { projects } = await context.platform();
    const project =
      jwt === null && !none
        ? await projects.configureJwtRules(projectId, rules, CLI_CALLER)
        : await projects.configureJwt(projectId, jwt, CLI_CALLER);
    const summary = jwtSummary(project);
    if (values['json']) return printJson(context, { projectId, ...summary });
    context.io.stdout(`Project ${projectId}: JWT verification ${describe(summary)}\n`);
  },
};

const describe = ({ jwtVerification, jwtRules }: ReturnType<typeof jwtSummary>): string =>
  jwtRules === null
    ? 'removed'
    : `${jwtVerification}; issuer ${jwtRules.issuer ?? 'any'}; audience ${jwtRules.audience?.join(', ') ?? 'any'}; ` +
      `tokens living up to ${jwtRules.maxLifetimeSeconds} s`;
