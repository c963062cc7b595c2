import { Cart } from '../server/cart.js';
import { esc, jsonLd } from '../server/html.js';
import type { Route, ShopDefinition } from '../server/shop-server.js';

interface Session {
  readonly cart: Cart;
}

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
const OATCAKES = { name: 'Heather Honey Oatcakes', sku: 'HL-OAT-6', pence: 1800 };

const page = (
  title: string,
  body: string,
  head = '',
) => `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><title>${esc(title)} – Highland Larder</title>${head}
<style>body{font-family:Georgia;margin:0 10%}.note{background:#f3efe3;padding:8px}label{display:block;margin-top:8px}</style></head><body><h3>Highland Larder</h3>${body}</body></html>`;

export const highlandLarder: ShopDefinition<Session> = {
  id: 'highland-larder',
  name: 'Highland Larder',
  hard: "Prices in pounds sterling (£), compared with a maxCost in dollars; it delivers to the UK only, which shows as a country select without the buyer's country (and a note), not as an error message.",
  cookie: 'larder',
  orderBook: { currency: 'GBP', numberFor: (n) => `HL${1000 + n}` },
  newSession: () => ({ cart: new Cart() }),
  routes: (): Route<Session>[] => [
    {
      method: 'GET',
      path: '/larder/oatcakes',
      handle: () => ({
        html: page(
          OATCAKES.name,
          `<h1>${OATCAKES.name}</h1><p>Six packs of oatcakes baked with heather honey.</p><p>${pounds(OATCAKES.pence)}</p>
<form method="post" action="/basket"><button type="submit">Add to basket</button></form>`,
          jsonLd({
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: OATCAKES.name,
            sku: OATCAKES.sku,
            offers: {
              '@type': 'Offer',
              price: '18.00',
              priceCurrency: 'GBP',
              availability: 'https://schema.org/InStock',
            },
          }),
        ),
      }),
    },
    {
      method: 'POST',
      path: '/basket',
      handle: ({ session }) => {
        session.cart.add({ sku: OATCAKES.sku, name: OATCAKES.name, quantity: 1, unitCents: OATCAKES.pence });
        return { redirect: '/basket' };
      },
    },
    {
      method: 'GET',
      path: '/basket',
      handle: ({ session }) => ({
        html: page(
          'Basket',
          `<h1>Basket</h1><p>${session.cart.count} item(s), ${pounds(session.cart.subtotalCents)}</p><form method="get" action="/checkout"><button>Checkout</button></form>`,
        ),
      }),
    },
    {
      method: 'GET',
      path: '/checkout',
      handle: () => ({
        html: page(
          'Delivery',
          `<h1>Delivery details</h1><p class="note">We deliver to addresses in the United Kingdom.</p>
<form method="post" action="/checkout"><label>Full name <input name="name" autocomplete="name" required></label><label>Email <input name="email" type="email" autocomplete="email" required></label>
<label>Address <input name="line1" autocomplete="address-line1" required></label><label>Town <input name="town" autocomplete="address-level2" required></label>
<label>Postcode <input name="postcode" autocomplete="postal-code" required></label>
<label>Country <select name="country" autocomplete="country"><option value="GB">United Kingdom</option></select></label>
<button type="submit">Continue to payment</button></form>`,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/checkout',
      handle: () => ({ html: page('Payment', '<h1>Payment</h1><p>Card payments only.</p>') }),
    },
  ],
};
