import { decimal, esc, jsonLd } from '../server/html.js';
import { hostedCardFields } from '../server/hosted-fields.js';
import { filled } from '../server/places.js';
import type { Route, ShopDefinition } from '../server/shop-server.js';
import {
  type PlatformProduct,
  type PlatformSession,
  VISUALLY_HIDDEN_CSS,
  addVariant,
  newPlatformSession,
  payWithPlatformCard,
  stateOptions,
  totalsOf,
} from './platform-kit.js';

/** Shopify: the Dawn theme's product form and variant pills, then Shopify's one-page checkout. */
const BEANIE: PlatformProduct = {
  name: 'Merino Rib Beanie',
  variants: [
    { sku: 'FK-BEANIE-CHAR', label: 'Charcoal', cents: 3400 },
    { sku: 'FK-BEANIE-OCEAN', label: 'Ocean', cents: 3400 },
    { sku: 'FK-BEANIE-RUST', label: 'Rust', cents: 3400, soldOut: true },
  ],
};
const VARIANT_IDS = [44120001, 44120002, 44120003];
const CHARGES = { shippingCents: 600, taxBasisPoints: 725 };
const SECTION = 'template--1820__main';
const money = (cents: number) => `$${decimal(cents)} USD`;

const layout = (
  title: string,
  body: string,
  head = '',
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)} – Fjord Knits</title>${head}
<style>body{font-family:Assistant,sans-serif;margin:0;color:#121212}.visually-hidden{${VISUALLY_HIDDEN_CSS}}.page-width{max-width:1000px;margin:0 auto;padding:0 30px}
.product-form__input input[type=radio]{${VISUALLY_HIDDEN_CSS}}.product-form__input input[type=radio]+label{display:inline-block;border:1px solid #999;border-radius:40px;padding:8px 18px;margin:4px;cursor:pointer}
.product-form__input input[type=radio]:checked+label{background:#121212;color:#fff}.product-form__input input.disabled+label{text-decoration:line-through;color:#999}
.button{background:#121212;color:#fff;border:0;padding:14px 30px;font-size:15px;cursor:pointer}header{border-bottom:1px solid #eee;padding:14px 30px}</style></head>
<body><header><a href="/">Fjord Knits</a> <a href="/cart" id="cart-icon-bubble">Cart</a></header><main id="MainContent" class="content-for-layout">${body}</main></body></html>`;

const productPage = () => {
  const pills = BEANIE.variants
    .map(
      (variant, index) =>
        `<input type="radio" id="${SECTION}-1-${index}" name="Color-1" value="${esc(variant.label)}" form="product-form-${SECTION}"${index === 0 ? ' checked' : ''}${variant.soldOut ? ' class="disabled"' : ''} data-option-value-id="${VARIANT_IDS[index]}">
<label for="${SECTION}-1-${index}">${esc(variant.label)}${variant.soldOut ? '<span class="visually-hidden label-unavailable">Variant sold out or unavailable</span>' : ''}</label>`,
    )
    .join('\n');
  return `<section id="MainProduct-${SECTION}" class="page-width section-${SECTION}-padding"><div class="product__info-wrapper">
<div class="product__title"><h1>${esc(BEANIE.name)}</h1></div>
<div id="price-${SECTION}" role="status"><div class="price"><span class="price-item price-item--regular">${money(BEANIE.variants[0]!.cents)}</span></div></div>
<variant-selects id="variant-selects-${SECTION}" data-section="${SECTION}"><fieldset class="js product-form__input product-form__input--pill"><legend class="form__label">Color</legend>
${pills}
</fieldset><script type="application/json" data-selected-variant>${JSON.stringify({ id: VARIANT_IDS[0], available: true })}</script></variant-selects>
<product-form class="product-form"><form method="post" action="/cart/add" id="product-form-${SECTION}" accept-charset="UTF-8" class="form" enctype="application/x-www-form-urlencoded" novalidate="novalidate" data-type="add-to-cart-form">
<input type="hidden" name="form_type" value="product"><input type="hidden" name="id" value="${VARIANT_IDS[0]}" class="product-variant-id">
<div class="product-form__input product-form__quantity"><label class="quantity__label form__label" for="Quantity-${SECTION}">Quantity</label><input class="quantity__input" type="number" name="quantity" id="Quantity-${SECTION}" min="1" value="1" form="product-form-${SECTION}"></div>
<div class="product-form__buttons"><button id="ProductSubmitButton-${SECTION}" type="submit" name="add" class="product-form__submit button button--full-width button--secondary"><span>Add to cart</span></button></div></form></product-form>
<div class="product__description rte"><p>Fine merino in a deep rib; one size.</p></div></div></section>
<script>
(() => {
  const ids = ${JSON.stringify(VARIANT_IDS)};
  const radios = [...document.querySelectorAll('input[name="Color-1"]')];
  const button = document.getElementById('ProductSubmitButton-${SECTION}');
  const update = () => {
    const index = radios.findIndex((radio) => radio.checked);
    document.querySelector('.product-variant-id').value = ids[index];
    const soldOut = radios[index].classList.contains('disabled');
    button.disabled = soldOut;
    button.querySelector('span').textContent = soldOut ? 'Sold out' : 'Add to cart';
  };
  radios.forEach((radio) => radio.addEventListener('change', update));
})();
</script>`;
};

const checkoutPage = (session: PlatformSession, hostedPart: string, error: string) => {
  const totals = totalsOf(session.cart, CHARGES);
  const field = (name: string, label: string, autocomplete: string) =>
    `<div class="field"><label for="${name}">${label}</label><input id="${name}" name="${name}" autocomplete="${autocomplete}" placeholder="${label}" required></div>`;
  return `<div class="page-width" style="display:flex;gap:40px"><form id="checkout" method="post" action="/checkouts/cn/pay" style="flex:1">
${error ? `<div role="alert" class="notice notice--error">${esc(error)}</div>` : ''}
<section aria-label="Contact"><h2>Contact</h2>${field('email', 'Email', 'shipping email')}</section>
<section aria-label="Delivery"><h2>Delivery</h2><div class="field"><label for="Select0">Country/Region</label><select id="Select0" name="countryCode" autocomplete="shipping country"><option value="US" selected>United States</option><option value="CA">Canada</option></select></div>
${field('firstName', 'First name', 'shipping given-name')}${field('lastName', 'Last name', 'shipping family-name')}${field('address1', 'Address', 'shipping address-line1')}${field('city', 'City', 'shipping address-level2')}
<div class="field"><label for="Select1">State</label><select id="Select1" name="zone" autocomplete="shipping address-level1" required><option value="" disabled selected>State</option>${stateOptions('code')}</select></div>${field('postalCode', 'ZIP code', 'shipping postal-code')}</section>
<section aria-label="Shipping method"><h2>Shipping method</h2><p>Standard <span>${money(totals.shipping)}</span></p></section>
<section aria-label="Payment"><h2>Payment</h2><p>All transactions are secure and encrypted.</p><fieldset><legend class="visually-hidden">Choose a payment method</legend><label><input type="radio" name="paymentMethod" value="credit_card" checked> Credit card</label>
${hostedPart}
<div class="field"><label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name" required></div>
<label><input type="checkbox" name="billingSame" value="1" checked> Use shipping address as billing address</label></fieldset></section>
<button type="submit" id="checkout-pay-button" class="button">Pay now</button></form>
<aside aria-label="Order summary" style="width:300px;background:#fafafa;padding:20px">${session.cart.lines.map((line) => `<p>${esc(line.name)} × ${line.quantity} <span>${money(line.unitCents * line.quantity)}</span></p>`).join('')}
<p>Subtotal ${money(totals.subtotal)}</p><p>Shipping ${money(totals.shipping)}</p><p>Estimated taxes ${money(totals.tax)}</p><p><strong>Total</strong> <abbr title="United States Dollar">USD</abbr> <strong>$${decimal(totals.total)}</strong></p></aside></div>`;
};

export const fjordKnits: ShopDefinition<PlatformSession> = {
  id: 'fjord-knits',
  name: 'Fjord Knits',
  hard: 'Shopify imitation (Dawn theme, ADR 0232): colour pills are visually hidden radio inputs (tied to the form by `form=`) behind pill labels, the sold-out one marked only by a `disabled` class and a visually hidden "Variant sold out or unavailable"; a hidden `id` input that the theme\'s script sets from the pill; Shopify\'s one-page checkout with state as a code-valued select, card number, expiry and security code each in a sandboxed frame of the processor\'s origin; "Pay now"; "Order #1001".',
  cookie: 'cart',
  orderBook: { currency: 'USD', numberFor: (n) => `#${1000 + n}` },
  hostedFields: true,
  newSession: newPlatformSession,
  routes: ({ orders, hostedFields }): Route<PlatformSession>[] => {
    if (!hostedFields) throw new Error('Fjord Knits needs its processor origin (hostedFields)');
    const hostedPart = hostedCardFields(hostedFields, 'checkout');
    return [
      {
        method: 'GET',
        path: '/products/merino-rib-beanie',
        handle: () => ({
          html: layout(
            BEANIE.name,
            productPage(),
            jsonLd({ '@context': 'http://schema.org/', '@type': 'Product', name: BEANIE.name }),
          ),
        }),
      },
      {
        method: 'POST',
        path: '/cart/add',
        handle: ({ form, session }) => {
          const index = VARIANT_IDS.indexOf(Number(form.get('id')));
          const added = addVariant(
            session,
            BEANIE,
            (variant) => variant === BEANIE.variants[index],
            Number(form.get('quantity') ?? '1'),
          );
          return added
            ? { redirect: '/cart' }
            : { status: 422, html: layout('Error', '<p class="product-form__error-message">Sold out</p>') };
        },
      },
      {
        method: 'GET',
        path: '/cart',
        handle: ({ session }) => ({
          html: layout(
            'Your cart',
            `<div class="page-width"><h1 class="title">Your cart</h1>${session.cart.lines.map((line) => `<p class="cart-item">${esc(line.name)} — ${line.quantity}</p>`).join('') || '<p>Your cart is empty</p>'}
<form action="/checkouts/cn" method="get"><p>Estimated total ${money(session.cart.subtotalCents)} USD</p><p>Taxes and shipping calculated at checkout</p><button type="submit" id="checkout" name="checkout" class="cart__checkout-button button">Check out</button></form></div>`,
          ),
        }),
      },
      {
        method: 'GET',
        path: '/checkouts/cn',
        handle: ({ session, query }) => ({
          html: layout('Checkout', checkoutPage(session, hostedPart, query.get('error') ?? '')),
        }),
      },
      {
        method: 'POST',
        path: '/checkouts/cn/pay',
        handle: async ({ form, session }) => {
          const again = (error: string) => ({ redirect: `/checkouts/cn?error=${encodeURIComponent(error)}` });
          if (session.cart.count === 0) return again('Your cart is empty.');
          const required = ['email', 'firstName', 'lastName', 'address1', 'city', 'zone', 'postalCode'];
          if (!required.every((name) => filled(form.get(name)))) return again('Enter the missing delivery details.');
          const paid = await payWithPlatformCard(
            orders,
            form,
            { hosted: hostedFields, holder: 'name' },
            {
              email: form.get('email') ?? '',
              lines: session.cart.lines,
              totalCents: totalsOf(session.cart, CHARGES).total,
            },
          );
          if (!('order' in paid)) return again(paid.problem);
          session.cart.clear();
          return {
            html: layout(
              'Thank you',
              `<div class="page-width"><p>Order ${esc(paid.order.number)}</p><h2>Thank you, ${esc(form.get('firstName') ?? '')}!</h2><p>Your order is confirmed</p></div>`,
            ),
          };
        },
      },
    ];
  },
};
