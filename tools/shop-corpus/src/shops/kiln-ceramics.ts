import { decimal, dollars, esc, jsonLd } from '../server/html.js';
import type { Route, ShopDefinition } from '../server/shop-server.js';

const VASE = { name: 'Speckled Bud Vase', sku: 'KC-BUD-07', cents: 6400 };

export const kilnCeramics: ShopDefinition<Record<string, never>> = {
  id: 'kiln-ceramics',
  name: 'Kiln Ceramics',
  hard: 'Sold out: OutOfStock in JSON-LD and a disabled "Sold out" button, next to a "Notify me" email form that must not be mistaken for a checkout.',
  cookie: 'kiln',
  orderBook: { currency: 'USD', numberFor: (n) => `K${n}` },
  newSession: () => ({}),
  routes: (): Route<Record<string, never>>[] => [
    {
      method: 'GET',
      path: '/collections/vases/speckled-bud-vase',
      handle: () => ({
        html: `<!doctype html><html><head><meta charset="utf-8"><title>${VASE.name} | Kiln Ceramics</title>
${jsonLd({ '@context': 'https://schema.org', '@type': 'Product', name: VASE.name, sku: VASE.sku, offers: { '@type': 'Offer', price: decimal(VASE.cents), priceCurrency: 'USD', availability: 'https://schema.org/OutOfStock' } })}
<style>body{font-family:serif;margin:50px}button[disabled]{background:#ddd;color:#888}</style></head><body>
<h1>${esc(VASE.name)}</h1><p>${dollars(VASE.cents)}</p><p>Wheel-thrown stoneware, each one a little different.</p>
<button type="button" disabled>Sold out</button>
<form method="post" action="/notify"><label>Email me when it's back <input type="email" name="email"></label> <button type="submit">Notify me</button></form>
</body></html>`,
      }),
    },
    { method: 'POST', path: '/notify', handle: () => ({ html: '<!doctype html><p>We will let you know.</p>' }) },
  ],
};
