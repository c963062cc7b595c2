import { type CardFormStyle, cardFormFields, payByCardForm } from '../server/card-form.js';
import { Cart } from '../server/cart.js';
import { decimal, dollars, esc, jsonLd, taxOn } from '../server/html.js';
import { US_STATES, filled } from '../server/places.js';
import type { Route, ShopDefinition } from '../server/shop-server.js';

/** The shop's own card form (docs/adr/0245). */
const CARD: CardFormStyle = {
  prefix: 'card_',
  expiry: { kind: 'one-field', placeholder: 'MM / YY' },
  autocomplete: true,
  nameOnCard: true,
};

interface Session {
  readonly cart: Cart;
}

const SCENTS = ['Fig & Cedar', 'Sea Salt', 'Amber'] as const;
const SIZES = [
  { size: 'Small', cents: 1800 },
  { size: 'Large', cents: 3200 },
] as const;
const TAX_BP = 725;
/** Shipping is quoted only once the ZIP code is known. */
const RATES = [
  { id: 'ground', label: 'Ground (5–7 days)', cents: 795 },
  { id: 'express', label: 'Express (2 days)', cents: 1995 },
] as const;

const skuOf = (scent: string, size: string) => `SC-${scent.replace(/[^A-Za-z]/g, '').toUpperCase()}-${size[0]}`;
const totalOf = (cart: Cart, rate: number) => cart.subtotalCents + rate + taxOn(cart.subtotalCents, TAX_BP);

const page = (
  title: string,
  body: string,
  head = '',
) => `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)} | Solstice</title>${head}
<style>body{font-family:Futura,sans-serif;margin:40px;color:#3b2f2f}.pills button{border:1px solid #3b2f2f;background:#fff;padding:6px 12px;margin-right:6px}.pills button[aria-pressed=true]{background:#3b2f2f;color:#fff}</style></head><body>${body}</body></html>`;

export const solsticeCandles: ShopDefinition<Session> = {
  id: 'solstice-candles',
  name: 'Solstice Candles',
  hard: 'Written after the strategy (held out): two option groups as aria-pressed button pills (scent, size) with a price that depends on the size; the quantity named in words ("two"); shipping rates appear only after the ZIP code is entered; a required "I agree to the terms of sale" checkbox; "Place order · $X" with the amount.',
  cookie: 'sol',
  orderBook: { currency: 'USD', numberFor: (n) => `SOL${4400 + n}` },
  newSession: () => ({ cart: new Cart() }),
  routes: ({ orders }): Route<Session>[] => [
    {
      method: 'GET',
      path: '/candles/classic',
      handle: () => ({
        html: page(
          'Classic Candle',
          `<h1>Classic Soy Candle</h1><p id="price">${dollars(SIZES[0].cents)}</p>
<p>Scent</p><div class="pills" id="scents">${SCENTS.map((scent, index) => `<button type="button" aria-pressed="${index === 0}">${esc(scent)}</button>`).join('')}</div>
<p>Size</p><div class="pills" id="sizes">${SIZES.map((size, index) => `<button type="button" aria-pressed="${index === 0}" data-cents="${size.cents}">${size.size}</button>`).join('')}</div>
<form method="post" action="/cart"><input type="hidden" name="scent" id="scent" value="${esc(SCENTS[0])}"><input type="hidden" name="size" id="size" value="${SIZES[0].size}">
<label>Quantity <input name="quantity" type="number" value="1" min="1" max="6"></label> <button type="submit">Add to cart</button></form>
<script>
for (const id of ['scents', 'sizes']) {
  document.querySelectorAll('#' + id + ' button').forEach((button) => button.addEventListener('click', () => {
    document.querySelectorAll('#' + id + ' button').forEach((other) => other.setAttribute('aria-pressed', String(other === button)));
    document.getElementById(id === 'scents' ? 'scent' : 'size').value = button.textContent;
    if (button.dataset.cents) document.getElementById('price').textContent = '$' + (Number(button.dataset.cents) / 100).toFixed(2);
  }));
}
</script>`,
          jsonLd({
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: 'Classic Soy Candle',
            offers: SIZES.map((size) => ({
              '@type': 'Offer',
              name: size.size,
              price: decimal(size.cents),
              priceCurrency: 'USD',
              availability: 'https://schema.org/InStock',
            })),
          }),
        ),
      }),
    },
    {
      method: 'POST',
      path: '/cart',
      handle: ({ form, session }) => {
        const size = SIZES.find((candidate) => candidate.size === form.get('size'));
        const scent = SCENTS.find((candidate) => candidate === form.get('scent'));
        const quantity = Number(form.get('quantity') ?? '1');
        if (size && scent && quantity >= 1)
          session.cart.add({
            sku: skuOf(scent, size.size),
            name: `${scent} candle, ${size.size}`,
            quantity,
            unitCents: size.cents,
          });
        return { redirect: '/cart' };
      },
    },
    {
      method: 'GET',
      path: '/cart',
      handle: ({ session }) => ({
        html: page(
          'Cart',
          `<h1>Cart</h1>${session.cart.lines.map((line) => `<p>${esc(line.name)} × ${line.quantity}</p>`).join('')}<a href="/checkout">Checkout</a>`,
        ),
      }),
    },
    {
      method: 'GET',
      path: '/checkout',
      handle: ({ session, query }) => ({
        html: page(
          'Checkout',
          `<h1>Checkout</h1>${query.get('e') ? `<p role="alert">${esc(query.get('e') ?? '')}</p>` : ''}<form method="post" action="/checkout" id="f">
<p><label>Name <input name="name" autocomplete="name" required></label></p><p><label>Email <input name="email" type="email" required></label></p>
<p><label>Address <input name="address" autocomplete="address-line1" required></label></p><p><label>City <input name="city" required></label></p>
<p><label>State <select name="state" required><option value="">—</option>${US_STATES.map(([code]) => `<option>${code}</option>`).join('')}</select></label></p>
<p><label>ZIP <input name="zip" id="zip" required></label></p>
<div id="rates"><p><em>Enter your ZIP code to see shipping rates.</em></p></div>
<p id="sum" data-sub="${session.cart.subtotalCents}" data-tax="${taxOn(session.cart.subtotalCents, TAX_BP)}">Items ${dollars(session.cart.subtotalCents)} · Tax ${dollars(taxOn(session.cart.subtotalCents, TAX_BP))}</p>
<p><label><input type="checkbox" name="terms" required> I agree to the terms of sale</label></p>
${cardFormFields(CARD)}<button type="submit" id="go">Place order</button></form>
<script>
const sum = document.getElementById('sum');
const money = (c) => '$' + (c / 100).toFixed(2);
function update() {
  const picked = document.querySelector('input[name=rate]:checked');
  const rate = picked ? Number(picked.dataset.cents) : 0;
  const total = Number(sum.dataset.sub) + rate + Number(sum.dataset.tax);
  sum.textContent = 'Items ' + money(Number(sum.dataset.sub)) + ' · Shipping ' + money(rate) + ' · Tax ' + money(Number(sum.dataset.tax)) + ' · Total ' + money(total);
  document.getElementById('go').textContent = 'Place order · ' + money(total);
}
document.getElementById('zip').addEventListener('change', async (event) => {
  const rates = await (await fetch('/rates?zip=' + encodeURIComponent(event.target.value))).json();
  document.getElementById('rates').innerHTML = '<p>Shipping</p>' + rates.map((r, i) => '<label><input type="radio" name="rate" value="' + r.id + '" data-cents="' + r.cents + '"' + (i === 0 ? ' checked' : '') + '> ' + r.label + ' ' + money(r.cents) + '</label><br>').join('');
  document.querySelectorAll('input[name=rate]').forEach((radio) => radio.addEventListener('change', update));
  update();
});
</script>`,
        ),
      }),
    },
    { method: 'GET', path: '/rates', handle: ({ query }) => ({ json: filled(query.get('zip')) ? RATES : [] }) },
    {
      method: 'POST',
      path: '/checkout',
      handle: async ({ form, session }) => {
        const rate = RATES.find((candidate) => candidate.id === form.get('rate'));
        if (!rate || form.get('terms') === null)
          return { redirect: '/checkout?e=Choose%20a%20shipping%20rate%20and%20accept%20the%20terms.' };
        const paid = await payByCardForm(orders, form, CARD, {
          email: form.get('email') ?? '',
          lines: session.cart.lines,
          totalCents: totalOf(session.cart, rate.cents),
        });
        if ('problem' in paid) return { redirect: '/checkout?e=Payment%20failed.' };
        session.cart.clear();
        return { html: page('Thanks', `<h1>Thank you!</h1><p>Order ${paid.order.number} is confirmed.</p>`) };
      },
    },
  ],
};
