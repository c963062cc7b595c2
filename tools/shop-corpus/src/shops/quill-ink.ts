import { type CardFormStyle, cardFormFields, payByCardForm } from '../server/card-form.js';
import { Cart } from '../server/cart.js';
import { decimal, esc, jsonLd, taxOn } from '../server/html.js';
import { US_STATES, filled } from '../server/places.js';
import type { Route, ShopDefinition } from '../server/shop-server.js';

/** The shop's own card form (docs/adr/0245). */
const CARD: CardFormStyle = {
  prefix: 'cc_',
  expiry: { kind: 'selects', months: 'numbers', yearDigits: 2 },
  autocomplete: false,
  cardType: true,
};

interface Session {
  readonly cart: Cart;
}

const PEN = { name: 'Heritage Fountain Pen', cents: 6800 };
const NIBS = [
  { value: 'f', label: 'Fine (F)', sku: 'QI-PEN-F' },
  { value: 'm', label: 'Medium (M)', sku: 'QI-PEN-M' },
  { value: 'b', label: 'Broad (B)', sku: 'QI-PEN-B' },
] as const;
const POST_CENTS = 450;
const TAX_BP = 875;

const amount = (cents: number) => `US$${decimal(cents)}`;
const totalOf = (cart: Cart) => cart.subtotalCents + POST_CENTS + taxOn(cart.subtotalCents, TAX_BP);

const page = (
  title: string,
  session: Session,
  body: string,
  head = '',
) => `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)} ~ Quill &amp; Ink</title>${head}
<style>body{font-family:'Book Antiqua',serif;background:#fdfaf3;margin:0}#top{padding:10px 40px;background:#20124d;color:#f3e9ff}#top a{color:#f3e9ff}
.row{display:flex;margin:7px 0}.row .lbl{width:150px}.btn-add{display:inline-block;background:#20124d;color:#fff;padding:8px 18px;text-decoration:none}#wrap{padding:20px 40px}</style></head>
<body><div id="top"><a href="/">Quill &amp; Ink</a> — <a href="/basket" id="bk">Basket (${session.cart.count})</a></div><div id="wrap">${body}</div></body></html>`;

export const quillInk: ShopDefinition<Session> = {
  id: 'quill-ink',
  name: 'Quill & Ink',
  hard: 'Written after the strategy (held out): prices as "US$68.00"; nib sizes in a select whose labels carry the size in brackets ("Medium (M)"); add to basket is a link with role=button that only bumps the header count; labels are spans beside the inputs (no <label>), required marked by asterisks only; the final button says "Order and pay"; the reference has slashes.',
  cookie: 'qi',
  orderBook: { currency: 'USD', numberFor: (n) => `QI/2026/${String(70 + n).padStart(4, '0')}` },
  newSession: () => ({ cart: new Cart() }),
  routes: ({ orders }): Route<Session>[] => [
    {
      method: 'GET',
      path: '/pens/heritage',
      handle: ({ session }) => ({
        html: page(
          PEN.name,
          session,
          `<h1>${PEN.name}</h1><p>Resin body, gold-plated steel nib, converter included.</p><p>${amount(PEN.cents)}</p>
<p><span class="lbl">Nib</span> <select id="nib">${NIBS.map((nib) => `<option value="${nib.value}">${nib.label}</option>`).join('')}</select></p>
<p><a href="#" role="button" class="btn-add" id="add">Add to basket</a> <span id="msg"></span></p>
<script>
document.getElementById('add').addEventListener('click', async (event) => {
  event.preventDefault();
  const r = await fetch('/basket/items', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nib: document.getElementById('nib').value }) });
  const data = await r.json();
  document.getElementById('bk').textContent = 'Basket (' + data.count + ')';
  document.getElementById('msg').textContent = 'Added.';
});
</script>`,
          jsonLd({
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: PEN.name,
            offers: {
              '@type': 'AggregateOffer',
              lowPrice: decimal(PEN.cents),
              highPrice: decimal(PEN.cents),
              priceCurrency: 'USD',
            },
          }),
        ),
      }),
    },
    {
      method: 'POST',
      path: '/basket/items',
      handle: ({ json, session }) => {
        const nib = NIBS.find((candidate) => candidate.value === (json as { nib?: string } | undefined)?.nib);
        if (nib)
          session.cart.add({ sku: nib.sku, name: `${PEN.name}, ${nib.label} nib`, quantity: 1, unitCents: PEN.cents });
        return { json: { count: session.cart.count } };
      },
    },
    {
      method: 'GET',
      path: '/basket',
      handle: ({ session }) => ({
        html: page(
          'Basket',
          session,
          `<h2>Basket</h2>${session.cart.lines.map((line) => `<p>${esc(line.name)} × ${line.quantity}</p>`).join('')}<p><a class="btn-add" href="/order">To the order form</a></p>`,
        ),
      }),
    },
    {
      method: 'GET',
      path: '/order',
      handle: ({ session, query }) => ({
        html: page(
          'Order form',
          session,
          `<h2>Order form</h2>${query.get('e') ? `<p class="error">${esc(query.get('e') ?? '')}</p>` : ''}<form method="post" action="/order">
<div class="row"><span class="lbl">Full name*</span><input name="a"></div><div class="row"><span class="lbl">E-mail*</span><input name="b"></div>
<div class="row"><span class="lbl">Street address*</span><input name="c"></div><div class="row"><span class="lbl">Town*</span><input name="d"></div>
<div class="row"><span class="lbl">State*</span><select name="e"><option value="">…</option>${US_STATES.map(([code, name]) => `<option value="${code}">${name}</option>`).join('')}</select></div>
<div class="row"><span class="lbl">ZIP*</span><input name="f"></div>
<table><tr><td>Goods</td><td>${amount(session.cart.subtotalCents)}</td></tr><tr><td>Post</td><td>${amount(POST_CENTS)}</td></tr><tr><td>Tax</td><td>${amount(taxOn(session.cart.subtotalCents, TAX_BP))}</td></tr><tr><td>Total</td><td>${amount(totalOf(session.cart))}</td></tr></table>
${cardFormFields(CARD)}<button type="submit">Order and pay</button></form>`,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/order',
      handle: async ({ form, session }) => {
        if (!['a', 'b', 'c', 'd', 'e', 'f'].every((name) => filled(form.get(name))))
          return { redirect: '/order?e=Please%20fill%20in%20the%20starred%20fields.' };
        const paid = await payByCardForm(orders, form, CARD, {
          email: form.get('b') ?? '',
          lines: session.cart.lines,
          totalCents: totalOf(session.cart),
        });
        if ('problem' in paid) return { redirect: '/order?e=Payment%20not%20accepted.' };
        session.cart.clear();
        return {
          html: page('Thank you', session, `<h2>With thanks</h2><p>Your reference is ${esc(paid.order.number)}.</p>`),
        };
      },
    },
  ],
};
