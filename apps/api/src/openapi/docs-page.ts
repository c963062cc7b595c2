import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Scalar's API reference (its standalone bundle, as its Fastify integration ships it), served by
 * us: the page loads nothing from elsewhere and works offline (docs/adr/0802).
 */
const scalarDirectory = dirname(createRequire(import.meta.url).resolve('@scalar/fastify-api-reference'));

const FILES: Readonly<Record<string, string>> = {
  'scalar-standalone.js': join(scalarDirectory, 'js', 'standalone.js'),
};

export const DOCS_ASSETS: Readonly<Record<string, string>> = {
  'scalar-standalone.js': 'application/javascript; charset=utf-8',
};

const cache = new Map<string, Buffer>();

/** The asset's bytes, or null for a name outside the allow-list (no path traversal possible). */
export const docsAsset = (name: string): Buffer | null => {
  if (!Object.hasOwn(DOCS_ASSETS, name)) return null;
  let bytes = cache.get(name);
  if (!bytes) {
    bytes = readFileSync(FILES[name]!);
    cache.set(name, bytes);
  }
  return bytes;
};

/**
 * No web fonts (they come from a CDN), no developer toolbar (it links to Scalar's cloud), no
 * telemetry; "Test Request" calls this server from the page, so no proxy either.
 */
const SCALAR_CONFIGURATION = {
  withDefaultFonts: false,
  showDeveloperTools: 'never',
  telemetry: false,
  persistAuth: true,
} as const;

const attribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export const docsPage = (specUrl: string, assetsUrl: string): string => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>PayKit API reference</title>
  <link rel="icon" href="data:,">
</head>
<body>
  <script id="api-reference" data-url="${attribute(specUrl)}" data-configuration="${attribute(JSON.stringify(SCALAR_CONFIGURATION))}"></script>
  <script src="${assetsUrl}/scalar-standalone.js"></script>
</body>
</html>
`;
