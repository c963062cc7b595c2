import { type CardFormStyle, cardFormFields, payByCardForm } from '../server/card-form.js';
import { decimal, dollars, esc, jsonLd, taxOn } from '../server/html.js';
import { US_STATES, filled } from '../server/places.js';
import type { OrderLine } from '../server/order-book.js';
import type { Route, ShopDefinition } from '../server/shop-server.js';

/** The shop's own card form (docs/adr/0245). */
const CARD: CardFormStyle = {
  prefix: 'cc_',
  expiry: { kind: 'one-field', placeholder: 'MM / YY' },
  autocomplete: true,
  cardType: true,
  nameOnCard: true,
};

interface Session {
  item?: OrderLine;
  seenPopup: boolean;
}

const TOTE = { name: 'Market Tote', cents: 4200 };
const COLOURS = [
  { value: 'natural', label: 'Natural', hex: '#e8dcc4', sku: 'TOTE-NAT', inStock: true },
  { value: 'olive', label: 'Olive', hex: '#6b7a3c', sku: 'TOTE-OLV', inStock: true },
  { value: 'navy', label: 'Navy', hex: '#1f2a44', sku: 'TOTE-NVY', inStock: false },
] as const;
const FLAT_SHIPPING = 500;
const TAX_BP = 700;

const totalOf = (item: OrderLine) =>
  item.unitCents * item.quantity + FLAT_SHIPPING + taxOn(item.unitCents * item.quantity, TAX_BP);

const doc = (title: string, body: string, extraHead = '') => `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(title)} – tidy goods</title>
<style>*{box-sizing:border-box}body{font-family:Verdana,sans-serif;margin:0;color:#333}.hd{padding:18px 32px;font-weight:bold;letter-spacing:.2em}
.pg{padding:0 32px 60px}.sw{width:34px;height:34px;border-radius:50%;border:2px solid #ccc;margin-right:6px;cursor:pointer}.sw[aria-checked=true]{border-color:#000}
.sw--out{opacity:.3;cursor:not-allowed}.nl-bg{position:fixed;inset:0;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center;z-index:9}
.nl{background:#fff;padding:34px;width:380px;position:relative}.nl-x{position:absolute;top:8px;right:10px;border:0;background:none;font-size:22px}
.f{margin:10px 0}.f label{display:block;font-size:13px}.f input,.f select,.f textarea{width:340px;padding:6px}.buy{background:#111;color:#fff;padding:12px 30px;border:0}</style>${extraHead}</head>
<body><div class="hd">tidy goods</div><div class="pg">${body}</div></body></html>`;

const popup = `<script>
setTimeout(() => {
  const bg = document.createElement('div');
  bg.className = 'nl-bg';
  bg.innerHTML = '<div class="nl" role="dialog" aria-labelledby="nlh"><button class="nl-x" aria-label="Close">×</button><h3 id="nlh">Get 10% off your first order</h3>' +
    '<p>Join the list for new colours and the odd sale.</p><input type="email" placeholder="you@example.com"> <button class="nl-join">Subscribe</button></div>';
  document.body.appendChild(bg);
  bg.querySelector('.nl-x').onclick = () => { bg.remove(); fetch('/popup-seen', { method: 'POST' }); };
}, 700);
</script>`;

export const tidyGoods: ShopDefinition<Session> = {
  id: 'tidy-goods',
  name: 'tidy goods',
  hard: 'JSON-LD in an @graph with other nodes; colours as swatch buttons with no text (aria-label only, role=radio) and one sold out; a newsletter pop-up that covers the page 0.7 s after it loads, on every page until it is closed; "Buy it now" goes straight to checkout; a one-page checkout with one full-name field, a street-address textarea, phone required, country as "United States (US)"; a card form with a card-type select that must match the number and a name on card; the final button reads "Pay $49.94".',
  cookie: 'tg_session',
  orderBook: { currency: 'USD', numberFor: (n) => `TG-${5520 + n}` },
  newSession: () => ({ seenPopup: false }),
  routes: ({ orders }): Route<Session>[] => [
    {
      method: 'POST',
      path: '/popup-seen',
      handle: ({ session }) => {
        session.seenPopup = true;
        return { json: {} };
      },
    },
    {
      method: 'GET',
      path: '/products/market-tote',
      handle: ({ session }) => {
        const graph = {
          '@context': 'https://schema.org',
          '@graph': [
            { '@type': 'Organization', name: 'tidy goods', url: '/' },
            { '@type': 'BreadcrumbList', itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Bags' }] },
            {
              '@type': 'Product',
              name: TOTE.name,
              sku: 'TOTE',
              offers: {
                '@type': 'Offer',
                price: decimal(TOTE.cents),
                priceCurrency: 'USD',
                availability: 'https://schema.org/InStock',
              },
            },
          ],
        };
        return {
          html: doc(
            TOTE.name,
            `<h1>${TOTE.name}</h1><p>Heavy cotton canvas, long handles, an inside pocket.</p><p><strong>${dollars(TOTE.cents)}</strong></p>
<form method="post" action="/buy"><p>Colour: <span id="cn">${COLOURS[0].label}</span></p><input type="hidden" name="colour" id="colour" value="${COLOURS[0].value}">
<div role="radiogroup" aria-label="Colour">${COLOURS.map((colour, index) => `<button type="button" class="sw${colour.inStock ? '' : ' sw--out'}" role="radio" aria-checked="${index === 0}" aria-label="${colour.label}"${colour.inStock ? '' : ' aria-disabled="true" title="' + colour.label + ' — sold out"'} data-value="${colour.value}" style="background:${colour.hex}"></button>`).join('')}</div>
<p><button class="buy" type="submit">Buy it now</button></p></form>
<script>
document.querySelectorAll('.sw').forEach((swatch) => swatch.addEventListener('click', () => {
  if (swatch.getAttribute('aria-disabled') === 'true') return;
  document.querySelectorAll('.sw').forEach((other) => other.setAttribute('aria-checked', String(other === swatch)));
  document.getElementById('colour').value = swatch.dataset.value;
  document.getElementById('cn').textContent = swatch.getAttribute('aria-label');
}));
</script>${session.seenPopup ? '' : popup}`,
            jsonLd(graph),
          ),
        };
      },
    },
    {
      method: 'POST',
      path: '/buy',
      handle: ({ form, session }) => {
        const colour = COLOURS.find((candidate) => candidate.value === form.get('colour'));
        if (!colour || !colour.inStock) return { redirect: '/products/market-tote' };
        session.item = { sku: colour.sku, name: `${TOTE.name} — ${colour.label}`, quantity: 1, unitCents: TOTE.cents };
        return { redirect: '/checkout' };
      },
    },
    {
      method: 'GET',
      path: '/checkout',
      handle: ({ session, query }) => {
        const item = session.item;
        if (!item) return { redirect: '/products/market-tote' };
        const total = totalOf(item);
        return {
          html: doc(
            'Checkout',
            `<h1>Checkout</h1>${query.get('e') ? `<p class="error">${esc(query.get('e') ?? '')}</p>` : ''}
<div style="display:flex;gap:60px"><form method="post" action="/checkout" id="co">
<div class="f"><label for="recipient">Full name</label><input id="recipient" name="recipient" required></div>
<div class="f"><label for="em">Email</label><input id="em" name="em" type="email" required></div>
<div class="f"><label for="ph">Phone number</label><input id="ph" name="ph" type="tel" required></div>
<div class="f"><label for="addr">Street address</label><textarea id="addr" name="addr" rows="2" required></textarea></div>
<div class="f"><label for="city">City</label><input id="city" name="city" required></div>
<div class="f"><label for="state">State</label><select id="state" name="state" required><option value=""></option>${US_STATES.map(([code, name]) => `<option value="${code}">${name}</option>`).join('')}</select></div>
<div class="f"><label for="zip">ZIP / Postal code</label><input id="zip" name="zip" required></div>
<div class="f"><label for="country">Country</label><select id="country" name="country"><option value="US">United States (US)</option><option value="CA">Canada (CA)</option></select></div>
<fieldset><legend>Credit card</legend>${cardFormFields(CARD)}</fieldset>
<button class="buy" type="submit">Pay ${dollars(total)}</button></form>
<div><h3>Summary</h3><p>${esc(item.name)}</p><p>Subtotal ${dollars(item.unitCents)}</p><p>Flat-rate shipping ${dollars(FLAT_SHIPPING)}</p><p>Tax ${dollars(taxOn(item.unitCents, TAX_BP))}</p><p><b>Total due ${dollars(total)}</b></p></div></div>
${session.seenPopup ? '' : popup}`,
          ),
        };
      },
    },
    {
      method: 'POST',
      path: '/checkout',
      handle: async ({ form, session }) => {
        const item = session.item;
        if (!item) return { redirect: '/products/market-tote' };
        if (!['recipient', 'em', 'ph', 'addr', 'city', 'state', 'zip'].every((name) => filled(form.get(name))))
          return { redirect: '/checkout?e=Please%20fill%20in%20all%20fields.' };
        const paid = await payByCardForm(orders, form, CARD, {
          email: form.get('em') ?? '',
          lines: [item],
          totalCents: totalOf(item),
        });
        if ('problem' in paid) return { redirect: `/checkout?e=${encodeURIComponent(paid.problem)}` };
        session.item = undefined;
        return {
          html: doc(
            'Confirmed',
            `<h1>Order ${paid.order.number} confirmed</h1><p>Thanks for shopping with tidy goods.</p>`,
          ),
        };
      },
    },
  ],
};
