import { Cart } from '../server/cart.js';
import { dollars, esc, taxOn } from '../server/html.js';
import { US_STATES, filled } from '../server/places.js';
import type { Route, ShopDefinition } from '../server/shop-server.js';
import { type CardFormStyle, cardFormFields, readCardForm } from '../server/card-form.js';

/** The card form most shops write: number, expiry as one field (MM / YY), security code, name on card. */
const CARD_FORM: CardFormStyle = {
  prefix: 'card-',
  expiry: { kind: 'one-field', placeholder: 'MM / YY' },
  autocomplete: true,
  nameOnCard: true,
};

interface Session {
  readonly cart: Cart;
}

/** Visible text only: no JSON-LD, no microdata. The lantern is sold out and has no add button at all. */
const GOODS = {
  'brass-lantern': { name: 'Brass Storm Lantern', sku: 'DP-LANTERN', cents: 6400, inStock: false },
  'camp-kettle': { name: 'Enamel Camp Kettle', sku: 'DP-KETTLE', cents: 7200, inStock: true },
} as const;
const FREIGHT = 1800;
const TAX_BP = 1000;

const totalOf = (cart: Cart) => cart.subtotalCents + FREIGHT + taxOn(cart.subtotalCents, TAX_BP);

const page = (title: string, body: string) => `<!doctype html><html><head><meta charset="utf-8">
<title>${esc(title)} · Dune Provisions</title><style>body{font-family:Georgia;margin:2em 4em;background:#f6efe3}
.price{font-size:1.6em}.stock{color:#8a2a0a;text-transform:uppercase;letter-spacing:.1em}.summary p{display:flex;justify-content:space-between;width:300px;margin:4px 0}</style>
</head><body><header><a href="/">DUNE PROVISIONS</a> · <a href="/cart">Cart</a></header><main>${body}</main></body></html>`;

export const duneProvisions: ShopDefinition<Session> = {
  id: 'dune-provisions',
  name: 'Dune Provisions',
  hard: 'No structured data at all: products are a heading, a price and a stock line of visible text; the sold-out lantern has no add-to-cart button, only "Sold out". The kettle ($72.00) fits the budget but freight and tax take it to $97.20, shown on a one-page checkout that takes typed cards only ("Pay now").',
  cookie: 'dune',
  orderBook: { currency: 'USD', numberFor: (n) => `DP-${4100 + n}` },
  newSession: () => ({ cart: new Cart() }),
  routes: ({ orders }): Route<Session>[] => [
    {
      method: 'GET',
      path: '/goods/:slug',
      handle: ({ params }) => {
        const item = GOODS[params.slug as keyof typeof GOODS];
        if (!item) return { status: 404, html: page('Not found', '<h1>Not found</h1>') };
        const buy = item.inStock
          ? `<p class="stock">In stock</p><form method="post" action="/cart/${esc(params.slug ?? '')}"><button>Add to cart</button></form>`
          : `<p class="stock">Sold out</p><p>Back in the spring.</p>`;
        return {
          html: page(
            item.name,
            `<h1>${esc(item.name)}</h1><p class="price">${dollars(item.cents)}</p>${buy}
<section><h2>You may also like</h2><p>Canvas Water Bag</p><p>Sold out</p></section>`,
          ),
        };
      },
    },
    {
      method: 'POST',
      path: '/cart/:slug',
      handle: ({ params, session }) => {
        const item = GOODS[params.slug as keyof typeof GOODS];
        if (!item?.inStock) return { redirect: `/goods/${params.slug}` };
        session.cart.add({ sku: item.sku, name: item.name, quantity: 1, unitCents: item.cents });
        return { redirect: '/cart' };
      },
    },
    {
      method: 'GET',
      path: '/cart',
      handle: ({ session }) => ({
        html: page(
          'Cart',
          `<h1>Your cart</h1>${session.cart.lines.map((line) => `<p>${esc(line.name)} × ${line.quantity}</p>`).join('')}
<div class="summary"><p><span>Subtotal</span><span>${dollars(session.cart.subtotalCents)}</span></p></div><a href="/checkout">Checkout</a>`,
        ),
      }),
    },
    {
      method: 'GET',
      path: '/checkout',
      handle: ({ session }) => ({
        html: page(
          'Checkout',
          `<h1>Checkout</h1><form method="post" action="/checkout">
<p><label>Email <input name="email" type="email" required></label></p>
<p><label>First name <input name="first" required></label> <label>Last name <input name="last" required></label></p>
<p><label>Address <input name="address" required></label></p><p><label>City <input name="city" required></label></p>
<p><label>State <select name="state" required><option value="">Select</option>${US_STATES.map(([code, name]) => `<option value="${code}">${name}</option>`).join('')}</select></label></p>
<p><label>ZIP code <input name="zip" required></label></p>
<p>Freight: ${dollars(FREIGHT)} (bulky goods)</p>
<div class="summary"><p><span>Subtotal</span><span>${dollars(session.cart.subtotalCents)}</span></p><p><span>Freight</span><span>${dollars(FREIGHT)}</span></p>
<p><span>Tax</span><span>${dollars(taxOn(session.cart.subtotalCents, TAX_BP))}</span></p><p><strong>Total</strong><strong>${dollars(totalOf(session.cart))}</strong></p></div>
${cardFormFields(CARD_FORM)}<button type="submit">Pay now</button></form>`,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/checkout',
      handle: async ({ form, session }) => {
        const read = readCardForm(form, CARD_FORM);
        const card = 'card' in read ? read.card : null;
        if (
          !card ||
          !['email', 'first', 'last', 'address', 'city', 'state', 'zip'].every((name) => filled(form.get(name)))
        )
          return { redirect: '/checkout' };
        const paid = await orders.payCard({
          email: form.get('email') ?? '',
          lines: session.cart.lines,
          totalCents: totalOf(session.cart),
          card,
        });
        if ('refused' in paid)
          return { html: page('Checkout', '<h1>Checkout</h1><p role="alert">Your card was declined.</p>') };
        session.cart.clear();
        return { html: page('Thank you', `<h1>Thank you</h1><p>Order ${esc(paid.number)} is on its way.</p>`) };
      },
    },
  ],
};
