import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { GENERATED_TYPES_PATH, REGENERATE_COMMAND, renderClientTypes } from '@paykit/client/generate';
import { fetchJson } from '../support/http-client.js';
import { type TestServer, startServer } from '../support/start-server.js';

const generatedFile = new URL(`../../../../packages/client/${GENERATED_TYPES_PATH}`, import.meta.url);

/**
 * packages/client's types are generated from the document this server serves. When a route or a
 * contract changes, this test fails until they are regenerated (UPDATE_CLIENT_TYPES=1 writes them).
 */
describe('the typed client', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { EVENT_STORE: 'memory' } });
  });
  afterAll(() => server.close());

  it("is generated from the running app's OpenAPI document", async () => {
    const document = (await fetchJson(`${server.rootUrl}/openapi.json`)).body as object;
    const expected = await renderClientTypes(document);
    if (process.env['UPDATE_CLIENT_TYPES'] === '1') writeFileSync(generatedFile, expected);
    const committed = existsSync(generatedFile) ? readFileSync(generatedFile, 'utf8') : '';
    if (committed !== expected) {
      throw new Error(
        `packages/client/${GENERATED_TYPES_PATH} is out of date with /openapi.json. Regenerate it: ${REGENERATE_COMMAND}`,
      );
    }
  });
});
