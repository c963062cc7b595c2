import { type CardFormStyle, cardFormFields, cardPayment, readCardForm } from '../server/card-form.js';
import type { TypedCard } from '../server/card-processor.js';
import { Cart } from '../server/cart.js';
import { decimal, dollars, esc, jsonLd, taxOn } from '../server/html.js';
import { filled } from '../server/places.js';
import type { Route, ShopDefinition } from '../server/shop-server.js';

interface Session {
  readonly cart: Cart;
  address?: Record<string, string>;
  shipping?: (typeof METHODS)[number];
  /** The card typed on the payment page, charged when the order is placed on the review page. */
  card?: TypedCard;
}

/** The shop's own card form (docs/adr/0245). */
const CARD: CardFormStyle = {
  prefix: 'card_',
  expiry: { kind: 'selects', months: 'numbers', yearDigits: 2 },
  autocomplete: true,
  nameOnCard: true,
};

const BEANIE = { name: 'Merino Beanie', cents: 3400 };
const COLOURS = [
  { name: 'Charcoal', sku: 'CS-BEANIE-CHR' },
  { name: 'Oat', sku: 'CS-BEANIE-OAT' },
  { name: 'Rust', sku: 'CS-BEANIE-RST' },
] as const;
const METHODS = [
  { id: 'usps', label: 'USPS Ground Advantage', cents: 550 },
  { id: 'ups', label: 'UPS 2nd Day Air', cents: 1650 },
] as const;
const TAX_BP = 600;

const layout = (
  title: string,
  step: number,
  body: string,
  head = '',
) => `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)} | Cedar Supply Co.</title>${head}
<style>body{font:15px/1.5 sans-serif;margin:0}.bar{background:#5b3a29;color:#fff;padding:10px 30px}.body{padding:20px 30px}
ol.crumbs li{display:inline;margin-right:14px}ol.crumbs li.on{font-weight:bold}.line{display:flex;gap:30px}</style></head>
<body><div class="bar">Cedar Supply Co.</div><div class="body">${step > 0 ? `<ol class="crumbs">${['Address', 'Shipping', 'Payment', 'Review'].map((name, index) => `<li class="${index + 1 === step ? 'on' : ''}">${name}</li>`).join('')}</ol>` : ''}${body}</div></body></html>`;

const totals = (session: Session) => {
  const items = session.cart.subtotalCents;
  const shipping = session.shipping?.cents ?? 0;
  const tax = taxOn(items, TAX_BP);
  return { items, shipping, tax, total: items + shipping + tax };
};

const summary = (session: Session) => {
  const t = totals(session);
  return `<table><tr><td>Items</td><td>${dollars(t.items)}</td></tr><tr><td>Shipping</td><td>${dollars(t.shipping)}</td></tr><tr><td>Tax</td><td>${dollars(t.tax)}</td></tr><tr><th>Total</th><th>${dollars(t.total)}</th></tr></table>`;
};

export const cedarSupply: ShopDefinition<Session> = {
  id: 'cedar-supply',
  name: 'Cedar Supply Co.',
  hard: 'Four steps where payment comes before the review: the card (expiry as two selects, name on card) is entered on the payment page ("Continue to review") and the irreversible "Place order" is on the review page that follows; colours in a select named option1 from a JSON-LD ProductGroup with color variants; a quantity field.',
  cookie: 'cedar',
  orderBook: { currency: 'USD', numberFor: (n) => `CS-${30317 + n}` },
  newSession: () => ({ cart: new Cart() }),
  routes: ({ orders }): Route<Session>[] => [
    {
      method: 'GET',
      path: '/products/merino-beanie',
      handle: () => {
        const group = {
          '@context': 'https://schema.org',
          '@type': 'ProductGroup',
          name: BEANIE.name,
          variesBy: 'https://schema.org/color',
          hasVariant: COLOURS.map((colour) => ({
            '@type': 'Product',
            name: `${BEANIE.name} - ${colour.name}`,
            sku: colour.sku,
            color: colour.name,
            offers: {
              '@type': 'Offer',
              price: decimal(BEANIE.cents),
              priceCurrency: 'USD',
              availability: 'https://schema.org/InStock',
            },
          })),
        };
        return {
          html: layout(
            BEANIE.name,
            0,
            `<h1>${BEANIE.name}</h1><p>${dollars(BEANIE.cents)}</p><form method="post" action="/cart/add">
<label for="o1">Colour</label> <select id="o1" name="option1">${COLOURS.map((colour) => `<option value="${colour.sku}">${colour.name}</option>`).join('')}</select>
<label for="qty">Quantity</label> <input id="qty" name="qty" type="number" value="1" min="1" max="9"> <button type="submit">Add to cart</button></form>`,
            jsonLd(group),
          ),
        };
      },
    },
    {
      method: 'POST',
      path: '/cart/add',
      handle: ({ form, session }) => {
        const colour = COLOURS.find((candidate) => candidate.sku === form.get('option1'));
        const qty = Number(form.get('qty') ?? '1');
        if (colour && qty >= 1)
          session.cart.add({
            sku: colour.sku,
            name: `${BEANIE.name} / ${colour.name}`,
            quantity: qty,
            unitCents: BEANIE.cents,
          });
        return { redirect: '/cart' };
      },
    },
    {
      method: 'GET',
      path: '/cart',
      handle: ({ session }) => ({
        html: layout(
          'Cart',
          0,
          `<h1>Cart</h1>${session.cart.lines.map((line) => `<div class="line"><span>${esc(line.name)}</span><span>× ${line.quantity}</span></div>`).join('')}<form action="/checkout/address"><button>Check out</button></form>`,
        ),
      }),
    },
    {
      method: 'GET',
      path: '/checkout/address',
      handle: () => ({
        html: layout(
          'Address',
          1,
          `<form method="post" action="/checkout/address"><p><label>Name <input name="name" autocomplete="name" required></label></p><p><label>Email <input name="email" autocomplete="email" required></label></p>
<p><label>Address <input name="a1" autocomplete="address-line1" required></label></p><p><label>Apartment, suite (optional) <input name="a2" autocomplete="address-line2"></label></p>
<p><label>City <input name="city" autocomplete="address-level2" required></label> <label>State <input name="state" autocomplete="address-level1" required></label> <label>ZIP <input name="zip" autocomplete="postal-code" required></label></p>
<button type="submit">Continue to shipping</button></form>`,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/checkout/address',
      handle: ({ form, session }) => {
        if (!['name', 'email', 'a1', 'city', 'state', 'zip'].every((name) => filled(form.get(name))))
          return { redirect: '/checkout/address' };
        session.address = Object.fromEntries(form.entries());
        return { redirect: '/checkout/shipping' };
      },
    },
    {
      method: 'GET',
      path: '/checkout/shipping',
      handle: () => ({
        html: layout(
          'Shipping',
          2,
          `<form method="post" action="/checkout/shipping">${METHODS.map((method) => `<p><label><input type="radio" name="shipping_method" value="${method.id}" required> ${method.label} ${dollars(method.cents)}</label></p>`).join('')}<button type="submit">Continue to payment</button></form>`,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/checkout/shipping',
      handle: ({ form, session }) => {
        const method = METHODS.find((candidate) => candidate.id === form.get('shipping_method'));
        if (!method) return { redirect: '/checkout/shipping' };
        session.shipping = method;
        return { redirect: '/checkout/payment' };
      },
    },
    {
      method: 'GET',
      path: '/checkout/payment',
      handle: ({ session, query }) => ({
        html: layout(
          'Payment',
          3,
          `${query.get('e') ? `<p role="alert">${esc(query.get('e') ?? '')}</p>` : ''}${summary(session)}<form method="post" action="/checkout/payment">${cardFormFields(CARD)}<p>You can review your order before it is placed.</p><button type="submit">Continue to review</button></form>`,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/checkout/payment',
      handle: ({ form, session }) => {
        const read = readCardForm(form, CARD);
        if ('problem' in read) return { redirect: `/checkout/payment?e=${encodeURIComponent(read.problem)}` };
        session.card = read.card;
        return { redirect: '/checkout/review' };
      },
    },
    {
      method: 'GET',
      path: '/checkout/review',
      handle: ({ session }) => ({
        html: layout(
          'Review',
          4,
          `<h2>Review and place your order</h2>${session.cart.lines.map((line) => `<p>${esc(line.name)} × ${line.quantity}</p>`).join('')}<p>Ship to ${esc(session.address?.name ?? '')}, ${esc(session.address?.city ?? '')} via ${esc(session.shipping?.label ?? '')}</p>
${summary(session)}<p>Paying with card ending ${esc((session.card?.number ?? '').slice(-4))}</p><form method="post" action="/checkout/place"><button type="submit">Place order</button></form>`,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/checkout/place',
      handle: async ({ session }) => {
        if (!session.card) return { redirect: '/checkout/payment' };
        const paid = cardPayment(
          await orders.payCard({
            email: session.address?.email ?? '',
            lines: session.cart.lines,
            totalCents: totals(session).total,
            card: session.card,
          }),
        );
        session.card = undefined;
        if ('problem' in paid) return { redirect: `/checkout/payment?e=${encodeURIComponent(paid.problem)}` };
        session.cart.clear();
        return {
          html: layout('Thank you', 0, `<h1>Thank you for your order</h1><p>Order no. ${paid.order.number}</p>`),
        };
      },
    },
  ],
};
