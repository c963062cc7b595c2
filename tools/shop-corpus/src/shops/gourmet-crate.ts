import { type CardFormStyle, cardFormFields, payByCardForm } from '../server/card-form.js';
import { Cart } from '../server/cart.js';
import { decimal, dollars, esc, jsonLd, taxOn } from '../server/html.js';
import { US_STATES, filled } from '../server/places.js';
import type { Route, ShopDefinition } from '../server/shop-server.js';

/** The shop's own card form (docs/adr/0245). */
const CARD: CardFormStyle = {
  prefix: 'pay_',
  expiry: { kind: 'one-field', placeholder: 'MM/YYYY' },
  autocomplete: true,
  nameOnCard: true,
};

interface Session {
  readonly cart: Cart;
}

const HAMPER = { name: 'Picnic Hamper for Two', sku: 'GC-PICNIC', cents: 8500 };
const CHILLED = 1400;
const TAX_BP = 900;

const totalOf = (cart: Cart) => cart.subtotalCents + CHILLED + taxOn(cart.subtotalCents, TAX_BP);

const page = (
  title: string,
  body: string,
  head = '',
) => `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)} · Gourmet Crate</title>${head}
<style>body{font-family:Palatino;margin:3em}.totals div{display:flex;justify-content:space-between;width:280px}.totals .grand{font-weight:bold;border-top:1px solid}</style></head><body>${body}</body></html>`;

export const gourmetCrate: ShopDefinition<Session> = {
  id: 'gourmet-crate',
  name: 'Gourmet Crate',
  hard: 'The item ($85.00) fits the budget but chilled delivery and tax take the total to $106.65, shown only in flex rows ("Grand total") on the one-page checkout beside "Confirm and pay".',
  cookie: 'gc',
  orderBook: { currency: 'USD', numberFor: (n) => `GC/${n}` },
  newSession: () => ({ cart: new Cart() }),
  routes: ({ orders }): Route<Session>[] => [
    {
      method: 'GET',
      path: '/hampers/picnic',
      handle: () => ({
        html: page(
          HAMPER.name,
          `<h1>${HAMPER.name}</h1><p>Cheeses, charcuterie, crackers and a bottle of cider, packed cold.</p><p>${dollars(HAMPER.cents)}</p><form method="post" action="/basket"><button>Add to basket</button></form>`,
          jsonLd({
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: HAMPER.name,
            sku: HAMPER.sku,
            offers: {
              '@type': 'Offer',
              price: decimal(HAMPER.cents),
              priceCurrency: 'USD',
              availability: 'https://schema.org/InStock',
            },
          }),
        ),
      }),
    },
    {
      method: 'POST',
      path: '/basket',
      handle: ({ session }) => {
        session.cart.add({ sku: HAMPER.sku, name: HAMPER.name, quantity: 1, unitCents: HAMPER.cents });
        return { redirect: '/basket' };
      },
    },
    {
      method: 'GET',
      path: '/basket',
      handle: ({ session }) => ({
        html: page(
          'Basket',
          `<h1>Basket</h1><p>${session.cart.count} hamper(s)</p><a href="/checkout">Secure checkout</a>`,
        ),
      }),
    },
    {
      method: 'GET',
      path: '/checkout',
      handle: ({ session }) => ({
        html: page(
          'Checkout',
          `<h1>Checkout</h1><form method="post" action="/checkout">
<p><label>Your name <input name="who" autocomplete="name" required></label></p><p><label>Email <input name="mail" autocomplete="email" required></label></p>
<p><label>Delivery address <input name="where" autocomplete="address-line1" required></label></p><p><label>City <input name="town" autocomplete="address-level2" required></label></p>
<p><label>State <select name="st" autocomplete="address-level1">${US_STATES.map(([code, name]) => `<option value="${code}">${name}</option>`).join('')}</select></label></p>
<p><label>ZIP <input name="zip" autocomplete="postal-code" required></label></p>
<p>Delivery: Chilled next-day courier (${dollars(CHILLED)})</p>
<div class="totals"><div><span>Hamper</span><span>${dollars(session.cart.subtotalCents)}</span></div><div><span>Chilled delivery</span><span>${dollars(CHILLED)}</span></div>
<div><span>Tax</span><span>${dollars(taxOn(session.cart.subtotalCents, TAX_BP))}</span></div><div class="grand"><span>Grand total</span><span>${dollars(totalOf(session.cart))}</span></div></div>
${cardFormFields(CARD)}<button type="submit">Confirm and pay</button></form>`,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/checkout',
      handle: async ({ form, session }) => {
        if (!['who', 'mail', 'where', 'town', 'zip'].every((name) => filled(form.get(name))))
          return { redirect: '/checkout' };
        const paid = await payByCardForm(orders, form, CARD, {
          email: form.get('mail') ?? '',
          lines: session.cart.lines,
          totalCents: totalOf(session.cart),
        });
        if ('problem' in paid) return { redirect: '/checkout' };
        session.cart.clear();
        return { html: page('Thanks', `<h1>Thank you</h1><p>Order ${esc(paid.order.number)} is confirmed.</p>`) };
      },
    },
  ],
};
