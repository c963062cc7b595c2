import { type CardFormStyle, cardFormFields, payByCardForm } from '../server/card-form.js';
import { Cart } from '../server/cart.js';
import { decimal, dollars, esc, taxOn } from '../server/html.js';
import { US_STATES, filled } from '../server/places.js';
import type { Route, ShopDefinition } from '../server/shop-server.js';

/** The shop's own card form (docs/adr/0245). */
const CARD: CardFormStyle = {
  prefix: 'card_',
  expiry: { kind: 'selects', months: 'names', yearDigits: 4 },
  autocomplete: false,
  nameOnCard: true,
};

interface Session {
  readonly cart: Cart;
  cookiesAccepted: boolean;
}

const LAMP = { name: 'Arc Desk Lamp', cents: 8900 };
const FINISHES = [
  { value: 'brass', label: 'Brushed brass', sku: 'ARC-BRASS', inStock: true },
  { value: 'black', label: 'Matte black', sku: 'ARC-BLACK', inStock: true },
  { value: 'white', label: 'Chalk white', sku: 'ARC-WHITE', inStock: false },
] as const;
const SPEEDS = [
  { value: 'ground', label: 'Ground', cents: 600 },
  { value: 'air2', label: '2-Day Air', cents: 1800 },
] as const;
const TAX_BP = 825;

const banner = (session: Session) =>
  session.cookiesAccepted
    ? ''
    : `<div id="cc" style="position:fixed;left:0;right:0;bottom:0;height:45vh;background:rgba(20,20,20,.93);color:#eee;padding:30px;z-index:50">
<p>We use cookies to make this site work and to understand how you use it. Some are optional.</p>
<button type="button" onclick="fetch('/consent',{method:'POST'}).then(()=>document.getElementById('cc').remove())">Accept all</button>
<button type="button" onclick="alert('Nothing to configure yet.')">Cookie settings</button></div>`;

const page = (
  title: string,
  session: Session,
  body: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)} — Lumen Lamp Works</title>
<style>body{margin:0;font-family:Helvetica,Arial,sans-serif}nav{padding:12px 24px;border-bottom:1px solid #ddd}main{padding:24px;max-width:900px}
.drawer{position:fixed;top:0;right:0;width:320px;height:100%;background:#fff;box-shadow:-4px 0 12px #0003;padding:20px;display:none}
.drawer.open{display:block}.field{margin:6px 0}.field span{display:inline-block;width:110px}.grand{font-weight:bold}.soldout{color:#999}</style></head>
<body><nav><b>LUMEN</b> lamp works · <a href="/shop">Shop</a></nav><main>${body}</main>${banner(session)}</body></html>`;

const totalsScript = `
const cents = (n) => '$' + (n / 100).toFixed(2);
function recalc() {
  const sub = Number(document.getElementById('sum').dataset.sub);
  const speed = document.querySelector('input[name=f_speed]:checked');
  const ship = speed ? Number(speed.dataset.cents) : 0;
  const tax = Math.round(sub * ${TAX_BP} / 10000);
  document.getElementById('s-ship').textContent = cents(ship);
  document.getElementById('s-tax').textContent = cents(tax);
  document.getElementById('s-total').textContent = cents(sub + ship + tax);
}
document.querySelectorAll('input[name=f_speed]').forEach((radio) => radio.addEventListener('change', recalc));
recalc();`;

export const lumenLamps: ShopDefinition<Session> = {
  id: 'lumen-lamps',
  name: 'Lumen Lamp Works',
  hard: 'Microdata only; finishes as radio buttons with the default preselected and one sold out (disabled); a cookie banner covering half the page; add to cart by fetch() into a cart drawer; a one-page checkout with no country field, fields named f_1..f_9 and known only by their labels, an email field of type text, state as "CA — California"; shipping radios that change the total in the page; "Complete purchase".',
  cookie: 'lumen_sid',
  orderBook: { currency: 'USD', numberFor: (n) => `LL-${88212 + n}` },
  newSession: () => ({ cart: new Cart(), cookiesAccepted: false }),
  routes: ({ orders }): Route<Session>[] => [
    {
      method: 'GET',
      path: '/shop',
      handle: ({ session }) => ({
        html: page('Shop', session, '<h1>Lamps</h1><p><a href="/shop/arc-desk-lamp">Arc Desk Lamp</a></p>'),
      }),
    },
    {
      method: 'POST',
      path: '/consent',
      handle: ({ session }) => {
        session.cookiesAccepted = true;
        return { json: { ok: true } };
      },
    },
    {
      method: 'GET',
      path: '/shop/arc-desk-lamp',
      handle: ({ session }) => ({
        html: page(
          LAMP.name,
          session,
          `<section itemscope itemtype="http://schema.org/Product">
<h1 itemprop="name">${LAMP.name}</h1><p itemprop="description">A task lamp with a long reach and a warm 2700K LED.</p>
<div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><span itemprop="priceCurrency" content="USD">$</span><span itemprop="price" content="${decimal(LAMP.cents)}">${decimal(LAMP.cents)}</span>
<link itemprop="availability" href="http://schema.org/InStock"></div>
<fieldset><legend>Finish</legend>${FINISHES.map((finish, index) => `<label class="${finish.inStock ? '' : 'soldout'}"><input type="radio" name="finish" value="${finish.value}"${index === 0 ? ' checked' : ''}${finish.inStock ? '' : ' disabled'}> ${finish.label}${finish.inStock ? '' : ' <small>(sold out)</small>'}</label><br>`).join('')}</fieldset>
<p><button type="button" id="addBtn" style="margin-top:12px;padding:10px 28px">Add to cart</button></p>
</section>
<aside class="drawer" id="drawer" role="dialog" aria-label="Your cart"><h2>Your cart</h2><div id="lines"></div>
<p><a href="/checkout">Checkout</a></p><button type="button" onclick="document.getElementById('drawer').classList.remove('open')">Continue shopping</button></aside>
<script>
document.getElementById('addBtn').addEventListener('click', async () => {
  const finish = document.querySelector('input[name=finish]:checked').value;
  const response = await fetch('/api/cart', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ finish, qty: 1 }) });
  const cart = await response.json();
  document.getElementById('lines').innerHTML = cart.lines.map((l) => '<p>' + l.name + ' × ' + l.quantity + '</p>').join('');
  document.getElementById('drawer').classList.add('open');
});
</script>`,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/api/cart',
      handle: ({ json, session }) => {
        const body = json as { finish?: string; qty?: number } | undefined;
        const finish = FINISHES.find((candidate) => candidate.value === body?.finish);
        if (!finish || !finish.inStock) return { status: 409, json: { error: 'That finish is sold out.' } };
        session.cart.add({
          sku: finish.sku,
          name: `${LAMP.name} (${finish.label})`,
          quantity: body?.qty ?? 1,
          unitCents: LAMP.cents,
        });
        return { json: { lines: session.cart.lines } };
      },
    },
    {
      method: 'GET',
      path: '/checkout',
      handle: ({ session, query }) => ({
        html: page(
          'Checkout',
          session,
          `<h1>Checkout</h1><p>We ship within the United States.</p>${query.get('err') ? `<p class="error" role="alert">${esc(query.get('err') ?? '')}</p>` : ''}
<ul>${session.cart.lines.map((line) => `<li>${esc(line.name)} × ${line.quantity}</li>`).join('')}</ul>
<form method="post" action="/checkout">
<div class="field"><label for="f1"><span>Name</span></label><input id="f1" name="f_1" required></div>
<div class="field"><label for="f2"><span>E-mail</span></label><input id="f2" name="f_2" type="text" required></div>
<div class="field"><label for="f3"><span>Street</span></label><input id="f3" name="f_3" required></div>
<div class="field"><label for="f4"><span>Apt / Unit</span></label><input id="f4" name="f_4"></div>
<div class="field"><label for="f5"><span>City</span></label><input id="f5" name="f_5" required></div>
<div class="field"><label for="f6"><span>State</span></label><select id="f6" name="f_6" required><option value="">State…</option>${US_STATES.map(([code, name]) => `<option value="${code}">${code} — ${name}</option>`).join('')}</select></div>
<div class="field"><label for="f7"><span>ZIP</span></label><input id="f7" name="f_7" required></div>
<h3>Shipping speed</h3>${SPEEDS.map((speed, index) => `<label><input type="radio" name="f_speed" value="${speed.value}" data-cents="${speed.cents}"${index === 1 ? ' checked' : ''}> ${speed.label} — ${dollars(speed.cents)}</label><br>`).join('')}
<div id="sum" data-sub="${session.cart.subtotalCents}"><div>Subtotal <span>${dollars(session.cart.subtotalCents)}</span></div><div>Shipping <span id="s-ship"></span></div>
<div>Tax <span id="s-tax"></span></div><div class="grand">Total <span id="s-total"></span></div></div>
${cardFormFields(CARD)}
<button type="submit">Complete purchase</button></form><script>${totalsScript}</script>`,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/checkout',
      handle: async ({ form, session }) => {
        const missing = ['f_1', 'f_2', 'f_3', 'f_5', 'f_6', 'f_7'].filter((name) => !filled(form.get(name)));
        if (missing.length > 0)
          return { redirect: `/checkout?err=${encodeURIComponent('Please fill in every required field.')}` };
        if (session.cart.count === 0) return { redirect: '/checkout?err=Your%20cart%20is%20empty.' };
        const speed = SPEEDS.find((candidate) => candidate.value === form.get('f_speed')) ?? SPEEDS[0];
        const total = session.cart.subtotalCents + speed.cents + taxOn(session.cart.subtotalCents, TAX_BP);
        const paid = await payByCardForm(orders, form, CARD, {
          email: form.get('f_2') ?? '',
          lines: session.cart.lines,
          totalCents: total,
        });
        if ('problem' in paid) return { redirect: `/checkout?err=${encodeURIComponent(paid.problem)}` };
        session.cart.clear();
        return { redirect: `/thanks?c=${paid.order.number}` };
      },
    },
    {
      method: 'GET',
      path: '/thanks',
      handle: ({ session, query }) => ({
        html: page(
          'Thanks',
          session,
          `<h1>We've received your order</h1><p>Confirmation: ${esc(query.get('c') ?? '')}</p>`,
        ),
      }),
    },
  ],
};
