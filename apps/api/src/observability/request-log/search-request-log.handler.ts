import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { RequestLog } from './request-log.js';
import type { RequestLogEntry } from './request-log-store.js';

/** How many of the newest requests a search without a request id shows. */
export const NEWEST_SHOWN = 20;

/**
 * The project's request log: the entries of one request id (newest first; a caller may send the
 * same `x-request-id` twice), or its newest requests. Only the project's: another project's
 * request id finds nothing.
 */
export class SearchRequestLog extends Query<RequestLogEntry[]> {
  constructor(
    readonly projectId: string,
    readonly requestId: string | null,
  ) {
    super();
  }
}

@QueryHandler(SearchRequestLog)
export class SearchRequestLogHandler implements IQueryHandler<SearchRequestLog> {
  constructor(private readonly log: RequestLog) {}

  execute({ projectId, requestId }: SearchRequestLog): Promise<RequestLogEntry[]> {
    return Promise.resolve(
      requestId === null ? this.log.newest(projectId, NEWEST_SHOWN) : this.log.byRequestId(projectId, requestId),
    );
  }
}
