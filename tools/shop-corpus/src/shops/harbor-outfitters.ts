import { type CardFormStyle, cardFormFields, payByCardForm } from '../server/card-form.js';
import { Cart } from '../server/cart.js';
import { decimal, dollars, esc, jsonLd, taxOn } from '../server/html.js';
import { filled } from '../server/places.js';
import type { Route, ShopDefinition } from '../server/shop-server.js';

/** The shop's own card form (docs/adr/0245). */
const CARD: CardFormStyle = {
  prefix: 'card-',
  expiry: { kind: 'one-field', placeholder: 'MM / YY' },
  autocomplete: true,
  billing: true,
};

interface Session {
  readonly cart: Cart;
  details?: Record<string, string>;
}

const JACKET = { name: 'Harbor Rain Jacket', cents: 12900 };
const SIZES = [
  { id: '4401', size: 'S', sku: 'HRJ-S', stock: 4 },
  { id: '4402', size: 'M', sku: 'HRJ-M', stock: 7 },
  { id: '4403', size: 'L', sku: 'HRJ-L', stock: 2 },
  { id: '4404', size: 'XL', sku: 'HRJ-XL', stock: 0 },
] as const;
const COUNTRIES = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['MX', 'Mexico'],
] as const;
const TAX_BP = 725;

const shell = (title: string, session: Session, body: string) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8"><title>${esc(title)} | Harbor Outfitters</title>
<style>body{font-family:'Trebuchet MS',sans-serif;margin:0 auto;max-width:960px;padding:0 20px}header{display:flex;justify-content:space-between;padding:16px 0;border-bottom:3px solid #0b3954}
.flash{background:#e0f2e9;padding:10px}.cols{display:flex;gap:40px}.cols>div{flex:1}label{display:block;margin-top:8px}a.button,button{background:#0b3954;color:#fff;padding:8px 18px;border:0;text-decoration:none;display:inline-block}</style>
${title === JACKET.name ? jsonLd(productGroup()) : ''}</head>
<body><header><a href="/">HARBOR OUTFITTERS</a><a href="/bag">Bag (${session.cart.count})</a></header>${body}<footer><p>Free shipping on orders over $100.</p></footer></body></html>`;

const productGroup = () => ({
  '@context': 'https://schema.org/',
  '@type': 'ProductGroup',
  name: JACKET.name,
  productGroupID: 'HRJ',
  variesBy: ['https://schema.org/size'],
  hasVariant: SIZES.map((variant) => ({
    '@type': 'Product',
    sku: variant.sku,
    name: `${JACKET.name} - ${variant.size}`,
    size: variant.size,
    offers: {
      '@type': 'Offer',
      price: decimal(JACKET.cents),
      priceCurrency: 'USD',
      availability: variant.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  })),
});

const shippingOf = (cart: Cart) => (cart.subtotalCents >= 10000 ? 0 : 895);
const totalOf = (cart: Cart) => cart.subtotalCents + shippingOf(cart) + taxOn(cart.subtotalCents, TAX_BP);

export const harborOutfitters: ShopDefinition<Session> = {
  id: 'harbor-outfitters',
  name: 'Harbor Outfitters',
  hard: 'JSON-LD ProductGroup; sizes in a select whose values are numeric ids; add to cart returns to the product page with a flash message; checkout behind a "sign in or continue as guest" page; the details form ends in "Review order" (reversible) and the total appears only on the review page next to the card form (expiry "MM / YY", a billing address with an unticked "Same as shipping address" box) and "Place order"; phone required; state as a text field; order number in a sentence.',
  cookie: 'harbor.sid',
  orderBook: { currency: 'USD', numberFor: (n) => String(100481 + n) },
  newSession: () => ({ cart: new Cart() }),
  routes: ({ orders }): Route<Session>[] => [
    {
      method: 'GET',
      path: '/',
      handle: ({ session }) => ({
        html: shell(
          'Home',
          session,
          '<h1>New in: outerwear</h1><a href="/p/harbor-rain-jacket">Harbor Rain Jacket</a>',
        ),
      }),
    },
    {
      method: 'GET',
      path: '/p/harbor-rain-jacket',
      handle: ({ session, query }) => ({
        html: shell(
          JACKET.name,
          session,
          `${query.get('added') ? '<div class="flash">Added to your bag. <a href="/bag">View bag</a></div>' : ''}
<div class="cols"><div><div style="height:260px;background:#c9d6df">&nbsp;</div></div><div>
<h1>${JACKET.name}</h1><p class="price">${dollars(JACKET.cents)}</p><p>Seam-taped, packable, and cut long enough for the school run.</p>
<form method="post" action="/bag"><label for="size">Size</label><select id="size" name="variant_id" required><option value="">Pick your size</option>
${SIZES.map((variant) => `<option value="${variant.id}"${variant.stock === 0 ? ' disabled' : ''}>${variant.size}${variant.stock === 0 ? ' — sold out' : ''}</option>`).join('')}</select>
<label for="q">Qty</label><input id="q" name="quantity" type="number" value="1" min="1" max="5">
<p><button type="submit">Add to bag</button></p></form></div></div>`,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/bag',
      handle: ({ form, session }) => {
        const variant = SIZES.find((candidate) => candidate.id === form.get('variant_id'));
        const quantity = Number(form.get('quantity') ?? '1');
        if (!variant || variant.stock < quantity || quantity < 1) return { redirect: '/p/harbor-rain-jacket' };
        session.cart.add({
          sku: variant.sku,
          name: `${JACKET.name}, size ${variant.size}`,
          quantity,
          unitCents: JACKET.cents,
        });
        return { redirect: '/p/harbor-rain-jacket?added=1' };
      },
    },
    {
      method: 'GET',
      path: '/bag',
      handle: ({ session }) => ({
        html: shell(
          'Bag',
          session,
          `<h1>Shopping bag</h1>${session.cart.lines.map((line) => `<p>${esc(line.name)} — qty ${line.quantity} — ${dollars(line.unitCents * line.quantity)}</p>`).join('')}
<form method="post" action="/checkout/start"><button type="submit">Checkout</button></form>`,
        ),
      }),
    },
    { method: 'POST', path: '/checkout/start', handle: () => ({ redirect: '/checkout/start' }) },
    {
      method: 'GET',
      path: '/checkout/start',
      handle: ({ session }) => ({
        html: shell(
          'Checkout',
          session,
          `<h1>How would you like to check out?</h1><div class="cols">
<div><h2>Returning customer</h2><form method="post" action="/account/login"><label>Email<input type="email" name="login_email"></label><label>Password<input type="password" name="password"></label><button type="submit">Sign in</button></form></div>
<div><h2>New here?</h2><p>No account needed.</p><a class="button" href="/checkout/guest">Continue as guest</a></div></div>`,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/account/login',
      handle: ({ session }) => ({
        html: shell('Sign in', session, '<p role="alert">Email or password is incorrect.</p>'),
      }),
    },
    {
      method: 'GET',
      path: '/checkout/guest',
      handle: ({ session, query }) => ({
        html: shell(
          'Your details',
          session,
          `<h1>Your details</h1>${query.get('missing') ? '<p class="error">Please complete all required fields.</p>' : ''}
<form method="post" action="/checkout/guest">
<label>First name <input name="given" autocomplete="given-name" required></label>
<label>Last name <input name="family" autocomplete="family-name" required></label>
<label>Email <input name="mail" type="email" autocomplete="email" required></label>
<label>Phone (for delivery updates) <input name="phone_number" type="tel" autocomplete="tel" required></label>
<label>Address line 1 <input name="l1" autocomplete="address-line1" required></label>
<label>Address line 2 <input name="l2" autocomplete="address-line2"></label>
<label>City <input name="c" autocomplete="address-level2" required></label>
<label>State / Province <input name="st" autocomplete="address-level1" required></label>
<label>Postal code <input name="pc" autocomplete="postal-code" required></label>
<label>Country <select name="co" autocomplete="country">${COUNTRIES.map(([code, name]) => `<option value="${code}">${name}</option>`).join('')}</select></label>
<p><button type="submit">Review order</button></p></form>`,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/checkout/guest',
      handle: ({ form, session }) => {
        if (!['given', 'family', 'mail', 'phone_number', 'l1', 'c', 'st', 'pc'].every((name) => filled(form.get(name))))
          return { redirect: '/checkout/guest?missing=1' };
        session.details = Object.fromEntries(form.entries());
        return { redirect: '/checkout/review' };
      },
    },
    {
      method: 'GET',
      path: '/checkout/review',
      handle: ({ session }) => {
        const details = session.details;
        if (!details) return { redirect: '/checkout/guest' };
        const cart = session.cart;
        return {
          html: shell(
            'Review',
            session,
            `<h1>Review your order</h1><table>${cart.lines.map((line) => `<tr><td>${esc(line.name)}</td><td>× ${line.quantity}</td><td>${dollars(line.unitCents * line.quantity)}</td></tr>`).join('')}
<tr><td>Shipping</td><td></td><td>${shippingOf(cart) === 0 ? 'Free' : dollars(shippingOf(cart))}</td></tr><tr><td>Estimated tax</td><td></td><td>${dollars(taxOn(cart.subtotalCents, TAX_BP))}</td></tr>
<tr><th>Order total</th><td></td><th>${dollars(totalOf(cart))}</th></tr></table>
<p>Ship to: ${esc(details.given ?? '')} ${esc(details.family ?? '')}, ${esc(details.l1 ?? '')}, ${esc(details.c ?? '')} ${esc(details.st ?? '')} ${esc(details.pc ?? '')}</p>
<form method="post" action="/checkout/place">${cardFormFields(CARD)}
<p><button type="submit">Place order</button></p></form>`,
          ),
        };
      },
    },
    {
      method: 'POST',
      path: '/checkout/place',
      handle: async ({ form, session }) => {
        const details = session.details;
        if (!details) return { redirect: '/checkout/guest' };
        const paid = await payByCardForm(orders, form, CARD, {
          email: details.mail ?? '',
          lines: session.cart.lines,
          totalCents: totalOf(session.cart),
        });
        if ('problem' in paid && !('declined' in paid)) return { redirect: '/checkout/review' };
        if ('declined' in paid)
          return { html: shell('Declined', session, '<div role="alert">Payment declined.</div>') };
        session.cart.clear();
        return {
          html: shell(
            'Thank you',
            session,
            `<h1>Thanks, ${esc(details.given ?? '')}!</h1><p>Your order number is ${paid.order.number}. We'll email you when it ships.</p>`,
          ),
        };
      },
    },
  ],
};
