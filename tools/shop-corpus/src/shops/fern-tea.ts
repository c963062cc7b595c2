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
  address?: Record<string, string>;
  ship?: string;
}

const TEAS = [
  {
    slug: 'assam-breakfast',
    sku: 'FF-ASSAM-125',
    name: 'Assam Breakfast',
    cents: 1450,
    blurb: 'Malty, brisk and built for milk. 125 g caddy.',
  },
  {
    slug: 'jasmine-pearls',
    sku: 'FF-JAS-100',
    name: 'Jasmine Pearls',
    cents: 2200,
    blurb: 'Hand-rolled green tea scented with jasmine. 100 g caddy.',
  },
] as const;

const SHIPPING = [
  { id: 'post', label: 'Standard post (5–7 working days)', cents: 495 },
  { id: 'courier', label: 'Express courier (2 working days)', cents: 1200 },
  { id: 'collect', label: 'Collect from our tea room, Portland', cents: 0 },
] as const;

const COUNTRIES = ['United States of America', 'Canada', 'United Kingdom', 'Ireland', 'Australia'];

const layout = (title: string, body: string, cartCount = 0) => `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>${esc(title)} · Fern &amp; Fig Tea Co.</title>
<style>body{font:16px Georgia,serif;background:#f6f1e7;color:#2b2a26;margin:0}.top{background:#3c5a40;color:#fff;padding:14px 30px}
.top a{color:#fff}.wrap{max-width:760px;margin:24px auto}.btn,input[type=submit],button{background:#3c5a40;color:#fff;border:0;padding:9px 16px;font:inherit}
.steps{color:#777}.row{margin:8px 0}.row label{display:inline-block;width:170px}.sum td{padding:3px 12px}</style></head>
<body><div class="top"><a href="/">Fern &amp; Fig Tea Co.</a> &nbsp; <a href="/basket">Basket (${cartCount})</a></div><div class="wrap">${body}</div></body></html>`;

const tax = (cart: Cart) => taxOn(cart.subtotalCents, 825);
const shipOf = (session: Session) => SHIPPING.find((option) => option.id === session.ship);

export const fernTea: ShopDefinition<Session> = {
  id: 'fern-tea',
  name: 'Fern & Fig Tea Co.',
  hard: 'Product name in an h2 with JSON-LD only in the head; quantity as a select; four checkout steps (contact, address, shipping, payment); first name and surname split; state and country as selects of full names; a free "collect in store" option cheaper than any delivery; "Pay now" under an "Amount to pay" line.',
  cookie: 'fftea',
  orderBook: { currency: 'USD', numberFor: (n) => `FF-${20416 + n}` },
  newSession: () => ({ cart: new Cart() }),
  routes: ({ orders }): Route<Session>[] => [
    {
      method: 'GET',
      path: '/',
      handle: ({ session }) => ({
        html: layout(
          'Our teas',
          `<h1>Loose-leaf teas</h1><ul>${TEAS.map((tea) => `<li><a href="/tea/${tea.slug}">${esc(tea.name)}</a> — ${dollars(tea.cents)}</li>`).join('')}</ul>`,
          session.cart.count,
        ),
      }),
    },
    {
      method: 'GET',
      path: '/tea/:slug',
      handle: ({ params, session }) => {
        const tea = TEAS.find((candidate) => candidate.slug === params.slug);
        if (!tea) return { status: 404, html: layout('Not found', '<p>No such tea.</p>') };
        const data = {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: tea.name,
          sku: tea.sku,
          offers: {
            '@type': 'Offer',
            price: decimal(tea.cents),
            priceCurrency: 'USD',
            availability: 'https://schema.org/InStock',
          },
        };
        return {
          html: layout(
            tea.name,
            `${jsonLd(data)}<p class="crumbs"><a href="/">Teas</a> / Black teas</p>
<div class="tea"><h2 class="tea-title">${esc(tea.name)}</h2><p>${esc(tea.blurb)}</p>
<p><span class="cost">${dollars(tea.cents)}</span> per caddy</p>
<form action="/basket/add" method="post"><input type="hidden" name="tea" value="${tea.slug}">
<label>How many caddies? <select name="qty">${[1, 2, 3, 4, 5, 6].map((n) => `<option>${n}</option>`).join('')}</select></label>
<input type="submit" value="Add to basket"></form></div>`,
            session.cart.count,
          ),
        };
      },
    },
    {
      method: 'POST',
      path: '/basket/add',
      handle: ({ form, session }) => {
        const tea = TEAS.find((candidate) => candidate.slug === form.get('tea'));
        const qty = Number(form.get('qty') ?? '1');
        if (tea && qty >= 1 && qty <= 6)
          session.cart.add({ sku: tea.sku, name: tea.name, quantity: qty, unitCents: tea.cents });
        return { redirect: '/basket' };
      },
    },
    {
      method: 'GET',
      path: '/basket',
      handle: ({ session }) => ({
        html: layout(
          'Basket',
          session.cart.count === 0
            ? '<h1>Your basket is empty</h1>'
            : `<h1>Your basket</h1><table>${session.cart.lines.map((line) => `<tr><td>${esc(line.name)}</td><td>${line.quantity} caddies</td><td>${dollars(line.quantity * line.unitCents)}</td></tr>`).join('')}</table>
<p>Items: ${dollars(session.cart.subtotalCents)}</p><a class="btn" href="/checkout/contact">Go to checkout</a>`,
          session.cart.count,
        ),
      }),
    },
    {
      method: 'GET',
      path: '/checkout/contact',
      handle: ({ session }) => ({
        html: layout(
          'Checkout',
          `<h1>Checkout</h1><p class="steps">Step 1 of 4 — Contact</p>
<form method="post" action="/checkout/contact"><div class="row"><label for="ce">Email address</label><input id="ce" name="contact_email" type="email" required value="${esc(session.email ?? '')}"></div>
<div class="row"><label><input type="checkbox" name="news"> Send me tea news now and then</label></div><input type="submit" value="Continue"></form>`,
          session.cart.count,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/checkout/contact',
      handle: ({ form, session }) => {
        if (!filled(form.get('contact_email'))) return { redirect: '/checkout/contact' };
        session.email = form.get('contact_email') ?? '';
        return { redirect: '/checkout/address' };
      },
    },
    {
      method: 'GET',
      path: '/checkout/address',
      handle: ({ session }) => ({
        html: layout(
          'Delivery address',
          `<h1>Where should we send it?</h1><p class="steps">Step 2 of 4 — Address</p>
<form method="post" action="/checkout/address">
<div class="row"><label for="a1">First name</label><input id="a1" name="fname" required></div>
<div class="row"><label for="a2">Surname</label><input id="a2" name="sname" required></div>
<div class="row"><label for="a3">Address</label><input id="a3" name="street" required></div>
<div class="row"><label for="a4">Flat, suite, etc. (optional)</label><input id="a4" name="street2"></div>
<div class="row"><label for="a5">Town / City</label><input id="a5" name="town" required></div>
<div class="row"><label for="a6">State</label><select id="a6" name="region" required><option value="">— Select —</option>${US_STATES.map(([, name]) => `<option>${name}</option>`).join('')}</select></div>
<div class="row"><label for="a7">ZIP code</label><input id="a7" name="zip" required></div>
<div class="row"><label for="a8">Country</label><select id="a8" name="ctry">${COUNTRIES.map((name) => `<option>${name}</option>`).join('')}</select></div>
<div class="row"><label for="a9">Phone (optional)</label><input id="a9" name="tel"></div>
<input type="submit" value="Continue to shipping"></form>`,
          session.cart.count,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/checkout/address',
      handle: ({ form, session }) => {
        const required = ['fname', 'sname', 'street', 'town', 'region', 'zip'];
        if (!required.every((name) => filled(form.get(name)))) return { redirect: '/checkout/address' };
        session.address = Object.fromEntries(form.entries());
        return { redirect: '/checkout/shipping' };
      },
    },
    {
      method: 'GET',
      path: '/checkout/shipping',
      handle: ({ session }) => ({
        html: layout(
          'Shipping',
          `<h1>How would you like it delivered?</h1><p class="steps">Step 3 of 4 — Shipping</p>
<form method="post" action="/checkout/shipping">${SHIPPING.map((option, index) => `<div class="row"><label style="width:auto"><input type="radio" name="ship" value="${option.id}"${index === 0 ? ' checked' : ''}> ${esc(option.label)} — ${option.cents === 0 ? 'FREE' : dollars(option.cents)}</label></div>`).join('')}
<input type="submit" value="Continue to payment"></form>`,
          session.cart.count,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/checkout/shipping',
      handle: ({ form, session }) => {
        session.ship = SHIPPING.find((option) => option.id === form.get('ship'))?.id ?? 'post';
        return { redirect: '/checkout/payment' };
      },
    },
    {
      method: 'GET',
      path: '/checkout/payment',
      handle: ({ session, query }) => {
        const ship = shipOf(session);
        if (!ship || !session.address) return { redirect: '/checkout/contact' };
        const total = session.cart.subtotalCents + ship.cents + tax(session.cart);
        return {
          html: layout(
            'Payment',
            `<h1>Payment</h1><p class="steps">Step 4 of 4 — Payment</p>
${query.get('e') ? `<p class="err" style="color:#a00">${esc(query.get('e') ?? '')}</p>` : ''}
<table class="sum"><tr><td>Tea</td><td>${dollars(session.cart.subtotalCents)}</td></tr><tr><td>${esc(ship.label)}</td><td>${dollars(ship.cents)}</td></tr>
<tr><td>Sales tax</td><td>${dollars(tax(session.cart))}</td></tr><tr><td><b>Amount to pay</b></td><td><b>${dollars(total)}</b></td></tr></table>
<form method="post" action="/checkout/pay">
<fieldset><legend>Card</legend>${cardFormFields(CARD)}</fieldset>
<button type="submit">Pay now</button></form>`,
            session.cart.count,
          ),
        };
      },
    },
    {
      method: 'POST',
      path: '/checkout/pay',
      handle: async ({ form, session }) => {
        const ship = shipOf(session);
        if (!ship || !session.address) return { redirect: '/checkout/contact' };
        const total = session.cart.subtotalCents + ship.cents + tax(session.cart);
        const paid = await payByCardForm(orders, form, CARD, {
          email: session.email ?? '',
          lines: session.cart.lines,
          totalCents: total,
        });
        if ('declined' in paid) return { html: layout('Payment', `<p role="alert">${esc(paid.problem)}</p>`) };
        if ('problem' in paid) return { redirect: `/checkout/payment?e=${encodeURIComponent(paid.problem)}` };
        session.cart.clear();
        return { redirect: `/order/${paid.order.number}` };
      },
    },
    {
      method: 'GET',
      path: '/order/:number',
      handle: ({ params }) => ({
        html: layout(
          'Thank you',
          `<h1>Thank you!</h1><p>Your tea is on its way. Order reference: <b>${esc(params.number ?? '')}</b></p>`,
        ),
      }),
    },
  ],
};
