import { type CardFormStyle, cardFormFields, payByCardForm } from '../server/card-form.js';
import { Cart } from '../server/cart.js';
import { decimal, dollars, esc, jsonLd, taxOn } from '../server/html.js';
import { filled } from '../server/places.js';
import type { Route, ShopDefinition } from '../server/shop-server.js';

/** The shop's own card form (docs/adr/0245). */
const CARD: CardFormStyle = {
  prefix: 'card_',
  expiry: { kind: 'one-field', placeholder: 'MM / YY' },
  autocomplete: true,
};

interface Session {
  readonly cart: Cart;
  details?: Record<string, string>;
}

const BELL = { name: 'Bolt Brass Bike Bell', sku: 'BB-BELL', cents: 1900 };
const SHIPPING = 399;
const TAX_BP = 500;

const html = (
  title: string,
  body: string,
  head = '',
) => `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title>${head}
<style>body{font-family:system-ui;margin:2em 4em}.alert-error{color:#fff;background:#c0392b;padding:.6em}.grid{display:grid;grid-template-columns:repeat(2,260px);gap:.4em}</style></head><body><header><b>BOLT</b> bikes &amp; bits</header>${body}</body></html>`;

const totalOf = (cart: Cart) => cart.subtotalCents + SHIPPING + taxOn(cart.subtotalCents, TAX_BP);

export const boltBikes: ShopDefinition<Session> = {
  id: 'bolt-bikes',
  name: 'Bolt Bikes',
  hard: 'The processor declines every payment and the page shows it in a styled div (no role) above the same "Submit order" button, which must not be pressed again; JSON-LD offers as an array; two-column form grid.',
  cookie: 'bolt',
  orderBook: { currency: 'USD', numberFor: (n) => `BOLT-${n}`, declineAll: true },
  newSession: () => ({ cart: new Cart() }),
  routes: ({ orders }): Route<Session>[] => [
    {
      method: 'GET',
      path: '/parts/brass-bell',
      handle: () => ({
        html: html(
          BELL.name,
          `<h1>${BELL.name}</h1><p>A clear ring that carries. Fits 22.2 mm bars.</p><p>${dollars(BELL.cents)}</p><form method="post" action="/cart"><button>Add to cart</button></form>`,
          jsonLd({
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: BELL.name,
            sku: BELL.sku,
            offers: [
              {
                '@type': 'Offer',
                price: decimal(BELL.cents),
                priceCurrency: 'USD',
                availability: 'https://schema.org/InStock',
              },
            ],
          }),
        ),
      }),
    },
    {
      method: 'POST',
      path: '/cart',
      handle: ({ session }) => {
        session.cart.add({ sku: BELL.sku, name: BELL.name, quantity: 1, unitCents: BELL.cents });
        return { redirect: '/cart' };
      },
    },
    {
      method: 'GET',
      path: '/cart',
      handle: ({ session }) => ({
        html: html(
          'Cart',
          `<h2>Cart</h2><p>${session.cart.count} item(s)</p><p><a href="/checkout/details">Checkout</a></p>`,
        ),
      }),
    },
    {
      method: 'GET',
      path: '/checkout/details',
      handle: () => ({
        html: html(
          'Details',
          `<h2>Shipping details</h2><form method="post" action="/checkout/details"><div class="grid">
<label>First name<br><input name="first_name" autocomplete="given-name" required></label><label>Last name<br><input name="last_name" autocomplete="family-name" required></label>
<label>Email<br><input name="email" type="email" autocomplete="email" required></label><label>Phone (optional)<br><input name="phone" type="tel"></label>
<label>Address<br><input name="address1" autocomplete="address-line1" required></label><label>City<br><input name="city" autocomplete="address-level2" required></label>
<label>State<br><input name="state" autocomplete="address-level1" required></label><label>Zip<br><input name="zip" autocomplete="postal-code" required></label></div>
<button type="submit">Continue to payment</button></form>`,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/checkout/details',
      handle: ({ form, session }) => {
        if (
          !['first_name', 'last_name', 'email', 'address1', 'city', 'state', 'zip'].every((name) =>
            filled(form.get(name)),
          )
        )
          return { redirect: '/checkout/details' };
        session.details = Object.fromEntries(form.entries());
        return { redirect: '/checkout/payment' };
      },
    },
    {
      method: 'GET',
      path: '/checkout/payment',
      handle: ({ session, query }) => ({
        html: html(
          'Payment',
          `<h2>Payment</h2>${query.get('declined') ? '<div class="alert-error">Payment failed: the card issuer declined this transaction.</div>' : ''}
<table><tr><td>Subtotal</td><td>${dollars(session.cart.subtotalCents)}</td></tr><tr><td>Shipping</td><td>${dollars(SHIPPING)}</td></tr><tr><td>Tax</td><td>${dollars(taxOn(session.cart.subtotalCents, TAX_BP))}</td></tr>
<tr><td><strong>Total</strong></td><td><strong>${dollars(totalOf(session.cart))}</strong></td></tr></table>
<form method="post" action="/checkout/payment">${cardFormFields(CARD)}<button type="submit">Submit order</button></form>`,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/checkout/payment',
      handle: async ({ form, session }) => {
        const paid = await payByCardForm(orders, form, CARD, {
          email: session.details?.email ?? '',
          lines: session.cart.lines,
          totalCents: totalOf(session.cart),
        });
        if ('declined' in paid) return { redirect: '/checkout/payment?declined=1' };
        if ('problem' in paid) return { redirect: '/checkout/payment' };
        session.cart.clear();
        return { html: html('Thanks', `<p>Order ${paid.order.number} placed.</p>`) };
      },
    },
  ],
};
