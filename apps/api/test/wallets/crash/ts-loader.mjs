// Lets a plain `node` child process run the API's TypeScript sources the way jest does:
// `.js` specifiers fall back to the `.ts` file next to them, and `.ts` is transpiled on load,
// with the decorator metadata Nest's dependency injection reads. Transpiled files are cached
// by content hash, so a restarted server starts in a fraction of the first start's time.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const CACHE = join(tmpdir(), 'paykit-api-ts-loader-v1');

/** TypeScript loads only on a cache miss: importing it costs most of a second. */
const transpile = async (source, fileName) => {
  const { default: ts } = await import('typescript');
  const compilerOptions = {
    module: ts.ModuleKind.ESNext,
    target: ts.ScriptTarget.ES2022,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    useDefineForClassFields: false,
  };
  return ts.transpileModule(source, { fileName, compilerOptions }).outputText;
};

export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    if (specifier.startsWith('.') && specifier.endsWith('.js'))
      return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
    throw error;
  }
}

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.ts')) return nextLoad(url, context);
  const fileName = fileURLToPath(url);
  const source = await readFile(fileName, 'utf8');
  const cached = join(CACHE, `${createHash('sha256').update(fileName).update('\0').update(source).digest('hex')}.js`);
  const hit = await readFile(cached, 'utf8').catch(() => null);
  if (hit !== null) return { format: 'module', source: hit, shortCircuit: true };
  const output = await transpile(source, fileName);
  // Written aside and renamed, so a concurrent reader never sees half a file.
  await mkdir(CACHE, { recursive: true });
  await writeFile(`${cached}.${process.pid}`, output);
  await rename(`${cached}.${process.pid}`, cached);
  return { format: 'module', source: output, shortCircuit: true };
}
