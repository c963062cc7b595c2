import { Cart } from '../server/cart.js';
import { decimal, dollars, jsonLd } from '../server/html.js';
import type { Route, ShopDefinition } from '../server/shop-server.js';

interface Session {
  readonly cart: Cart;
}

const STOVE = { name: 'Summit Ti Camp Stove', sku: 'SG-STOVE', cents: 5900 };

export const summitGear: ShopDefinition<Session> = {
  id: 'summit-gear',
  name: 'Summit Gear',
  hard: 'A human-verification challenge (a Turnstile-style widget and "confirm you\'re not a robot") appears only at checkout, after the item is in the cart.',
  cookie: 'sg',
  orderBook: { currency: 'USD', numberFor: (n) => `SG-${n}` },
  newSession: () => ({ cart: new Cart() }),
  routes: (): Route<Session>[] => [
    {
      method: 'GET',
      path: '/gear/camp-stove',
      handle: () => ({
        html: `<!doctype html><html><head><meta charset="utf-8"><title>${STOVE.name}</title>
${jsonLd({ '@context': 'https://schema.org', '@type': 'Product', name: STOVE.name, sku: STOVE.sku, offers: { '@type': 'Offer', price: decimal(STOVE.cents), priceCurrency: 'USD', availability: 'https://schema.org/InStock' } })}</head>
<body style="font-family:sans-serif"><h1>${STOVE.name}</h1><p>${dollars(STOVE.cents)}</p><form method="post" action="/cart/add"><button>Add to cart</button></form></body></html>`,
      }),
    },
    {
      method: 'POST',
      path: '/cart/add',
      handle: ({ session }) => {
        session.cart.add({ sku: STOVE.sku, name: STOVE.name, quantity: 1, unitCents: STOVE.cents });
        return { redirect: '/cart' };
      },
    },
    {
      method: 'GET',
      path: '/cart',
      handle: ({ session }) => ({
        html: `<!doctype html><title>Cart</title><h1>Cart (${session.cart.count})</h1><a href="/checkout">Check out</a>`,
      }),
    },
    {
      method: 'GET',
      path: '/checkout',
      handle: () => ({
        html: `<!doctype html><html><head><title>Checkout</title></head><body style="font-family:sans-serif"><h2>One more step</h2>
<p>Please confirm you're not a robot to continue to checkout.</p><div class="cf-turnstile" data-sitekey="0x4AAAAAAA" style="width:300px;height:65px;border:1px solid #ccc"></div>
<form method="post" action="/checkout"><button type="submit">Continue</button></form></body></html>`,
      }),
    },
  ],
};
