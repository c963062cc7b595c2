import { UsageError } from './io.js';

/** The store the API is configured with: what every command but `migrate` works on. */
export type StoreChoice = { readonly kind: 'sqlite' } | { readonly kind: 'esdb'; readonly connectionString: string };

const CONNECTION_STRING = /^(esdb|kurrentdb|kdb)(\+discover)?:\/\//;

/**
 * EVENT_STORE as the API reads it (sqlite by default, esdb with EVENTSTORE_CONNECTION_STRING).
 * `memory` lives and dies with one process: there is nothing for a CLI to administer.
 */
export const storeChoiceOf = (env: Readonly<Record<string, string | undefined>>): StoreChoice => {
  const kind = env['EVENT_STORE'] || 'sqlite';
  switch (kind) {
    case 'sqlite':
      return { kind: 'sqlite' };
    case 'esdb': {
      const connectionString = env['EVENTSTORE_CONNECTION_STRING'];
      if (!connectionString)
        throw new UsageError('EVENT_STORE=esdb needs EVENTSTORE_CONNECTION_STRING (esdb://host:2113?tls=false)');
      if (!CONNECTION_STRING.test(connectionString)) {
        throw new UsageError('EVENTSTORE_CONNECTION_STRING must be an esdb:// or esdb+discover:// connection string');
      }
      return { kind: 'esdb', connectionString };
    }
    case 'memory':
      throw new UsageError(
        'EVENT_STORE=memory: the CLI works on a durable store shared with the server (sqlite or esdb)',
      );
    default:
      throw new UsageError(`EVENT_STORE must be sqlite or esdb, not ${kind}`);
  }
};
