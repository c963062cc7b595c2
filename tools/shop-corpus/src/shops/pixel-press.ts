import { cardPayment } from '../server/card-form.js';
import { readExpiry } from '../server/card-processor.js';
import { Cart } from '../server/cart.js';
import type { Route, ShopDefinition } from '../server/shop-server.js';
import { filled } from '../server/places.js';

interface Session {
  readonly cart: Cart;
}

const PRINTS = [
  {
    slug: 'night-ferry',
    sku: 'PP-NF-A3',
    title: 'Night Ferry',
    meta: 'Two-colour risograph, A3, edition of 100',
    cents: 3800,
  },
  { slug: 'lighthouse', sku: 'PP-LH-A3', title: 'Lighthouse Keeper', meta: 'Three-colour risograph, A3', cents: 4200 },
] as const;
const SHIPPING_CENTS = 500;

const SHELL = `<!doctype html><html><head><meta charset="utf-8"><title>Pixel Press</title>
<style>body{font-family:'Courier New',monospace;margin:40px;background:#fffbe6}.amount{font-size:22px;margin:10px 0}
.modal{position:fixed;inset:0;background:#0008;display:flex;align-items:center;justify-content:center}.box{background:#fff;padding:30px}
input,select{display:block;margin:6px 0;padding:6px;width:280px}button{padding:8px 16px;margin:4px}</style></head>
<body><div id="bar"><a href="/" data-link>PIXEL PRESS</a></div><div id="app">Loading…</div><script src="/app.js"></script></body></html>`;

/** The whole shop is rendered in the browser from the JSON API below. */
const APP = `
const app = document.getElementById('app');
const money = (cents) => 'USD ' + (cents / 100).toFixed(2);
const go = (path) => { history.pushState({}, '', path); render(); };
document.addEventListener('click', (event) => {
  const link = event.target.closest('a[data-link]');
  if (link) { event.preventDefault(); go(link.getAttribute('href')); }
});
window.addEventListener('popstate', render);
let details = null;

async function render() {
  const path = location.pathname;
  if (path.startsWith('/prints/')) return product(path.split('/')[2]);
  if (path === '/checkout') return details ? payment() : shipping();
  const prints = await (await fetch('/api/products')).json();
  app.innerHTML = '<h1>Prints</h1>' + prints.map((p) => '<p><a data-link href="/prints/' + p.slug + '">' + p.title + '</a></p>').join('');
}

async function product(slug) {
  const p = await (await fetch('/api/products/' + slug)).json();
  app.innerHTML = '<div class="print"><h2>' + p.title + '</h2><p class="meta">' + p.meta + '</p><div class="amount">' + money(p.cents) + '</div><button class="cta">Add to cart</button></div>';
  app.querySelector('.cta').addEventListener('click', async () => {
    await fetch('/api/cart', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ slug }) });
    const modal = document.createElement('div');
    modal.className = 'modal';
    modal.innerHTML = '<div class="box" role="dialog" aria-modal="true"><p>Added to cart ✓</p><button data-act="close">Keep browsing</button><button data-act="checkout">Checkout</button></div>';
    document.body.appendChild(modal);
    modal.querySelector('[data-act=close]').onclick = () => modal.remove();
    modal.querySelector('[data-act=checkout]').onclick = () => { modal.remove(); go('/checkout'); };
  });
}

function shipping() {
  app.innerHTML = '<h2>Shipping</h2><form id="ship">' +
    '<input name="n" placeholder="Full name" required><input name="e" type="email" placeholder="Email" required>' +
    '<input name="s" placeholder="Street and number" required><input name="c" placeholder="City" required>' +
    '<input name="r" placeholder="State" required><input name="z" placeholder="ZIP" required>' +
    '<select name="k" required><option value="">Country</option><option>United States</option><option>Canada</option><option>Germany</option></select>' +
    '<button type="submit">Next</button></form>';
  app.querySelector('#ship').addEventListener('submit', (event) => {
    event.preventDefault();
    details = Object.fromEntries(new FormData(event.target));
    render();
  });
}

async function payment() {
  const cart = await (await fetch('/api/cart')).json();
  app.innerHTML = '<h2>Payment</h2>' + cart.lines.map((l) => '<p>' + l.name + ' × ' + l.quantity + '</p>').join('') +
    '<p>Subtotal ' + money(cart.subtotal) + '</p><p>Shipping ' + money(cart.shipping) + '</p><p><b>Total ' + money(cart.total) + '</b></p>' +
    '<input id="cn" placeholder="Card number" inputmode="numeric"><input id="ce" placeholder="MM / YY"><input id="cv" placeholder="CVC" inputmode="numeric"><p id="err"></p><button id="buy">Buy</button>';
  app.querySelector('#buy').addEventListener('click', async () => {
    const response = await fetch('/api/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ details, card: { number: document.getElementById('cn').value, expiry: document.getElementById('ce').value, cvc: document.getElementById('cv').value } }) });
    const result = await response.json();
    if (!response.ok) { document.getElementById('err').textContent = result.error; return; }
    app.innerHTML = '<h2>Order #' + result.number + '</h2><p>Thanks, we will post it rolled in a tube.</p>';
  });
}
render();
`;

export const pixelPress: ShopDefinition<Session> = {
  id: 'pixel-press',
  name: 'Pixel Press',
  hard: 'A client-rendered single-page shop: the HTML is an empty shell, pages are drawn by JavaScript from a JSON API with history.pushState, no structured data (price only as "USD 38.00" text, name in an h2); add to cart opens a modal; form fields (the card fields too) have placeholders and no labels; "Next" and "Buy" never load a page; the order number is a heading "Order #PP-7782".',
  cookie: 'pp',
  orderBook: { currency: 'USD', numberFor: (n) => `PP-${7781 + n}` },
  newSession: () => ({ cart: new Cart() }),
  routes: ({ orders }): Route<Session>[] => [
    { method: 'GET', path: '/app.js', handle: () => ({ script: APP }) },
    { method: 'GET', path: '/api/products', handle: () => ({ json: PRINTS }) },
    {
      method: 'GET',
      path: '/api/products/:slug',
      handle: ({ params }) => {
        const print = PRINTS.find((candidate) => candidate.slug === params.slug);
        return print ? { json: print } : { status: 404, json: { error: 'not found' } };
      },
    },
    {
      method: 'POST',
      path: '/api/cart',
      handle: ({ json, session }) => {
        const print = PRINTS.find((candidate) => candidate.slug === (json as { slug?: string } | undefined)?.slug);
        if (!print) return { status: 404, json: { error: 'not found' } };
        session.cart.add({ sku: print.sku, name: print.title, quantity: 1, unitCents: print.cents });
        return { json: { count: session.cart.count } };
      },
    },
    {
      method: 'GET',
      path: '/api/cart',
      handle: ({ session }) => ({
        json: {
          lines: session.cart.lines,
          subtotal: session.cart.subtotalCents,
          shipping: SHIPPING_CENTS,
          total: session.cart.subtotalCents + SHIPPING_CENTS,
        },
      }),
    },
    {
      method: 'POST',
      path: '/api/orders',
      handle: async ({ json, session }) => {
        const body = json as
          { details?: Record<string, string>; card?: { number?: string; expiry?: string; cvc?: string } } | undefined;
        const details = body?.details ?? {};
        if (!['n', 'e', 's', 'c', 'z', 'k'].every((key) => filled(details[key])))
          return { status: 400, json: { error: 'Shipping details are incomplete.' } };
        if (session.cart.count === 0) return { status: 400, json: { error: 'Your cart is empty.' } };
        const expiry = readExpiry(body?.card?.expiry ?? '');
        if (!filled(body?.card?.number) || !filled(body?.card?.cvc) || !expiry)
          return { status: 400, json: { error: 'Enter your card number, expiry and CVC.' } };
        const paid = cardPayment(
          await orders.payCard({
            email: details.e ?? '',
            lines: session.cart.lines,
            totalCents: session.cart.subtotalCents + SHIPPING_CENTS,
            card: {
              number: body?.card?.number ?? '',
              expMonth: expiry.month,
              expYear: expiry.year,
              cvc: body?.card?.cvc ?? '',
            },
          }),
        );
        if ('problem' in paid) return { status: 'declined' in paid ? 402 : 400, json: { error: paid.problem } };
        session.cart.clear();
        return { json: { number: paid.order.number } };
      },
    },
    { method: 'GET', path: '*', handle: () => ({ html: SHELL }) },
  ],
};
