import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const GENERATED = fileURLToPath(new URL('../../../packages/client/src/generated/paykit-api.ts', import.meta.url));

/** The JSON bodies the README's curl lines POST to create orders, shell splices ("'$PM'") made strings. */
const orderBodies = (): string[] =>
  [...readme.matchAll(/\$API\/2022-06-09\/orders -d '([\s\S]*?)'\)/g)].map((match) =>
    match[1]!.replaceAll(/'\$([A-Z_]+)'/g, (_whole, name: string) => name.toLowerCase()),
  );

/** TypeScript's diagnostics for `bodies` assigned to the typed client's create-order body type. */
const typeErrors = (bodies: readonly string[]): string[] => {
  const file = join(mkdtempSync(join(tmpdir(), 'readme-bodies-')), 'bodies.ts');
  const lines = bodies.map((body, index) => `export const body${index}: Body = ${body};`);
  writeFileSync(
    file,
    [
      `import type { paths } from ${JSON.stringify(GENERATED)};`,
      "type Body = paths['/2022-06-09/orders']['post']['requestBody']['content']['application/json'];",
      ...lines,
    ].join('\n'),
  );
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    skipLibCheck: true,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
};

describe("the README's order bodies against the typed client (@paykit/client)", () => {
  it('finds the onramp and offramp bodies, the offramp one with its lineItems array', () => {
    const bodies = orderBodies();
    expect(bodies).toHaveLength(2);
    expect(bodies.map((body) => JSON.parse(body).lineItems[0])).toEqual([
      expect.objectContaining({ tokenLocator: 'base-sepolia:usdc' }),
      expect.objectContaining({ currencyLocator: 'fiat:usd' }),
    ]);
  });

  it('type-checks every one of them; a body with a wrong field does not', () => {
    expect(typeErrors(orderBodies())).toEqual([]);
    const wrong = orderBodies()[1]!.replace('"lineItems"', '"lineItem"');
    expect(typeErrors([wrong]).join('\n')).toMatch(/lineItem/);
  }, 60_000);
});
