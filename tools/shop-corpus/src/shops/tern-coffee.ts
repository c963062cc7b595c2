import { decimal, esc, jsonLd } from '../server/html.js';
import { US_STATES, filled } from '../server/places.js';
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

/** BigCommerce: Cornerstone's product view and form-option swatches, then the one-page checkout's accordion. */
const FINISHES = [
  { id: '101', label: 'Matte Black', hex: '222222' },
  { id: '102', label: 'Brushed Steel', hex: 'b8b8b8' },
  { id: '103', label: 'Copper', hex: 'b87333', soldOut: true },
];
const KETTLE: PlatformProduct = {
  name: 'Gooseneck Pour-Over Kettle',
  variants: FINISHES.map((finish) => ({
    sku: `TC-KETTLE-${finish.label.toUpperCase().replace(/\s/g, '-')}`,
    label: finish.id,
    cents: 5900,
    ...(finish.soldOut ? { soldOut: true } : {}),
  })),
};
const CHARGES = { shippingCents: 899, taxBasisPoints: 600 };
const money = (cents: number) => `$${decimal(cents)}`;

const layout = (
  title: string,
  body: string,
  head = '',
) => `<!doctype html><html class="no-js" lang="en"><head><meta charset="utf-8"><title>Tern Coffee Co. - ${esc(title)}</title>${head}
<style>body{font-family:Karla,Arial,sans-serif;margin:0;color:#545454}.container{max-width:1000px;margin:0 auto;padding:20px}.form-radio{${VISUALLY_HIDDEN_CSS}}.form-option{display:inline-block;border:1px solid #ccc;padding:2px;margin-right:6px;cursor:pointer}
.form-radio:checked+.form-option{border-color:#444;box-shadow:0 0 0 1px #444}.form-option.unavailable{opacity:.4}.form-option-variant--color{display:inline-block;width:22px;height:22px}.button--primary{background:#444;color:#fff;border:0;padding:10px 24px;cursor:pointer}
.checkout-step{border-bottom:1px solid #ddd;padding:12px 0}.checkout-step .checkout-view-content{display:none}.checkout-step.is-active .checkout-view-content{display:block}.form-field{margin:6px 0}.form-field--error .form-inlineMessage,.alertBox--error{color:#d14343}</style></head>
<body><header class="header"><a class="header-logo__link" href="/">Tern Coffee Co.</a> <a class="navUser-action navUser-action--cart" href="/cart.php">Cart</a></header><main class="body container" id="main-content">${body}</main></body></html>`;

const productPage = (
  alert: string,
) => `<div class="productView" data-event-type="product"><section class="productView-details product-data"><div class="productView-product"><h1 class="productView-title">${esc(KETTLE.name)}</h1><h2 class="productView-brand"><a href="/brands/tern/"><span>Tern</span></a></h2>
<div class="productView-price"><div class="price-section price-section--withoutTax"><span data-product-price-without-tax class="price price--withoutTax">${money(5900)}</span></div></div></div></section>
<section class="productView-details product-options"><div class="productView-options">${alert}<form class="form" method="post" action="/cart.php" enctype="multipart/form-data" data-cart-item-add><input type="hidden" name="action" value="add"><input type="hidden" name="product_id" value="77">
<div data-product-option-change><div class="form-field" data-product-attribute="swatch" role="radiogroup" aria-labelledby="swatchGroup_114"><label class="form-label form-label--alternate form-label--inlineSmall" id="swatchGroup_114">Finish: <span data-option-value></span><small>Required</small></label>
${FINISHES.map((finish) => `<div class="form-option-wrapper"><input class="form-radio" type="radio" name="attribute[114]" value="${finish.id}" id="attribute_swatch_114_${finish.id}" required aria-label="${finish.label}"${finish.soldOut ? ' data-product-attribute-value-unavailable' : ''}><label class="form-option form-option-swatch${finish.soldOut ? ' unavailable' : ''}" for="attribute_swatch_114_${finish.id}" data-product-attribute-value="${finish.id}"><span class="form-option-variant form-option-variant--color" title="${finish.label}" style="background-color:#${finish.hex}"></span></label></div>`).join('')}</div></div>
<div class="form-field form-field--increments"><label class="form-label form-label--alternate" for="qty[]">Quantity:</label><div class="form-increment" data-quantity-change><input class="form-input form-input--incrementTotal" id="qty[]" name="qty[]" type="tel" value="1" data-quantity-min="0" data-quantity-max="0" min="1" pattern="[0-9]*" aria-live="polite"></div></div>
<div class="form-action"><input id="form-action-addToCart" data-wait-message="Adding to cart…" class="button button--primary" type="submit" value="Add to Cart"></div></form></div></section></div>
<script>
document.querySelectorAll('[name="attribute[114]"]').forEach((radio) => radio.addEventListener('change', () => {
  document.querySelector('[data-option-value]').textContent = radio.getAttribute('aria-label');
  const soldOut = radio.hasAttribute('data-product-attribute-value-unavailable');
  const button = document.getElementById('form-action-addToCart');
  button.disabled = soldOut; button.value = soldOut ? 'Out of stock' : 'Add to Cart';
}));
</script>`;

const input = (id: string, name: string, label: string, autocomplete: string, type = 'text') =>
  `<div class="form-field form-field--${name}"><label class="form-label optimizedCheckout-form-label" for="${id}">${label}</label><input id="${id}" name="${name}" type="${type}" autocomplete="${autocomplete}" class="form-input optimizedCheckout-form-input"></div>`;

const checkoutPage = (session: PlatformSession, error: string) => {
  const totals = totalsOf(session.cart, CHARGES);
  const stepOf = (name: string, heading: string, content: string, last = false) =>
    `<li class="checkout-step optimizedCheckout-checkoutStep checkout-step--${name}"><div class="checkout-view-header"><h2 class="stepHeader-title optimizedCheckout-headingPrimary">${heading}</h2></div><div class="checkout-view-content">${content}${last ? '' : '<div class="form-actions"><button type="button" class="button button--primary optimizedCheckout-buttonPrimary" data-continue>Continue</button></div>'}</div></li>`;
  return `<div id="checkout-app"><div class="layout optimizedCheckout-contentPrimary"><form id="checkout-form" method="post" action="/checkout/pay" novalidate><ol class="checkout-steps">
${error ? `<div class="alertBox alertBox--error" role="alert">${esc(error)}</div>` : ''}
${stepOf('customer', 'Customer', `<fieldset class="form-fieldset"><legend class="form-legend optimizedCheckout-headingSecondary">Checkout as a guest</legend>${input('email', 'email', 'Email Address', 'email', 'email')}<label><input type="checkbox" name="shouldSubscribe" id="shouldSubscribe"> Subscribe to our newsletter.</label></fieldset>`)}
${stepOf(
  'shipping',
  'Shipping',
  `<fieldset class="form-fieldset" id="checkoutShippingAddress"><legend class="form-legend">Shipping Address</legend>${input('firstNameInput', 'firstName', 'First Name', 'given-name')}${input('lastNameInput', 'lastName', 'Last Name', 'family-name')}${input('addressLine1Input', 'address1', 'Address', 'address-line1')}${input('cityInput', 'city', 'City', 'address-level2')}
<div class="form-field"><label class="form-label" for="countryCodeInput">Country</label><select id="countryCodeInput" name="countryCode" class="form-select optimizedCheckout-form-select" autocomplete="country"><option value="US" selected>United States</option></select></div>
<div class="form-field"><label class="form-label" for="provinceCodeInput">State/Province</label><select id="provinceCodeInput" name="stateOrProvinceCode" class="form-select" autocomplete="address-level1"><option value="">Select a state</option>${stateOptions('code')}</select></div>${input('postCodeInput', 'postalCode', 'Postal Code', 'postal-code')}${input('phoneInput', 'phone', 'Phone Number (Optional)', 'tel', 'tel')}</fieldset>
<div class="form-field"><label><input type="checkbox" id="sameAsBilling" name="billingSameAsShipping" value="true" checked> My billing address is the same as my shipping address.</label></div>
<fieldset class="form-fieldset" id="shipping-methods"><legend class="form-legend">Shipping Method</legend><p class="shippingOption">Ground Shipping ${money(CHARGES.shippingCents)}</p></fieldset>`,
)}
${stepOf(
  'payment',
  'Payment',
  `<ul class="form-checklist optimizedCheckout-form-checklist"><li class="form-checklist-item form-checklist-item--selected"><input type="radio" id="radio-paykit" name="paymentProviderRadio" value="paykit" checked><label for="radio-paykit">Credit Card</label>
<div class="form-checklist-body"><div class="form-ccFields">${input('ccNumber', 'ccNumber', 'Credit Card Number', 'cc-number', 'tel')}${input('ccExpiry', 'ccExpiry', 'Expiration', 'cc-exp', 'tel')}${input('ccName', 'ccName', 'Name on Card', 'cc-name')}${input('ccCvv', 'ccCvv', 'CVV', 'cc-csc', 'tel')}</div></div></li></ul>
<div class="form-actions"><button type="submit" id="checkout-payment-continue" class="button button--action button--large button--slab optimizedCheckout-buttonPrimary">Place Order</button></div>`,
  true,
)}
</ol></form></div><aside class="layout-cart"><article class="cart optimizedCheckout-orderSummary" data-test="cart"><header class="cart-header"><h3 class="cart-title optimizedCheckout-headingSecondary">Order Summary</h3></header>${session.cart.lines.map((line) => `<p class="productList-item">${line.quantity} x ${esc(line.name)} <span>${money(line.unitCents * line.quantity)}</span></p>`).join('')}
<section class="cart-section"><div class="cart-priceItem"><span>Subtotal</span> <span>${money(totals.subtotal)}</span></div><div class="cart-priceItem"><span>Shipping</span> <span>${money(totals.shipping)}</span></div><div class="cart-priceItem"><span>Tax</span> <span>${money(totals.tax)}</span></div></section>
<section class="cart-section"><div class="cart-priceItem cart-priceItem--total"><span class="cart-priceItem-label">Total (USD)</span> <span class="cart-priceItem-value">${money(totals.total)}</span></div></section></article></aside></div>
<script>
(() => {
  const steps = [...document.querySelectorAll('.checkout-step')];
  const open = (index) => steps.forEach((item, at) => item.classList.toggle('is-active', at === index));
  open(0);
  steps.forEach((item, index) => item.querySelector('[data-continue]')?.addEventListener('click', () => {
    const empty = [...item.querySelectorAll('input.form-input:not([name=phone]), select')].filter((field) => !field.value);
    item.querySelectorAll('.form-inlineMessage').forEach((message) => message.remove());
    empty.forEach((field) => field.insertAdjacentHTML('afterend', '<p class="form-inlineMessage">' + field.labels[0].textContent + ' is required</p>'));
    if (!empty.length) open(index + 1);
  }));
})();
</script>`;
};

export const ternCoffee: ShopDefinition<PlatformSession> = {
  id: 'tern-coffee',
  name: 'Tern Coffee Co.',
  hard: 'BigCommerce imitation (Cornerstone theme, ADR 0232): finishes as visually hidden `form-radio` inputs named by aria-label behind `form-option-swatch` labels whose only content is a coloured span with a title, the sold-out one greyed by an `unavailable` class (picking it turns the button into "Out of stock"); "Add to Cart" is an input type=submit; the one-page checkout is an accordion (Customer, Shipping, Payment) whose later steps open only after "Continue" on the one before; `ccNumber`, `ccExpiry` as one field, `ccName`, `ccCvv`; "Place Order"; "Your order number is 152".',
  cookie: 'SHOP_SESSION_TOKEN',
  orderBook: { currency: 'USD', numberFor: (n) => String(151 + n) },
  newSession: newPlatformSession,
  routes: ({ orders }): Route<PlatformSession>[] => [
    {
      method: 'GET',
      path: '/gooseneck-pour-over-kettle/',
      handle: () => ({
        html: layout(
          KETTLE.name,
          productPage(''),
          jsonLd({ '@context': 'https://schema.org', '@type': 'Product', name: KETTLE.name, brand: 'Tern' }),
        ),
      }),
    },
    {
      method: 'POST',
      path: '/cart.php',
      handle: ({ form, session }) =>
        addVariant(
          session,
          KETTLE,
          (variant) => variant.label === form.get('attribute[114]'),
          Number(form.get('qty[]') ?? '1'),
        )
          ? { redirect: '/cart.php' }
          : {
              html: layout(
                KETTLE.name,
                productPage(
                  '<div class="alertBox alertBox--error" role="alert">The selected product combination is currently unavailable.</div>',
                ),
              ),
            },
    },
    {
      method: 'GET',
      path: '/cart.php',
      handle: ({ session }) => ({
        html: layout(
          'Your Cart',
          `<h1 class="page-heading">Your Cart (${session.cart.count} item${session.cart.count === 1 ? '' : 's'})</h1><table class="cart">${session.cart.lines.map((line) => `<tr class="cart-item"><td class="cart-item-name">${esc(line.name)}</td><td>${line.quantity}</td></tr>`).join('')}</table>
<div class="cart-actions"><a class="button button--primary" href="/checkout" title="Click here to proceed to checkout">Check out</a></div>`,
        ),
      }),
    },
    {
      method: 'GET',
      path: '/checkout',
      handle: ({ session, query }) => ({ html: layout('Checkout', checkoutPage(session, query.get('error') ?? '')) }),
    },
    {
      method: 'POST',
      path: '/checkout/pay',
      handle: async ({ form, session }) => {
        const again = (error: string) => ({ redirect: `/checkout?error=${encodeURIComponent(error)}` });
        const required = ['email', 'firstName', 'lastName', 'address1', 'city', 'postalCode'];
        if (session.cart.count === 0) return again('Your cart is empty.');
        if (
          !required.every((name) => filled(form.get(name))) ||
          !US_STATES.some(([code]) => code === form.get('stateOrProvinceCode'))
        )
          return again('Please complete your shipping address.');
        const paid = await payWithPlatformCard(
          orders,
          form,
          { number: 'ccNumber', cvc: 'ccCvv', expiry: { field: 'ccExpiry' }, holder: 'ccName' },
          {
            email: form.get('email') ?? '',
            lines: session.cart.lines,
            totalCents: totalsOf(session.cart, CHARGES).total,
          },
        );
        if (!('order' in paid)) return again(paid.problem);
        session.cart.clear();
        session.details = { placed: paid.order.number, firstName: form.get('firstName') ?? '' };
        return { redirect: '/checkout/order-confirmation' };
      },
    },
    {
      method: 'GET',
      path: '/checkout/order-confirmation',
      handle: ({ session }) => ({
        html: layout(
          'Order Confirmation',
          session.details.placed
            ? `<div class="orderConfirmation"><h1 class="optimizedCheckout-headingPrimary">Thank you ${esc(session.details.firstName ?? '')}!</h1><section class="orderConfirmation-section"><p>Your order number is <strong>${esc(session.details.placed)}</strong></p><p>An email will be sent containing information about your purchase.</p></section></div>`
            : '<p>Your cart is empty.</p>',
        ),
      }),
    },
  ],
};
