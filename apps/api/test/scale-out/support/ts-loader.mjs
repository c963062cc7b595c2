// Lets a plain `node` child process run the workspace's TypeScript sources as jest does (the
// `@paykit/source` condition picks each package's src): `.js` specifiers fall back to the `.ts`
// file next to them, and `.ts` is transpiled on load, with decorator metadata for Nest. Each
// transpiled file is cached under the OS temp directory by its path and content, so the
// processes of a test start in seconds after the first.
import { createHash } from 'node:crypto';
import process from 'node:process';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CACHE = join(tmpdir(), 'paykit-ts-loader-cache');
await mkdir(CACHE, { recursive: true });
let typescript = null;

const COMPILER_OPTIONS = {
  module: 'ESNext',
  target: 'ES2022',
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
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
  const text = await readFile(fileName, 'utf8');
  const cached = join(
    CACHE,
    `${createHash('sha256').update(fileName).update('\0').update(text).digest('hex').slice(0, 40)}.js`,
  );
  try {
    return { format: 'module', source: await readFile(cached, 'utf8'), shortCircuit: true };
  } catch {
    // not transpiled yet
  }
  typescript ??= (await import('typescript')).default;
  const compilerOptions = typescript.convertCompilerOptionsFromJson(COMPILER_OPTIONS, '').options;
  const { outputText } = typescript.transpileModule(text, { fileName, compilerOptions });
  // Written aside and renamed: a process starting at the same time never reads half a file.
  const draft = `${cached}.${process.pid}.tmp`;
  await writeFile(draft, outputText);
  await rename(draft, cached);
  return { format: 'module', source: outputText, shortCircuit: true };
}
