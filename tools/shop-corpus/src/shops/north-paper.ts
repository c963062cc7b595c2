import { randomBytes } from 'node:crypto';
import { cardPayment } from '../server/card-form.js';
import { type TypedCard, readExpiry } from '../server/card-processor.js';
import { Cart } from '../server/cart.js';
import { decimal, dollars, esc, jsonLd, taxOn } from '../server/html.js';
import { filled } from '../server/places.js';
import type { Route, ShopDefinition } from '../server/shop-server.js';

interface Session {
  readonly cart: Cart;
  /** Payment methods the embedded payment form created: id -> the card typed into it. */
  readonly methods: Map<string, TypedCard>;
}

const FORMATS = [
  { format: 'A5', slug: 'dot-grid-a5', sku: 'NB-A5', cents: 1800 },
  { format: 'A4', slug: 'dot-grid-a4', sku: 'NB-A4', cents: 2400 },
  { format: 'B5', slug: 'dot-grid-b5', sku: 'NB-B5', cents: 2100 },
] as const;
const POSTAGE = 400;
const TAX_BP = 600;

const frame = (
  title: string,
  body: string,
  head = '',
) => `<!DOCTYPE html><html lang="en-us"><head><meta charset="utf-8"><title>${esc(title)}</title>${head}
<style>body{font-family:'Gill Sans',sans-serif;margin:30px 60px}.formats a{margin:0 4px}table.t td{padding:2px 14px 2px 0}label{display:block;margin:8px 0 2px}</style></head><body><p><a href="/">north paper co.</a></p>${body}</body></html>`;

const totalOf = (cart: Cart) => cart.subtotalCents + POSTAGE + taxOn(cart.subtotalCents, TAX_BP);

/** The embedded payment form: its own page in an iframe; it turns the typed card into a payment method id for the parent. */
const ELEMENT = `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:sans-serif;margin:8px}input{width:260px;padding:5px}label{display:block;font-size:12px;margin-top:6px}</style></head><body>
<label for="num">Card number</label><input id="num" autocomplete="cc-number" inputmode="numeric">
<label for="exp">MM / YY</label><input id="exp" autocomplete="cc-exp">
<label for="cvc">CVC</label><input id="cvc" autocomplete="cc-csc">
<script>
window.addEventListener('message', async (event) => {
  if (event.data !== 'tokenize') return;
  const response = await fetch('/pay/methods', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ number: document.getElementById('num').value, expiry: document.getElementById('exp').value, cvc: document.getElementById('cvc').value }) });
  const result = await response.json();
  parent.postMessage({ paymentMethod: result.id || '', error: result.error || '' }, '*');
});
</script></body></html>`;

export const northPaper: ShopDefinition<Session> = {
  id: 'north-paper',
  name: 'north paper co.',
  hard: 'Formats are separate product pages linked as "A5 · A4 · B5" (the start page is another format than the one asked for); the checkout fields use sectioned autocomplete tokens ("shipping given-name"); the card form lives in a same-origin iframe whose value reaches the order only through postMessage; "Pay now"; "Order ID" printed in code.',
  cookie: 'np_s',
  orderBook: { currency: 'USD', numberFor: (n) => `NP${2290 + n}K` },
  newSession: () => ({ cart: new Cart(), methods: new Map() }),
  routes: ({ orders }): Route<Session>[] => [
    {
      method: 'GET',
      path: '/',
      handle: () => ({
        html: frame(
          'north paper co.',
          `<ul>${FORMATS.map((f) => `<li><a href="/notebooks/${f.slug}">Dot Grid Notebook ${f.format}</a></li>`).join('')}</ul>`,
        ),
      }),
    },
    {
      method: 'GET',
      path: '/notebooks/:slug',
      handle: ({ params }) => {
        const format = FORMATS.find((candidate) => candidate.slug === params.slug);
        if (!format) return { status: 404, html: frame('Not found', '<p>Not here.</p>') };
        const name = `Dot Grid Notebook — ${format.format}`;
        const data = {
          '@context': 'http://schema.org',
          '@type': 'Product',
          name,
          sku: format.sku,
          offers: {
            '@type': 'Offer',
            price: decimal(format.cents),
            priceCurrency: 'USD',
            availability: 'http://schema.org/InStock',
          },
        };
        return {
          html: frame(
            name,
            `<h1>${esc(name)}</h1><p>5 mm dot grid, 160 pages of 100 gsm paper, lay-flat binding.</p>
<p class="formats">Format: ${FORMATS.map((f) => (f.slug === format.slug ? `<strong>${f.format}</strong>` : `<a href="/notebooks/${f.slug}">${f.format}</a>`)).join(' · ')}</p>
<p>${dollars(format.cents)}</p><form method="post" action="/cart/add"><input type="hidden" name="sku" value="${format.sku}"><button>Add to cart</button></form>`,
            jsonLd(data),
          ),
        };
      },
    },
    {
      method: 'POST',
      path: '/cart/add',
      handle: ({ form, session }) => {
        const format = FORMATS.find((candidate) => candidate.sku === form.get('sku'));
        if (format)
          session.cart.add({
            sku: format.sku,
            name: `Dot Grid Notebook — ${format.format}`,
            quantity: 1,
            unitCents: format.cents,
          });
        return { redirect: '/cart' };
      },
    },
    {
      method: 'GET',
      path: '/cart',
      handle: ({ session }) => ({
        html: frame(
          'Cart',
          `<h1>Cart</h1>${session.cart.lines.map((line) => `<p>${esc(line.name)} (${line.quantity})</p>`).join('')}<p><a href="/checkout">Checkout →</a></p>`,
        ),
      }),
    },
    {
      method: 'GET',
      path: '/checkout',
      handle: ({ session, query }) => {
        const cart = session.cart;
        return {
          html: frame(
            'Checkout',
            `<h1>Checkout</h1>${query.get('e') ? `<p role="alert">${esc(query.get('e') ?? '')}</p>` : ''}
<form id="order" method="post" action="/checkout"><input type="hidden" name="pm" id="pm">
<label for="g">First name</label><input id="g" name="first" autocomplete="shipping given-name" required>
<label for="fam">Last name</label><input id="fam" name="last" autocomplete="shipping family-name" required>
<label for="mail">Email for the receipt</label><input id="mail" name="mail" autocomplete="email" required>
<label for="ad1">Street</label><input id="ad1" name="ad1" autocomplete="shipping address-line1" required>
<label for="ad2">More address</label><input id="ad2" name="ad2" autocomplete="shipping address-line2">
<label for="cty">City</label><input id="cty" name="cty" autocomplete="shipping address-level2" required>
<label for="rg">State</label><input id="rg" name="rg" autocomplete="shipping address-level1" required>
<label for="pz">ZIP</label><input id="pz" name="pz" autocomplete="shipping postal-code" required>
<label for="cn">Country</label><select id="cn" name="cn" autocomplete="shipping country"><option value="US">United States</option><option value="CA">Canada</option></select>
<table class="t"><tr><td>Notebooks</td><td>${dollars(cart.subtotalCents)}</td></tr><tr><td>Tracked mail</td><td>${dollars(POSTAGE)}</td></tr>
<tr><td>Tax</td><td>${dollars(taxOn(cart.subtotalCents, TAX_BP))}</td></tr><tr><td><b>Total</b></td><td><b>${dollars(totalOf(cart))}</b></td></tr></table>
<p>Payment</p><iframe id="payframe" src="/pay/element" title="Secure payment form" style="width:320px;height:250px;border:1px solid #ccc"></iframe>
<p><button type="submit" id="paybtn">Pay now</button></p></form>
<script>
const form = document.getElementById('order');
let ready = false;
form.addEventListener('submit', (event) => {
  if (ready) return;
  event.preventDefault();
  if (!form.reportValidity()) return;
  document.getElementById('payframe').contentWindow.postMessage('tokenize', '*');
});
window.addEventListener('message', (event) => {
  if (!event.data || typeof event.data !== 'object' || !('paymentMethod' in event.data)) return;
  document.getElementById('pm').value = event.data.paymentMethod;
  ready = true;
  form.submit();
});
</script>`,
          ),
        };
      },
    },
    { method: 'GET', path: '/pay/element', handle: () => ({ html: ELEMENT }) },
    {
      method: 'POST',
      path: '/pay/methods',
      handle: ({ json, session }) => {
        const typed = (json ?? {}) as { number?: string; expiry?: string; cvc?: string };
        const expiry = readExpiry(typed.expiry ?? '');
        if (!filled(typed.number) || !filled(typed.cvc) || !expiry)
          return { json: { error: 'Please complete your card details.' } };
        const id = `pm_${randomBytes(6).toString('hex')}`;
        session.methods.set(id, {
          number: typed.number ?? '',
          expMonth: expiry.month,
          expYear: expiry.year,
          cvc: typed.cvc ?? '',
        });
        return { json: { id } };
      },
    },
    {
      method: 'POST',
      path: '/checkout',
      handle: async ({ form, session }) => {
        if (!['first', 'last', 'mail', 'ad1', 'cty', 'rg', 'pz'].every((name) => filled(form.get(name))))
          return { redirect: '/checkout?e=Some%20details%20are%20missing.' };
        const card = session.methods.get(form.get('pm') ?? '');
        if (!card) return { redirect: '/checkout?e=Payment%20details%20are%20missing.' };
        session.methods.delete(form.get('pm') ?? '');
        const paid = cardPayment(
          await orders.payCard({
            email: form.get('mail') ?? '',
            lines: session.cart.lines,
            totalCents: totalOf(session.cart),
            card,
          }),
        );
        if ('declined' in paid) return { redirect: '/checkout?e=Your%20payment%20was%20declined.' };
        if ('problem' in paid) return { redirect: `/checkout?e=${encodeURIComponent(paid.problem)}` };
        session.cart.clear();
        return {
          html: frame(
            'Order confirmed',
            `<h1>Order confirmed</h1><p>Order ID <code>${paid.order.number}</code>. A receipt is on its way.</p>`,
          ),
        };
      },
    },
  ],
};
