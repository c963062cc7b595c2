import { ALL_SCOPES, isDisplayPrefix } from '@paykit/platform';
import { CLI_CALLER } from '../context.js';
import { UsageError } from '../io.js';
import { kindOption, requiredString, scopesOption } from './arguments.js';
import { type Command, JSON_OPTION, printJson } from './command.js';
import { table } from './table.js';

export const keyCreate: Command = {
  words: ['key', 'create'],
  usage: 'key create --project ID --kind server|client [--scopes a,b] [--json]',
  summary: 'Issue an API key (default scopes: every scope for server keys, the client-side set for client keys)',
  options: { project: { type: 'string' }, kind: { type: 'string' }, scopes: { type: 'string' }, ...JSON_OPTION },
  async run(values, context) {
    const projectId = requiredString(values, 'project');
    const kind = kindOption(values);
    const scopes = scopesOption(values);
    const platform = await context.platform();
    const { key, apiKey } = await platform.apiKeys.issue(
      { projectId, kind, ...(scopes ? { scopes } : {}) },
      CLI_CALLER,
    );
    if (values['json']) return printJson(context, { key });
    context.io.stdout(
      `${key}\nShown this once. Prefix ${apiKey.displayPrefix}, scopes: ${apiKey.scopes.join(', ') || '(none)'}\n`,
    );
  },
};

export const keyRevoke: Command = {
  words: ['key', 'revoke'],
  usage: 'key revoke --project ID --key-prefix P [--json]',
  summary: 'Revoke a key by the display prefix `key list` shows (e.g. sk_staging_AbCd1234)',
  options: { project: { type: 'string' }, 'key-prefix': { type: 'string' }, ...JSON_OPTION },
  async run(values, context) {
    const projectId = requiredString(values, 'project');
    const prefix = requiredString(values, 'key-prefix');
    if (!isDisplayPrefix(prefix)) {
      throw new UsageError(
        `--key-prefix must be a display prefix such as sk_staging_AbCd1234, not ${prefix.slice(0, 24)}`,
      );
    }
    const revoked = await (await context.platform()).apiKeys.revokeByPrefix(projectId, prefix, CLI_CALLER);
    if (values['json'])
      return printJson(context, { prefix: revoked.displayPrefix, status: 'revoked', revokedAt: revoked.revokedAt });
    context.io.stdout(`Revoked ${revoked.displayPrefix}\n`);
  },
};

export const keyList: Command = {
  words: ['key', 'list'],
  usage: 'key list --project ID [--json]',
  summary: "List a project's keys: prefix, kind, status, scopes (never a secret)",
  options: { project: { type: 'string' }, ...JSON_OPTION },
  async run(values, context) {
    const projectId = requiredString(values, 'project');
    const keys = await (await context.platform()).apiKeys.list(projectId);
    const listed = keys.map((key) => ({
      prefix: key.displayPrefix,
      kind: key.kind,
      status: key.status,
      scopes: key.scopes,
      issuedAt: key.issuedAt,
      revokedAt: key.revokedAt,
    }));
    if (values['json']) return printJson(context, listed);
    context.io.stdout(
      table(
        ['PREFIX', 'KIND', 'STATUS', 'ISSUED', 'SCOPES'],
        listed.map((key) => [key.prefix, key.kind, key.status, key.issuedAt, describeScopes(key.scopes)]),
      ),
    );
  },
};

const describeScopes = (scopes: readonly string[]): string =>
  scopes.length === ALL_SCOPES.length ? `every scope (${scopes.length})` : scopes.join(',') || '(none)';
