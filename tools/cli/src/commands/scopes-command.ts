import { ALL_SCOPES, SCOPES } from '@paykit/platform';
import { type Command, JSON_OPTION, printJson } from './command.js';
import { table } from './table.js';

export const scopesList: Command = {
  words: ['scopes'],
  usage: 'scopes [--json]',
  summary: 'List every API scope, and which ones client keys may hold',
  options: { ...JSON_OPTION },
  async run(values, context) {
    const scopes = ALL_SCOPES.map((scope) => ({
      scope,
      clientSide: SCOPES[scope].clientSide,
      description: SCOPES[scope].description,
    }));
    if (values['json']) return printJson(context, scopes);
    context.io.stdout(
      table(
        ['SCOPE', 'CLIENT KEYS', 'DESCRIPTION'],
        scopes.map((entry) => [entry.scope, entry.clientSide ? 'yes' : 'no', entry.description]),
      ),
    );
  },
};
