// Lets a plain `node` child process (a server to SIGKILL, a second instance, a benchmark's API) run
// the workspace's TypeScript sources the way jest does: with `--conditions=@paykit/source` each
// package resolves to its src, `.js` specifiers fall back to the `.ts` file beside them, and `.ts`
// is transpiled on load with the compiler options of tsconfig.base.json that change the output
// (decorator metadata, which Nest's injection reads). Each output is cached under the OS temp
// directory by file and content, so a server restarted many times transpiles a file once.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pid } from 'node:process';
import { URL, fileURLToPath } from 'node:url';

const CACHE = join(tmpdir(), 'paykit-ts-loader-v2');

/** TypeScript loads only on a cache miss: importing it costs most of a second. */
const transpile = async (text, fileName) => {
  const { default: ts } = await import('typescript');
  const compilerOptions = {
    module: ts.ModuleKind.ESNext,
    target: ts.ScriptTarget.ES2023,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
  };
  return ts.transpileModule(text, { fileName, compilerOptions }).outputText;
};

export async function resolve(specifier, context, nextResolve) {
  // A source file's `./x.js` is `./x.ts` beside it: looked up first, since failing on `./x.js`
  // (an error with its stack, across the hooks thread) cost each server start ~0.5 CPU s.
  if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
    const source = new URL(`${specifier.slice(0, -3)}.ts`, context.parentURL);
    if (existsSync(source)) return { url: source.href, format: 'module', shortCircuit: true };
  }
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
  const text = await readFile(fileName, 'utf8');
  const cached = join(CACHE, `${createHash('sha256').update(fileName).update('\0').update(text).digest('hex')}.js`);
  const hit = await readFile(cached, 'utf8').catch(() => null);
  if (hit !== null) return { format: 'module', source: hit, shortCircuit: true };
  const source = await transpile(text, fileName);
  // Written aside and renamed, so a process starting at the same time never reads half a file.
  await mkdir(CACHE, { recursive: true });
  await writeFile(`${cached}.${pid}`, source);
  await rename(`${cached}.${pid}`, cached);
  return { format: 'module', source, shortCircuit: true };
}
