import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Swagger UI from the swagger-ui-dist package, served by us: the page works offline. */
const swaggerUiDirectory = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

export const DOCS_ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const cache = new Map<string, Buffer>();

/** The asset's bytes, or null for a name outside the allow-list (no path traversal possible). */
export const docsAsset = (name: string): Buffer | null => {
  if (!Object.hasOwn(DOCS_ASSETS, name)) return null;
  let bytes = cache.get(name);
  if (!bytes) {
    bytes = readFileSync(join(swaggerUiDirectory, name));
    cache.set(name, bytes);
  }
  return bytes;
};

export const docsPage = (specUrl: string, assetsUrl: string): string => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>PayKit API reference</title>
  <link rel="stylesheet" href="${assetsUrl}/swagger-ui.css">
  <link rel="icon" type="image/png" href="${assetsUrl}/favicon-32x32.png">
</head>
<body>
  <div id="reference"></div>
  <script src="${assetsUrl}/swagger-ui-bundle.js"></script>
  <script src="${assetsUrl}/swagger-ui-standalone-preset.js"></script>
  <script>
    window.ui = SwaggerUIBundle({
      url: ${JSON.stringify(specUrl)},
      dom_id: '#reference',
      deepLinking: true,
      persistAuthorization: true,
      presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
      layout: 'StandaloneLayout',
    });
  </script>
</body>
</html>
`;
