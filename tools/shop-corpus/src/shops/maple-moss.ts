import { type CardFormStyle, cardFormFields, payByCardForm } from '../server/card-form.js';
import { Cart } from '../server/cart.js';
import { decimal, dollars, esc, jsonLd, taxOn } from '../server/html.js';
import { US_STATES, filled } from '../server/places.js';
import type { Route, ShopDefinition } from '../server/shop-server.js';

/** The shop's own card form (docs/adr/0245). */
const CARD: CardFormStyle = {
  prefix: 'cc_',
  expiry: { kind: 'selects', months: 'names', yearDigits: 2 },
  autocomplete: true,
  billing: true,
};

interface Session {
  readonly cart: Cart;
}

const PLANT = { name: 'Fiddle Leaf Fig', base: 3900 };
const POTS = [
  { value: 'p12', label: '12 cm nursery pot', extra: 0, sku: 'MM-FIG-12' },
  { value: 'p17', label: '17 cm ceramic pot', extra: 1500, sku: 'MM-FIG-17' },
] as const;
const DAYS = ['Tuesday', 'Thursday', 'Saturday'];
const DELIVERY = 900;
const TAX_BP = 600;

const totalOf = (cart: Cart) => cart.subtotalCents + DELIVERY + taxOn(cart.subtotalCents, TAX_BP);

const page = (
  title: string,
  session: Session,
  body: string,
  head = '',
) => `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)} — Maple &amp; Moss</title>${head}
<style>body{font-family:Avenir,sans-serif;margin:0;background:#f4f7f2}.bar{display:flex;justify-content:space-between;padding:12px 28px;background:#2f5d3a;color:#fff}.bar a{color:#fff}
.in{padding:24px 28px}.choice input{position:absolute;opacity:0;width:1px;height:1px}.choice label{display:inline-block;border:1px solid #2f5d3a;padding:8px 14px;margin-right:8px;cursor:pointer}
.choice input:checked+label{background:#2f5d3a;color:#fff}.minicart{position:fixed;right:20px;top:60px;background:#fff;border:1px solid #ccc;padding:16px;display:none}.minicart.show{display:block}
section{background:#fff;padding:14px;margin:10px 0}</style></head>
<body><div class="bar"><a href="/">Maple &amp; Moss</a><span>Cart: <b id="cc">${session.cart.count}</b></span></div><div class="in">${body}</div></body></html>`;

export const mapleMoss: ShopDefinition<Session> = {
  id: 'maple-moss',
  name: 'Maple & Moss',
  hard: 'Held out (second batch). Pot sizes as visually hidden radio inputs behind button-like labels, the price changing with the pot; add to cart by fetch() into a mini-cart panel that is not a dialog; a one-page checkout in sections with a required "Delivery day" select the buyer profile knows nothing about; "Confirm order".',
  cookie: 'mm',
  orderBook: { currency: 'USD', numberFor: (n) => `MM${10292 + n}` },
  newSession: () => ({ cart: new Cart() }),
  routes: ({ orders }): Route<Session>[] => [
    {
      method: 'GET',
      path: '/plants/fiddle-leaf-fig',
      handle: ({ session }) => ({
        html: page(
          PLANT.name,
          session,
          `<h1>${PLANT.name}</h1><p>About 80 cm tall. Bright, indirect light.</p><p class="price" id="pr">${dollars(PLANT.base)}</p>
<p>Pot</p><div class="choice">${POTS.map((pot, index) => `<input type="radio" name="pot" id="${pot.value}" value="${pot.value}" data-extra="${pot.extra}"${index === 0 ? ' checked' : ''}><label for="${pot.value}">${pot.label}</label>`).join('')}</div>
<p><button type="button" id="add">Add to cart</button></p>
<div class="minicart" id="mini"><p id="mini-lines"></p><a href="/checkout">Checkout</a></div>
<script>
document.querySelectorAll('input[name=pot]').forEach((radio) => radio.addEventListener('change', () => {
  document.getElementById('pr').textContent = '$' + ((${PLANT.base} + Number(radio.dataset.extra)) / 100).toFixed(2);
}));
document.getElementById('add').addEventListener('click', async () => {
  const pot = document.querySelector('input[name=pot]:checked').value;
  const cart = await (await fetch('/cart', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pot }) })).json();
  document.getElementById('cc').textContent = cart.count;
  document.getElementById('mini-lines').textContent = cart.count + ' item(s) in your cart';
  document.getElementById('mini').classList.add('show');
});
</script>`,
          jsonLd({
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: PLANT.name,
            sku: 'MM-FIG',
            offers: {
              '@type': 'Offer',
              price: decimal(PLANT.base),
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
      handle: ({ json, session }) => {
        const pot = POTS.find((candidate) => candidate.value === (json as { pot?: string } | undefined)?.pot);
        if (pot)
          session.cart.add({
            sku: pot.sku,
            name: `${PLANT.name} in a ${pot.label}`,
            quantity: 1,
            unitCents: PLANT.base + pot.extra,
          });
        return { json: { count: session.cart.count } };
      },
    },
    {
      method: 'GET',
      path: '/checkout',
      handle: ({ session, query }) => ({
        html: page(
          'Checkout',
          session,
          `<h1>Checkout</h1>${query.get('e') ? `<p role="alert">${esc(query.get('e') ?? '')}</p>` : ''}<form method="post" action="/checkout">
<section><h2>Contact</h2><label>Email <input type="email" name="email" required></label> <label>Mobile <input type="tel" name="mobile" required></label></section>
<section><h2>Delivery</h2><label>First name <input name="first" required></label> <label>Last name <input name="last" required></label><br>
<label>Address line 1 <input name="line1" required></label> <label>Address line 2 <input name="line2"></label><br>
<label>City <input name="city" required></label> <label>State <select name="state" required><option value="">Select…</option>${US_STATES.map(([code, name]) => `<option value="${code}">${name}</option>`).join('')}</select></label> <label>ZIP <input name="zip" required></label><br>
<label>Delivery day <select name="day" required><option value="">Choose a day</option>${DAYS.map((day) => `<option>${day}</option>`).join('')}</select></label></section>
<section><h2>Summary</h2><p>Plants ${dollars(session.cart.subtotalCents)}</p><p>Local delivery ${dollars(DELIVERY)}</p><p>Tax ${dollars(taxOn(session.cart.subtotalCents, TAX_BP))}</p><p><strong>Total ${dollars(totalOf(session.cart))}</strong></p>
${cardFormFields(CARD)}</section><button type="submit">Confirm order</button></form>`,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/checkout',
      handle: async ({ form, session }) => {
        if (
          !['email', 'mobile', 'first', 'last', 'line1', 'city', 'state', 'zip', 'day'].every((name) =>
            filled(form.get(name)),
          )
        )
          return { redirect: '/checkout?e=Please%20complete%20every%20required%20field.' };
        const paid = await payByCardForm(orders, form, CARD, {
          email: form.get('email') ?? '',
          lines: session.cart.lines,
          totalCents: totalOf(session.cart),
        });
        if ('problem' in paid) return { redirect: '/checkout?e=Payment%20failed.' };
        session.cart.clear();
        return {
          html: page(
            'Thanks',
            session,
            `<h1>Thank you</h1><p>Your order <strong>#${paid.order.number}</strong> is on its way to being potted.</p>`,
          ),
        };
      },
    },
  ],
};
