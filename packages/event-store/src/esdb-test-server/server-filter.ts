import type { LogRecord } from './event-log.js';

/** A `$all` filter as the protocol states it: on stream names or event types, by regex or prefixes. */
export interface ServerFilter {
  readonly on: 'stream' | 'eventType';
  readonly regex: string;
  readonly prefixes: readonly string[];
}

interface FilterExpression {
  getRegex(): string;
  getPrefixList(): string[];
}

interface FilterMessage {
  hasStreamIdentifier(): boolean;
  getStreamIdentifier(): FilterExpression | undefined;
  getEventType(): FilterExpression | undefined;
}

/** Reads the filter of a read or a persistent-subscription request; null when unfiltered. */
export const serverFilterOf = (message: FilterMessage | undefined): ServerFilter | null => {
  if (!message) return null;
  const on = message.hasStreamIdentifier() ? 'stream' : 'eventType';
  const expression = on === 'stream' ? message.getStreamIdentifier() : message.getEventType();
  if (!expression) return null;
  return { on, regex: expression.getRegex(), prefixes: expression.getPrefixList() };
};

export const compileFilter = (filter: ServerFilter | null): ((record: LogRecord) => boolean) => {
  if (!filter) return () => true;
  const regex = filter.regex ? new RegExp(filter.regex) : null;
  return (record) => {
    const value = filter.on === 'stream' ? record.streamName : record.type;
    if (regex && !regex.test(value)) return false;
    return filter.prefixes.length === 0 || filter.prefixes.some((prefix) => value.startsWith(prefix));
  };
};
