import { OPERATOR_ROLES, isOperatorRole } from '@paykit/platform';
import { CLI_CALLER } from '../context.js';
import { UsageError } from '../io.js';
import { requiredString } from './arguments.js';
import { type Command, JSON_OPTION, printJson } from './command.js';
import { table } from './table.js';

const passwordFromStdin = async (read: (() => Promise<string>) | undefined): Promise<string> => {
  if (!read) throw new UsageError('--password-stdin needs a standard input to read');
  const password = (await read()).split(/\r?\n/)[0] ?? '';
  if (password === '') throw new UsageError('--password-stdin read no password (pipe one line)');
  return password;
};

export const operatorCreate: Command = {
  words: ['operator', 'create'],
  usage: `operator create --email E --role ${OPERATOR_ROLES.join('|')} --project ID[,ID...] [--password-stdin] [--json]`,
  summary:
    'Create a console operator (admin: everything and operators; developer: writes; support: read-only) on ' +
    'the given projects; prints a one-time password unless --password-stdin gives one',
  options: {
    email: { type: 'string' },
    role: { type: 'string' },
    project: { type: 'string' },
    'password-stdin': { type: 'boolean' },
    ...JSON_OPTION,
  },
  async run(values, context) {
    const email = requiredString(values, 'email');
    const role = requiredString(values, 'role');
    if (!isOperatorRole(role)) throw new UsageError(`--role must be one of ${OPERATOR_ROLES.join(', ')}, not ${role}`);
    const projectIds = requiredString(values, 'project')
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== '');
    const given = values['password-stdin'] ? await passwordFromStdin(context.io.readStdin) : undefined;
    const platform = await context.platform();
    const { operator, password } = await platform.operators.create(
      { email, role, projectIds, ...(given === undefined ? {} : { password: given }) },
      CLI_CALLER,
    );
    if (values['json']) return printJson(context, { operatorId: operator.operatorId, email: operator.email, password });
    context.io.stdout(
      [
        `Created ${operator.role} ${operator.email} (${operator.operatorId}) on ${operator.projectIds.join(', ')}`,
        ...(password === null ? [] : [`One-time password: ${password}`, 'Shown this once; log in at /console.']),
        '',
      ].join('\n'),
    );
  },
};

export const operatorList: Command = {
  words: ['operator', 'list'],
  usage: 'operator list [--json]',
  summary: 'List console operators, their roles and projects',
  options: { ...JSON_OPTION },
  async run(values, context) {
    const operators = await (await context.platform()).operators.list();
    if (values['json']) return printJson(context, operators);
    context.io.stdout(
      table(
        ['OPERATOR', 'EMAIL', 'ROLE', 'PROJECTS', 'CREATED'],
        operators.map((o) => [o.operatorId, o.email, o.role, o.projectIds.join(','), o.createdAt]),
      ),
    );
  },
};
