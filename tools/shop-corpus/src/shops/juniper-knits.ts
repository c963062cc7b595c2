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

interface Details {
  readonly email: string;
}

interface Session {
  readonly cart: Cart;
  details: Details | null;
}

const SCARF = { name: 'Harbor Scarf', cents: 4200 };
const COLOURS = [
  { code: 'CHR', name: 'Charcoal', hex: '#333' },
  { code: 'BLU', name: 'Ocean blue', hex: '#246' },
  { code: 'GRN', name: 'Moss green', hex: '#564' },
] as const;
const LENGTHS = [
  { code: 'REG', name: 'Regular (180 cm)' },
  { code: 'LONG', name: 'Long (220 cm)' },
] as const;
const SHIPPING = 600;
const TAX_BP = 875;

const totalOf = (cart: Cart) => cart.subtotalCents + SHIPPING + taxOn(cart.subtotalCents, TAX_BP);

const page = (title: string, body: string) => `<!doctype html><html><head><meta charset="utf-8">
<title>${esc(title)} · Juniper Knits</title><style>body{font-family:Helvetica,Arial;margin:0}main{margin:2em 4em}
.vh{position:absolute!important;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.pill{display:inline-block;border:1px solid #999;border-radius:20px;padding:6px 14px;margin:4px;cursor:pointer}
input:checked+.pill{background:#222;color:#fff}.swatch{display:inline-block;width:32px;height:32px;border-radius:50%;margin:4px;cursor:pointer}
.swatch[aria-selected=true]{outline:3px solid #e80}.page-loading-mask{position:fixed;inset:0;background:#fff;display:flex;align-items:center;justify-content:center;font-size:2em}
.summary p{display:flex;justify-content:space-between;width:320px;margin:4px 0}</style>
</head><body><header><a href="/">juniper knits</a> · <a href="/bag">Bag</a></header>${body}</body></html>`;

/**
 * The product page is drawn by its script after a loading mask: nothing but the mask is there
 * until the product's JSON has come (after a pause no request covers). Colours are divs in a
 * listbox named only by aria-label; lengths are visually hidden radios behind their labels.
 */
const PRODUCT_APP = `
const mask = document.querySelector('.page-loading-mask');
const app = document.getElementById('app');
setTimeout(async () => {
  const p = await (await fetch('/api/scarf')).json();
  app.innerHTML = '<h1>' + p.name + '</h1><p class="price">' + p.price + '</p>'
    + '<p><span id="colour-label">Colour</span>: <span id="colour-name">Charcoal</span></p>'
    + '<div role="listbox" aria-labelledby="colour-label">' + p.colours.map((c, i) => '<div class="swatch" role="option" tabindex="0" aria-label="' + c.name + '" aria-selected="' + (i === 0) + '" data-code="' + c.code + '" style="background:' + c.hex + '"></div>').join('') + '</div>'
    + '<fieldset><legend>Length</legend>' + p.lengths.map((l) => '<input class="vh" type="radio" name="length" id="len-' + l.code + '" value="' + l.code + '"><label class="pill" for="len-' + l.code + '">' + l.name + '</label>').join('') + '</fieldset>'
    + '<button id="add" type="button">Add to bag</button><p id="msg" role="alert"></p>';
  for (const swatch of app.querySelectorAll('[role=option]')) swatch.addEventListener('click', () => {
    for (const other of app.querySelectorAll('[role=option]')) other.setAttribute('aria-selected', String(other === swatch));
    document.getElementById('colour-name').textContent = swatch.getAttribute('aria-label');
  });
  document.getElementById('add').addEventListener('click', async () => {
    const colour = app.querySelector('[role=option][aria-selected=true]').dataset.code;
    const length = (app.querySelector('input[name=length]:checked') || {}).value;
    if (!length) { document.getElementById('msg').textContent = 'Please choose a length.'; return; }
    await fetch('/api/bag', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ colour, length }) });
    location.href = '/bag';
  });
  mask.remove();
}, 900);`;

const addressForm = (
  error: string,
) => `<main><h1>Shipping address</h1>${error ? `<p role="alert">${esc(error)}</p>` : ''}
<form method="post" action="/checkout/address">
<p><label>Email <input type="email" name="email" required></label></p>
<p><label>First name <input name="first" required></label> <label>Last name <input name="last" required></label></p>
<p><label>Street address <input name="street" required></label></p><p><label>Apartment, suite (optional) <input name="street2"></label></p>
<p><label>City <input name="city" required></label></p>
<p><label>Country/region <select name="country" required><option value="">Choose a country</option><option value="CAN">Canada</option><option value="USA">United States of America</option><option value="GBR">United Kingdom</option></select></label></p>
<p><label>State <select name="state" required><option value="">Choose a state</option>${US_STATES.map(([, name]) => `<option>${name}</option>`).join('')}</select></label></p>
<p><label>ZIP code <input name="zip" required></label></p>
<p><label for="dial">Country code</label> <select id="dial" name="dial"><option value="GB">United Kingdom (+44)</option><option value="CA">Canada (+1)</option><option value="US">United States (+1)</option></select>
<label>Mobile number <input type="tel" name="mobile" pattern="[0-9]{10}" placeholder="4155550123" required></label></p>
<button type="submit">Continue to payment</button></form></main>`;

/** What the address form must say for a US delivery: the state by name, the number without its calling code. */
const addressProblems = (form: URLSearchParams): string[] => {
  const problems: string[] = [];
  if (!['email', 'first', 'last', 'street', 'city', 'zip'].every((name) => filled(form.get(name))))
    problems.push('Please fill in every required field.');
  if (form.get('country') !== 'USA') problems.push('We ship to the United States only.');
  if (!US_STATES.some(([, name]) => name === form.get('state'))) problems.push('Please choose a state.');
  if (form.get('dial') !== 'US' || !/^\d{10}$/.test(form.get('mobile') ?? ''))
    problems.push('Please enter a US mobile number.');
  return problems;
};

export const juniperKnits: ShopDefinition<Session> = {
  id: 'juniper-knits',
  name: 'Juniper Knits',
  hard: 'The product page is drawn by script behind a loading mask, after a pause no request covers; colours are divs with role="option" and only an aria-label (the default preselected), lengths visually hidden radios behind labels; the address form lists states by name only, countries as "United States of America" (value USA), and the phone as a calling-code select ("United States (+1)") beside a 10-digit national number; payment by typed card only.',
  cookie: 'jk_session',
  orderBook: { currency: 'USD', numberFor: (n) => `JK${7300 + n}` },
  newSession: () => ({ cart: new Cart(), details: null }),
  routes: ({ orders }): Route<Session>[] => [
    {
      method: 'GET',
      path: '/scarves/harbor',
      handle: () => ({
        html: page(
          SCARF.name,
          `<div class="page-loading-mask">Loading…</div><main id="app"></main><script>${PRODUCT_APP}</script>`,
        ),
      }),
    },
    {
      method: 'GET',
      path: '/api/scarf',
      handle: () => ({ json: { name: SCARF.name, price: dollars(SCARF.cents), colours: COLOURS, lengths: LENGTHS } }),
    },
    {
      method: 'POST',
      path: '/api/bag',
      handle: ({ json, session }) => {
        const { colour, length } = (json ?? {}) as { colour?: string; length?: string };
        const shade = COLOURS.find((candidate) => candidate.code === colour);
        const size = LENGTHS.find((candidate) => candidate.code === length);
        if (!shade || !size) return { status: 400, json: { error: 'Choose a colour and a length.' } };
        session.cart.add({
          sku: `JK-SCARF-${shade.code}-${size.code}`,
          name: `${SCARF.name}, ${shade.name}, ${size.name}`,
          quantity: 1,
          unitCents: SCARF.cents,
        });
        return { json: { count: session.cart.count } };
      },
    },
    {
      method: 'GET',
      path: '/bag',
      handle: ({ session }) => ({
        html: page(
          'Bag',
          `<main><h1>Your bag</h1>${session.cart.lines.map((line) => `<p>${esc(line.name)} × ${line.quantity}</p>`).join('')}
<div class="summary"><p><span>Subtotal</span><span>${dollars(session.cart.subtotalCents)}</span></p></div><a href="/checkout/address">Check out</a></main>`,
        ),
      }),
    },
    { method: 'GET', path: '/checkout/address', handle: () => ({ html: page('Shipping address', addressForm('')) }) },
    {
      method: 'POST',
      path: '/checkout/address',
      handle: ({ form, session }) => {
        const problems = addressProblems(form);
        if (problems.length > 0) return { html: page('Shipping address', addressForm(problems.join(' '))) };
        session.details = { email: form.get('email') ?? '' };
        return { redirect: '/checkout/payment' };
      },
    },
    {
      method: 'GET',
      path: '/checkout/payment',
      handle: ({ session }) =>
        session.details
          ? {
              html: page(
                'Payment',
                `<main><h1>Payment</h1><div class="summary"><p><span>Subtotal</span><span>${dollars(session.cart.subtotalCents)}</span></p>
<p><span>Shipping</span><span>${dollars(SHIPPING)}</span></p><p><span>Tax</span><span>${dollars(taxOn(session.cart.subtotalCents, TAX_BP))}</span></p>
<p><strong>Total</strong><strong>${dollars(totalOf(session.cart))}</strong></p></div>
<form method="post" action="/checkout/payment">${cardFormFields(CARD_FORM)}<button type="submit">Pay now</button></form></main>`,
              ),
            }
          : { redirect: '/checkout/address' },
    },
    {
      method: 'POST',
      path: '/checkout/payment',
      handle: async ({ form, session }) => {
        const read = readCardForm(form, CARD_FORM);
        const card = 'card' in read ? read.card : null;
        if (!card || !session.details) return { redirect: '/checkout/payment' };
        const paid = await orders.payCard({
          email: session.details.email,
          lines: session.cart.lines,
          totalCents: totalOf(session.cart),
          card,
        });
        if ('refused' in paid)
          return { html: page('Payment', '<main><h1>Payment</h1><p role="alert">Your card was declined.</p></main>') };
        session.cart.clear();
        return {
          html: page('Thank you', `<main><h1>Thank you!</h1><p>Your order number is ${esc(paid.number)}.</p></main>`),
        };
      },
    },
  ],
};
