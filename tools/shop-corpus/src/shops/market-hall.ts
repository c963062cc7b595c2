import { type CardFormStyle, cardFormFields, payByCardForm } from '../server/card-form.js';
import { Cart } from '../server/cart.js';
import { decimal, dollars, esc, jsonLd, taxOn } from '../server/html.js';
import { US_STATES, filled } from '../server/places.js';
import type { Route, ShopDefinition } from '../server/shop-server.js';

/** The shop's own card form (docs/adr/0245). */
const CARD: CardFormStyle = {
  prefix: 'card_',
  expiry: { kind: 'one-field', placeholder: 'MM/YY' },
  autocomplete: true,
};

interface Session {
  readonly cart: Cart;
  email?: string;
}

const KETTLE = { name: 'Copper Pour-Over Kettle', sku: 'MH-KETTLE', listed: 3000, charged: 3800 };
const SHIPPING = 650;
const TAX_BP = 825;

const wrap = (
  title: string,
  body: string,
  head = '',
) => `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)} — Market Hall</title>${head}
<style>body{font-family:Optima,sans-serif;margin:30px auto;max-width:720px}.warn{background:#fff3cd;border:1px solid #e0c36c;padding:10px}dl{display:grid;grid-template-columns:200px 120px}dd{margin:0}</style></head>
<body><nav><a href="/">Market Hall</a></nav>${body}</body></html>`;

/** The cart at the price the shop charges now, which rose after the item was added. */
const charged = (cart: Cart) =>
  cart.lines.map((line) => ({ ...line, unitCents: line.sku === KETTLE.sku ? KETTLE.charged : line.unitCents }));
const sum = (lines: { quantity: number; unitCents: number }[]) =>
  lines.reduce((total, line) => total + line.quantity * line.unitCents, 0);

export const marketHall: ShopDefinition<Session> = {
  id: 'market-hall',
  name: 'Market Hall',
  hard: 'The price rises between the product page ($30.00) and the review page ($38.00), announced in a role=status banner; totals as a description list; with shipping and tax the new total is above maxCost.',
  cookie: 'mh',
  orderBook: { currency: 'USD', numberFor: (n) => `MH${n}` },
  newSession: () => ({ cart: new Cart() }),
  routes: ({ orders }): Route<Session>[] => [
    {
      method: 'GET',
      path: '/item/copper-kettle',
      handle: () => ({
        html: wrap(
          KETTLE.name,
          `<h1>${KETTLE.name}</h1><p>Gooseneck spout, 0.9 l.</p><p class="price">${dollars(KETTLE.listed)}</p><form method="post" action="/cart"><button>Add to cart</button></form>`,
          jsonLd({
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: KETTLE.name,
            sku: KETTLE.sku,
            offers: {
              '@type': 'Offer',
              price: decimal(KETTLE.listed),
              priceCurrency: 'USD',
              availability: 'https://schema.org/InStock',
            },
          }),
        ),
      }),
    },
    {
      method: 'POST',
      path: '/cart',
      handle: ({ session }) => {
        session.cart.add({ sku: KETTLE.sku, name: KETTLE.name, quantity: 1, unitCents: KETTLE.listed });
        return { redirect: '/cart' };
      },
    },
    {
      method: 'GET',
      path: '/cart',
      handle: ({ session }) => ({
        html: wrap(
          'Cart',
          `<h1>Cart</h1><p>${session.cart.count} × ${KETTLE.name} — ${dollars(session.cart.subtotalCents)}</p><a href="/checkout">Proceed to checkout</a>`,
        ),
      }),
    },
    {
      method: 'GET',
      path: '/checkout',
      handle: () => ({
        html: wrap(
          'Checkout',
          `<h1>Shipping address</h1><form method="post" action="/checkout">
<p><label>Full name <input name="fullname" autocomplete="name" required></label></p><p><label>Email <input name="email" type="email" required></label></p>
<p><label>Street <input name="street" autocomplete="street-address" required></label></p><p><label>City <input name="city" required></label></p>
<p><label>State <select name="state" required><option value="">Choose</option>${US_STATES.map(([code]) => `<option>${code}</option>`).join('')}</select></label></p>
<p><label>ZIP <input name="zip" required></label></p><button type="submit">Continue</button></form>`,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/checkout',
      handle: ({ form, session }) => {
        if (!['fullname', 'email', 'street', 'city', 'state', 'zip'].every((name) => filled(form.get(name))))
          return { redirect: '/checkout' };
        session.email = form.get('email') ?? '';
        return { redirect: '/review' };
      },
    },
    {
      method: 'GET',
      path: '/review',
      handle: ({ session }) => {
        const lines = charged(session.cart);
        const items = sum(lines);
        const total = items + SHIPPING + taxOn(items, TAX_BP);
        return {
          html: wrap(
            'Review',
            `<h1>Review</h1><div class="warn" role="status">Heads up: the price of ${KETTLE.name} went up to ${dollars(KETTLE.charged)} since you added it.</div>
<dl><dt>Items</dt><dd>${dollars(items)}</dd><dt>Shipping</dt><dd>${dollars(SHIPPING)}</dd><dt>Tax</dt><dd>${dollars(taxOn(items, TAX_BP))}</dd><dt>Total</dt><dd>${dollars(total)}</dd></dl>
<form method="post" action="/place">${cardFormFields(CARD)}<button type="submit">Place order</button></form>`,
          ),
        };
      },
    },
    {
      method: 'POST',
      path: '/place',
      handle: async ({ form, session }) => {
        const lines = charged(session.cart);
        const items = sum(lines);
        const paid = await payByCardForm(orders, form, CARD, {
          email: session.email ?? '',
          lines,
          totalCents: items + SHIPPING + taxOn(items, TAX_BP),
        });
        if ('problem' in paid) return { redirect: '/review' };
        session.cart.clear();
        return { html: wrap('Done', `<h1>Order placed</h1><p>Order number: ${paid.order.number}</p>`) };
      },
    },
  ],
};
