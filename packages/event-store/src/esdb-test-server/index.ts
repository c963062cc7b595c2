export { startEsdbTestServer, type EsdbTestServer, type EsdbTestServerOptions } from './test-server.js';
