export { main, EXIT } from './cli.js';
export { type CliIo, processIo } from './io.js';
