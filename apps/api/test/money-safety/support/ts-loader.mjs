// Lets a plain `node` child process run the API's TypeScript sources, Nest decorators included.
// The event store's loader resolves `.js` specifiers to the `.ts` beside them; this one
// transpiles with decorator metadata (Nest's injection reads it) and keeps each output in a
// cache keyed by the file and its text, so a server restarted many times transpiles a file once.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pid } from 'node:process';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export { resolve } from '../../../../../packages/event-store/test/crash/ts-loader.mjs';

const CACHE = join(tmpdir(), `paykit-ts-loader-${ts.version}`);
const OPTIONS = {
  module: ts.ModuleKind.ESNext,
  target: ts.ScriptTarget.ES2022,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  useDefineForClassFields: false,
};

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.ts')) return nextLoad(url, context);
  const fileName = fileURLToPath(url);
  const text = await readFile(fileName, 'utf8');
  const cached = join(CACHE, `${createHash('sha256').update(`${fileName}\0${text}`).digest('hex')}.js`);
  let source = await readFile(cached, 'utf8').catch(() => null);
  if (source === null) {
    source = ts.transpileModule(text, { fileName, compilerOptions: OPTIONS }).outputText;
    await mkdir(CACHE, { recursive: true });
    // Written aside and renamed: concurrent children never read half a file.
    await writeFile(`${cached}.${pid}`, source);
    await rename(`${cached}.${pid}`, cached);
  }
  return { format: 'module', source, shortCircuit: true };
}
