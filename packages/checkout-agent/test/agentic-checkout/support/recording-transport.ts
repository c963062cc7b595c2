import { type HttpTransport, nodeHttpTransport } from '../../../src/index.js';
import type { Exchange } from './acp-schemas.js';

const json = (text: string | undefined): unknown => {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** The runner's real transport, keeping every exchange as it went over the wire. */
export const recordingTransport = (): { readonly transport: HttpTransport; readonly exchanges: Exchange[] } => {
  const inner = nodeHttpTransport();
  const exchanges: Exchange[] = [];
  return {
    exchanges,
    transport: async (url, request) => {
      const response = await inner(url, request);
      exchanges.push({
        method: request.method,
        url: new URL(url.href),
        requestBody: json(request.body),
        headers: request.headers,
        status: response.status,
        responseBody: json(response.body),
      });
      return response;
    },
  };
};
