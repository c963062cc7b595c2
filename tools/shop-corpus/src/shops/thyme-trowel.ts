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

/** WooCommerce: a variable product, then the classic (shortcode) checkout with select2 and blockUI. */
const CAN: PlatformProduct = {
  name: 'Copper Watering Can',
  variants: [
    { sku: 'TT-CAN-1L', label: '1 litre', cents: 3800 },
    { sku: 'TT-CAN-2L', label: '2 litres', cents: 4600 },
    { sku: 'TT-CAN-5L', label: '5 litres', cents: 6900, soldOut: true },
  ],
};
const SLUGS = ['1-litre', '2-litres', '5-litres'];
const PRODUCT_ID = 412;
/** Tax depends on the billing state: California's rate, none elsewhere (as a store's tax table sets it). */
const chargesFor = (state: string) => ({ shippingCents: 595, taxBasisPoints: state === 'CA' ? 725 : 0 });
const price = (cents: number) =>
  `<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&#36;</span>${decimal(cents)}</bdi></span>`;

const layout = (
  title: string,
  body: string,
  head = '',
) => `<!doctype html><html lang="en-US"><head><meta charset="UTF-8"><title>${esc(title)} &#8211; Thyme &amp; Trowel</title>${head}
<style>body{font-family:"Source Sans Pro",sans-serif;margin:0}.site-header{background:#2c2d33;color:#fff;padding:14px 30px}.site-header a{color:#fff}.col-full{max-width:980px;margin:0 auto;padding:20px}
.screen-reader-text,.select2-hidden-accessible{${VISUALLY_HIDDEN_CSS}}.select2-selection{display:block;border:1px solid #bbb;padding:6px;min-width:260px;cursor:pointer}
.select2-dropdown{position:absolute;background:#fff;border:1px solid #bbb;z-index:50;width:280px}.select2-results__options{list-style:none;margin:0;padding:0;max-height:200px;overflow:auto}
.select2-results__option{padding:4px 8px;cursor:pointer}.select2-results__option--highlighted{background:#5897fb;color:#fff}.blockUI.blockOverlay{position:absolute;inset:0;background:#fff;opacity:.6;z-index:1000;cursor:wait}
#order_review{position:relative}.button{background:#333;color:#fff;border:0;padding:10px 22px;cursor:pointer}.woocommerce-error{background:#e2401c;color:#fff;padding:10px 30px}.out-of-stock{color:#e2401c}</style></head>
<body class="woocommerce"><header class="site-header"><a href="/">Thyme &amp; Trowel</a> <a class="cart-contents" href="/cart/">Cart</a></header><div class="col-full">${body}</div></body></html>`;

const productPage = (
  notice: string,
) => `${notice}<div id="product-${PRODUCT_ID}" class="product type-product has-post-thumbnail product-type-variable">
<div class="summary entry-summary"><h1 class="product_title entry-title">${esc(CAN.name)}</h1><p class="price">${price(3800)} &ndash; ${price(6900)}</p>
<form class="variations_form cart" action="/product/copper-watering-can/" method="post" enctype="multipart/form-data" data-product_id="${PRODUCT_ID}">
<table class="variations" cellspacing="0" role="presentation"><tbody><tr><th class="label"><label for="pa_size">Size</label></th><td class="value">
<select id="pa_size" name="attribute_pa_size" data-attribute_name="attribute_pa_size"><option value="">Choose an option</option>${CAN.variants.map((variant, index) => `<option value="${SLUGS[index]}" class="attached enabled">${esc(variant.label)}</option>`).join('')}</select><a class="reset_variations" href="#" style="visibility:hidden">Clear</a></td></tr></tbody></table>
<div class="single_variation_wrap"><div class="woocommerce-variation single_variation" role="alert" aria-relevant="additions"></div>
<div class="woocommerce-variation-add-to-cart variations_button woocommerce-variation-add-to-cart-disabled"><div class="quantity"><label class="screen-reader-text" for="quantity_1">${esc(CAN.name)} quantity</label><input type="number" id="quantity_1" class="input-text qty text" name="quantity" value="1" min="1" step="1"></div>
<button type="submit" class="single_add_to_cart_button button alt disabled wc-variation-selection-needed">Add to cart</button>
<input type="hidden" name="add-to-cart" value="${PRODUCT_ID}"><input type="hidden" name="product_id" value="${PRODUCT_ID}"><input type="hidden" name="variation_id" class="variation_id" value="0"></div></div></form></div></div>
<script>
(() => {
  const variations = ${JSON.stringify(CAN.variants.map((variant, index) => ({ slug: SLUGS[index], variation_id: PRODUCT_ID + 1 + index, price: decimal(variant.cents), is_in_stock: !variant.soldOut })))};
  const select = document.getElementById('pa_size');
  const button = document.querySelector('.single_add_to_cart_button');
  const shown = document.querySelector('.single_variation');
  select.addEventListener('change', () => {
    const variation = variations.find((candidate) => candidate.slug === select.value);
    document.querySelector('.variation_id').value = variation && variation.is_in_stock ? variation.variation_id : 0;
    shown.innerHTML = variation ? '<div class="woocommerce-variation-price"><span class="price">$' + variation.price + '</span></div><div class="woocommerce-variation-availability"><p class="stock ' + (variation.is_in_stock ? 'in-stock">In stock' : 'out-of-stock">Out of stock') + '</p></div>' : '';
    button.classList.toggle('disabled', !variation || !variation.is_in_stock);
    button.classList.toggle('wc-variation-is-unavailable', Boolean(variation) && !variation.is_in_stock);
  });
  button.addEventListener('click', (event) => {
    if (button.classList.contains('disabled')) { event.preventDefault(); window.alert(button.classList.contains('wc-variation-is-unavailable') ? 'Sorry, this product is unavailable. Please choose a different combination.' : 'Please select some product options before adding this product to your cart.'); }
  });
})();
</script>`;

const reviewOrder = (session: PlatformSession) => {
  const totals = totalsOf(session.cart, chargesFor(session.details.billing_state ?? ''));
  return `<table class="shop_table woocommerce-checkout-review-order-table"><thead><tr><th class="product-name">Product</th><th class="product-total">Subtotal</th></tr></thead><tbody>${session.cart.lines.map((line) => `<tr class="cart_item"><td class="product-name">${esc(line.name)}&nbsp;<strong class="product-quantity">&times;&nbsp;${line.quantity}</strong></td><td class="product-total">${price(line.unitCents * line.quantity)}</td></tr>`).join('')}</tbody>
<tfoot><tr class="cart-subtotal"><th>Subtotal</th><td>${price(totals.subtotal)}</td></tr><tr class="woocommerce-shipping-totals shipping"><th>Shipping</th><td>Flat rate: ${price(totals.shipping)}</td></tr><tr class="tax-total"><th>Tax</th><td>${price(totals.tax)}</td></tr><tr class="order-total"><th>Total</th><td><strong>${price(totals.total)}</strong></td></tr></tfoot></table>
<div id="payment" class="woocommerce-checkout-payment"><ul class="wc_payment_methods payment_methods methods"><li class="wc_payment_method payment_method_paykit_cc"><input id="payment_method_paykit_cc" type="radio" class="input-radio" name="payment_method" value="paykit_cc" checked><label for="payment_method_paykit_cc">Credit card</label>
<div class="payment_box payment_method_paykit_cc"><fieldset id="wc-paykit_cc-cc-form" class="wc-credit-card-form wc-payment-form">
<p class="form-row form-row-wide"><label for="paykit_cc-card-number">Card number&nbsp;<span class="required">*</span></label><input id="paykit_cc-card-number" name="paykit_cc-card-number" class="input-text wc-credit-card-form-card-number" inputmode="numeric" autocomplete="cc-number" autocorrect="no" autocapitalize="no" spellcheck="false" type="tel" placeholder="&bull;&bull;&bull;&bull; &bull;&bull;&bull;&bull; &bull;&bull;&bull;&bull; &bull;&bull;&bull;&bull;"></p>
<p class="form-row form-row-first"><label for="paykit_cc-card-expiry">Expiry (MM/YY)&nbsp;<span class="required">*</span></label><input id="paykit_cc-card-expiry" name="paykit_cc-card-expiry" class="input-text wc-credit-card-form-card-expiry" inputmode="numeric" autocomplete="cc-exp" type="tel" placeholder="MM / YY"></p>
<p class="form-row form-row-last"><label for="paykit_cc-card-cvc">Card code&nbsp;<span class="required">*</span></label><input id="paykit_cc-card-cvc" name="paykit_cc-card-cvc" class="input-text wc-credit-card-form-card-cvc" inputmode="numeric" autocomplete="off" type="tel" maxlength="4" placeholder="CVC" style="width:100px"></p></fieldset></div></li></ul>
<div class="form-row place-order"><div class="woocommerce-terms-and-conditions-wrapper"><div class="woocommerce-privacy-policy-text"><p>Your personal data will be used to process your order.</p></div>
<p class="form-row validate-required"><label class="woocommerce-form__label woocommerce-form__label-for-checkbox checkbox"><input type="checkbox" class="woocommerce-form__input woocommerce-form__input-checkbox input-checkbox" name="terms" id="terms"><span class="woocommerce-terms-and-conditions-checkbox-text">I have read and agree to the website <a href="/terms/" class="woocommerce-terms-and-conditions-link" target="_blank">terms and conditions</a></span>&nbsp;<abbr class="required" title="required">*</abbr></label><input type="hidden" name="terms-field" value="1"></p></div>
<button type="submit" class="button alt" name="woocommerce_checkout_place_order" id="place_order" value="Place order" data-value="Place order">Place order</button></div></div>`;
};

/** A select2 combobox in front of a hidden native select, as WooCommerce enhances country and state. */
const select2 = (
  id: string,
  label: string,
  options: string,
  placeholder: string,
) => `<p class="form-row form-row-wide address-field validate-required" id="${id}_field"><label for="${id}">${label}&nbsp;<abbr class="required" title="required">*</abbr></label><span class="woocommerce-input-wrapper">
<select name="${id}" id="${id}" class="state_select select2-hidden-accessible" autocomplete="address-level1" data-placeholder="${esc(placeholder)}" tabindex="-1" aria-hidden="true"><option value="">${esc(placeholder)}</option>${options}</select>
<span class="select2 select2-container select2-container--default" dir="ltr" data-select2-id="${id}"><span class="selection"><span class="select2-selection select2-selection--single" role="combobox" aria-haspopup="true" aria-expanded="false" tabindex="0" aria-label="${esc(label)}" aria-labelledby="select2-${id}-container" aria-controls="select2-${id}-container"><span class="select2-selection__rendered" id="select2-${id}-container" role="textbox" aria-readonly="true"><span class="select2-selection__placeholder">${esc(placeholder)}</span></span><span class="select2-selection__arrow" role="presentation"><b role="presentation"></b></span></span></span></span></span></p>`;

const field = (id: string, label: string, autocomplete: string, type = 'text') =>
  `<p class="form-row form-row-wide validate-required" id="${id}_field"><label for="${id}">${label}&nbsp;<abbr class="required" title="required">*</abbr></label><span class="woocommerce-input-wrapper"><input type="${type}" class="input-text" name="${id}" id="${id}" autocomplete="${autocomplete}"></span></p>`;

/** select2's dropdown and the checkout's update_order_review / AJAX submit, reduced to what a shopper meets. */
const CHECKOUT_SCRIPT = `
(() => {
  const form = document.querySelector('form.checkout');
  const review = document.getElementById('order_review');
  const block = (element) => { const overlay = document.createElement('div'); overlay.className = 'blockUI blockOverlay'; element.appendChild(overlay); return () => overlay.remove(); };
  document.querySelectorAll('.select2-selection').forEach((combo) => {
    const select = document.getElementById(combo.closest('.select2').dataset.select2Id);
    const close = () => { document.querySelector('.select2-container--open')?.remove(); combo.setAttribute('aria-expanded', 'false'); };
    const choose = (option) => { select.value = option.value; combo.querySelector('.select2-selection__rendered').textContent = option.text; close(); select.dispatchEvent(new Event('change', { bubbles: true })); };
    const open = () => {
      close();
      const box = document.createElement('span');
      box.className = 'select2-container select2-container--default select2-container--open';
      const rect = combo.getBoundingClientRect();
      box.innerHTML = '<span class="select2-dropdown select2-dropdown--below" style="left:' + (rect.left + scrollX) + 'px;top:' + (rect.bottom + scrollY) + 'px"><span class="select2-search select2-search--dropdown"><input class="select2-search__field" type="search" tabindex="0" autocomplete="off" role="searchbox" aria-autocomplete="list" aria-controls="select2-' + select.id + '-results"></span><span class="select2-results"><ul class="select2-results__options" role="listbox" id="select2-' + select.id + '-results"></ul></span></span>';
      document.body.appendChild(box);
      const list = box.querySelector('ul');
      const search = box.querySelector('input');
      const render = () => {
        const term = search.value.toLowerCase();
        const shown = [...select.options].filter((option) => option.value && option.text.toLowerCase().includes(term));
        list.innerHTML = shown.length ? shown.map((option, index) => '<li class="select2-results__option' + (index === 0 ? ' select2-results__option--highlighted' : '') + '" role="option" aria-selected="false" data-value="' + option.value + '">' + option.text + '</li>').join('') : '<li class="select2-results__option select2-results__message" role="alert">No matches found</li>';
      };
      list.addEventListener('mousedown', (event) => { const item = event.target.closest('[data-value]'); if (item) choose([...select.options].find((option) => option.value === item.dataset.value)); });
      search.addEventListener('input', render);
      search.addEventListener('keydown', (event) => { if (event.key === 'Enter') { event.preventDefault(); const first = list.querySelector('[data-value]'); if (first) choose([...select.options].find((option) => option.value === first.dataset.value)); } if (event.key === 'Escape') close(); });
      render();
      combo.setAttribute('aria-expanded', 'true');
      search.focus();
    };
    combo.addEventListener('mousedown', (event) => { event.preventDefault(); open(); });
    combo.addEventListener('keydown', (event) => { if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') { event.preventDefault(); open(); } });
    const show = () => { const chosen = select.options[select.selectedIndex]; if (chosen && chosen.value) combo.querySelector('.select2-selection__rendered').textContent = chosen.text; };
    select.addEventListener('change', show);
    show();
  });
  document.addEventListener('mousedown', (event) => { if (!event.target.closest('.select2-container')) document.querySelector('.select2-container--open')?.remove(); });
  // As WooCommerce does: a newer update supersedes one in flight, and what was typed in the payment box is kept across the reload.
  let updates = 0;
  const updateCheckout = async () => {
    const mine = ++updates;
    const unblock = block(review);
    const body = new URLSearchParams(new FormData(form));
    const [reply] = await Promise.all([fetch('/?wc-ajax=update_order_review', { method: 'POST', body }).then((r) => r.json()), new Promise((resolve) => setTimeout(resolve, 900))]);
    if (mine !== updates) return;
    const typed = {};
    review.querySelectorAll('.payment_box input, #terms').forEach((input) => { typed[input.id] = input.type === 'checkbox' ? input.checked : input.value; });
    review.innerHTML = reply.fragments['#order_review'];
    review.querySelectorAll('.payment_box input, #terms').forEach((input) => { if (input.id in typed) { if (input.type === 'checkbox') input.checked = typed[input.id]; else input.value = typed[input.id]; } });
    unblock();
  };
  document.getElementById('billing_state').addEventListener('change', updateCheckout);
  document.getElementById('billing_postcode').addEventListener('change', updateCheckout);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const unblock = block(form);
    const reply = await fetch('/?wc-ajax=checkout', { method: 'POST', body: new URLSearchParams(new FormData(form)) }).then((r) => r.json());
    if (reply.result === 'success') { window.location.href = reply.redirect; return; }
    unblock();
    document.querySelector('.woocommerce-NoticeGroup-checkout')?.remove();
    form.insertAdjacentHTML('afterbegin', '<div class="woocommerce-NoticeGroup woocommerce-NoticeGroup-checkout">' + reply.messages + '</div>');
    window.scrollTo(0, 0);
  });
})();`;

const failure = (messages: readonly string[]) => ({
  json: {
    result: 'failure',
    messages: `<ul class="woocommerce-error" role="alert">${messages.map((message) => `<li>${esc(message)}</li>`).join('')}</ul>`,
    refresh: false,
    reload: false,
  },
});

const REQUIRED: readonly (readonly [string, string])[] = [
  ['billing_first_name', 'Billing First name'],
  ['billing_last_name', 'Billing Last name'],
  ['billing_address_1', 'Billing Street address'],
  ['billing_city', 'Billing Town / City'],
  ['billing_state', 'Billing State'],
  ['billing_postcode', 'Billing ZIP Code'],
  ['billing_phone', 'Billing Phone'],
  ['billing_email', 'Billing Email address'],
];

export const thymeTrowel: ShopDefinition<PlatformSession> = {
  id: 'thyme-trowel',
  name: 'Thyme & Trowel',
  hard: 'WooCommerce imitation (classic checkout, ADR 0232): sizes in a variations select whose "Add to cart" stays enabled-looking but refuses with an alert until a size is chosen (the 5-litre one "Out of stock"); country and state are native selects hidden (select2-hidden-accessible) behind select2 comboboxes with a search box and role=option results; choosing the state reloads the order review (tax by state) under a blockUI overlay that covers the card fields and "Place order" for about a second; a required terms checkbox; card fields with `paykit_cc-card-*` names and one "MM / YY" expiry; the form posts by AJAX and errors appear as a `woocommerce-error` list at the top; "Order number:" on the order-received page.',
  cookie: 'wp_woocommerce_session',
  orderBook: { currency: 'USD', numberFor: (n) => String(2300 + n) },
  newSession: newPlatformSession,
  routes: ({ orders }): Route<PlatformSession>[] => [
    {
      method: 'GET',
      path: '/product/copper-watering-can/',
      handle: ({ query }) => ({
        html: layout(
          CAN.name,
          productPage(
            query.get('added')
              ? `<div class="woocommerce-message" role="alert"><a href="/cart/" class="button wc-forward">View cart</a> &ldquo;${esc(CAN.name)}&rdquo; has been added to your cart.</div>`
              : '',
          ),
          jsonLd({
            '@context': 'https://schema.org/',
            '@type': 'Product',
            name: CAN.name,
            offers: [{ '@type': 'AggregateOffer', lowPrice: '38.00', highPrice: '69.00', priceCurrency: 'USD' }],
          }),
        ),
      }),
    },
    {
      method: 'POST',
      path: '/product/copper-watering-can/',
      handle: ({ form, session }) => {
        const index = Number(form.get('variation_id')) - PRODUCT_ID - 1;
        const added = addVariant(
          session,
          CAN,
          (variant) => variant === CAN.variants[index] && SLUGS[index] === form.get('attribute_pa_size'),
          Number(form.get('quantity') ?? '1'),
        );
        return added
          ? { redirect: '/product/copper-watering-can/?added=1' }
          : {
              html: layout(
                CAN.name,
                productPage(
                  '<ul class="woocommerce-error" role="alert"><li>Please choose product options&hellip;</li></ul>',
                ),
              ),
            };
      },
    },
    {
      method: 'GET',
      path: '/cart/',
      handle: ({ session }) => ({
        html: layout(
          'Cart',
          `<h1>Cart</h1><table class="shop_table cart">${session.cart.lines.map((line) => `<tr class="cart_item"><td class="product-name">${esc(line.name)}</td><td class="product-quantity">${line.quantity}</td><td class="product-subtotal">${price(line.unitCents * line.quantity)}</td></tr>`).join('')}</table>
<div class="wc-proceed-to-checkout"><a href="/checkout/" class="checkout-button button alt wc-forward">Proceed to checkout</a></div>`,
        ),
      }),
    },
    {
      method: 'GET',
      path: '/checkout/',
      handle: ({ session }) => {
        session.details = {};
        return {
          html: layout(
            'Checkout',
            `<h1>Checkout</h1><form name="checkout" method="post" class="checkout woocommerce-checkout" action="/checkout/" enctype="multipart/form-data" novalidate="novalidate">
<div class="col2-set" id="customer_details"><div class="woocommerce-billing-fields"><h3>Billing details</h3><div class="woocommerce-billing-fields__field-wrapper">
${field('billing_first_name', 'First name', 'given-name')}${field('billing_last_name', 'Last name', 'family-name')}
${select2('billing_country', 'Country / Region', '<option value="US" selected>United States (US)</option><option value="CA">Canada</option>', 'Select a country / region…')}
${field('billing_address_1', 'Street address', 'address-line1')}${field('billing_city', 'Town / City', 'address-level2')}
${select2('billing_state', 'State', stateOptions('code'), 'Select an option…')}
${field('billing_postcode', 'ZIP Code', 'postal-code')}${field('billing_phone', 'Phone', 'tel', 'tel')}${field('billing_email', 'Email address', 'email', 'email')}</div></div></div>
<h3 id="order_review_heading">Your order</h3><div id="order_review" class="woocommerce-checkout-review-order">${reviewOrder(session)}</div></form>
<script>${CHECKOUT_SCRIPT}</script>`,
          ),
        };
      },
    },
    {
      method: 'POST',
      path: '/',
      handle: async ({ form, query, session }) => {
        if (query.get('wc-ajax') === 'update_order_review') {
          session.details = { billing_state: form.get('billing_state') ?? '' };
          return { json: { result: 'success', fragments: { '#order_review': reviewOrder(session) } } };
        }
        if (query.get('wc-ajax') !== 'checkout') return { status: 400, json: { result: 'failure', messages: '' } };
        const missing = REQUIRED.filter(([name]) => !filled(form.get(name))).map(
          ([, label]) => `${label} is a required field.`,
        );
        if (filled(form.get('billing_state')) && !US_STATES.some(([code]) => code === form.get('billing_state')))
          missing.push('Please enter a valid state.');
        if (form.get('terms') !== 'on')
          missing.push('Please read and accept the terms and conditions to proceed with your order.');
        if (session.cart.count === 0) missing.push('Sorry, your session has expired.');
        if (missing.length > 0) return failure(missing);
        const paid = await payWithPlatformCard(
          orders,
          form,
          { number: 'paykit_cc-card-number', cvc: 'paykit_cc-card-cvc', expiry: { field: 'paykit_cc-card-expiry' } },
          {
            email: form.get('billing_email') ?? '',
            lines: session.cart.lines,
            totalCents: totalsOf(session.cart, chargesFor(form.get('billing_state') ?? '')).total,
          },
        );
        if (!('order' in paid)) return failure([paid.problem]);
        session.cart.clear();
        session.details = { received: paid.order.number };
        return {
          json: { result: 'success', redirect: `/checkout/order-received/${paid.order.number}/?key=wc_order_x` },
        };
      },
    },
    {
      method: 'GET',
      path: '/checkout/order-received/:number/',
      handle: ({ params, session }) =>
        session.details.received === params.number
          ? {
              html: layout(
                'Order received',
                `<p class="woocommerce-notice woocommerce-notice--success woocommerce-thankyou-order-received">Thank you. Your order has been received.</p>
<ul class="woocommerce-order-overview woocommerce-thankyou-order-details order_details"><li class="woocommerce-order-overview__order order">Order number: <strong>${esc(params.number ?? '')}</strong></li></ul>`,
              ),
            }
          : { status: 404, html: layout('Not found', '<p>Oops! That page can&rsquo;t be found.</p>') },
    },
  ],
};
