import { type Clock } from '@paykit/kernel';
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { placeOrder } from '../../orders/place-order.js';
import { cardFieldErrors, typedCardOf } from '../../payments/card.js';
import { type PaymentMethod } from '../../payments/gateway.js';
import { isPayable } from '../../pricing/quote.js';
import { cartQuote } from '../cart-quote.js';
import { seeOther, sendPage, type WebDeps } from '../context.js';
import { checkoutFormSchema, fieldErrors, paymentFormSchema, type FieldErrors } from '../forms.js';
import { checkoutFormPage, type CheckoutFormValues } from '../pages/checkout-form.js';
import { confirmationPage } from '../pages/confirmation.js';
import { paymentPage } from '../pages/payment.js';
import { reviewPage } from '../pages/review.js';
import { notFoundPage } from '../pages/walls.js';
import { type Visitor } from '../visitors.js';

/** Checkout form -> review (shipping, tax, total) -> pay -> confirmation. */
export const checkoutRoutes = async (app: FastifyInstance, deps: WebDeps): Promise<void> => {
  const { visitors } = deps;
  // Carts being paid for: a second submit of the pay form must not charge twice.
  const paying = new Set<string>();

  app.get('/checkout', async (request, reply) => {
    const visitor = visitors.for(request, reply);
    if (visitor.cart.length === 0) return seeOther(reply, '/cart');
    return sendPage(deps, request, reply, visitor, checkoutFormPage(prefill(deps, request, visitor)));
  });

  app.post('/checkout', async (request, reply) => {
    const visitor = visitors.for(request, reply);
    if (visitor.cart.length === 0) return seeOther(reply, '/cart');
    const form = checkoutFormSchema.safeParse(request.body);
    if (!form.success) {
      return sendPage(
        deps,
        request,
        reply,
        visitor,
        checkoutFormPage(submitted(request.body), fieldErrors(form.error)),
      );
    }
    const { name, email, phone, address1, address2, city, state, postal_code: postalCode, country } = form.data;
    visitor.details = {
      name,
      email,
      ...(phone ? { phone } : {}),
      address: {
        name,
        line1: address1,
        ...(address2 ? { line2: address2 } : {}),
        city,
        ...(state ? { state: state.toUpperCase() } : {}),
        postalCode,
        country,
      },
    };
    return seeOther(reply, '/checkout/review');
  });

  app.get('/checkout/review', async (request, reply) => {
    const visitor = visitors.for(request, reply);
    if (visitor.cart.length === 0) return seeOther(reply, '/cart');
    if (!visitor.details) return seeOther(reply, '/checkout');
    return sendPage(deps, request, reply, visitor, reviewPage(cartQuote(deps, visitor, 'review'), visitor.details));
  });

  app.post<{ Body: { shipping_option?: string } }>('/checkout/shipping', async (request, reply) => {
    const visitor = visitors.for(request, reply);
    const choice = request.body?.shipping_option;
    if (choice === 'standard' || choice === 'express') visitor.shippingOptionId = choice;
    return seeOther(reply, '/checkout/review');
  });

  app.get('/checkout/payment', async (request, reply) => {
    const visitor = visitors.for(request, reply);
    const quote = cartQuote(deps, visitor, 'review');
    if (!visitor.details || !isPayable(quote)) return seeOther(reply, '/checkout/review');
    return sendPage(deps, request, reply, visitor, paymentPage(quote.total, { cardName: visitor.details.name }));
  });

  app.post('/checkout/payment', async (request, reply) => {
    const visitor = visitors.for(request, reply);
    const quote = cartQuote(deps, visitor, 'review');
    const details = visitor.details;
    if (!details || !isPayable(quote)) return seeOther(reply, '/checkout/review');
    const method = paymentMethodOf(request.body, deps.clock);
    if ('errors' in method) {
      return sendPage(
        deps,
        request,
        reply,
        visitor,
        paymentPage(quote.total, { cardName: method.cardName ?? details.name, errors: method.errors }),
      );
    }
    const cartId = visitor.cartId;
    if (paying.has(cartId)) return seeOther(reply, '/checkout/payment');
    paying.add(cartId);
    const account = deps.accounts.current(request);
    const result = await placeOrder(deps, {
      channel: 'web',
      reference: cartId,
      quote,
      buyer: { name: details.name, email: details.email, ...(details.phone ? { phone: details.phone } : {}) },
      ...(account ? { account: account.email } : {}),
      shippingAddress: details.address,
      payment: method.payment,
    }).finally(() => paying.delete(cartId));
    if (result.outcome !== 'placed') {
      return sendPage(
        deps,
        request,
        reply,
        visitor,
        paymentPage(quote.total, { cardName: method.cardName ?? details.name, declined: result.message }),
      );
    }
    visitors.checkedOut(visitor);
    return seeOther(reply, `/orders/${result.order.number}`);
  });

  app.get<{ Params: { number: string } }>('/orders/:number', async (request, reply) => {
    const visitor = visitors.for(request, reply);
    const order = deps.orderBook.order(request.params.number);
    return sendPage(deps, request, reply, visitor, order ? confirmationPage(order) : notFoundPage('No such order.'));
  });
};

/** The typed card the form sends; field errors otherwise. */
const paymentMethodOf = (
  body: unknown,
  clock: Clock,
):
  | { readonly payment: PaymentMethod; readonly cardName?: string }
  | { readonly errors: FieldErrors; readonly cardName?: string } => {
  const form = paymentFormSchema.safeParse(body);
  const errors: FieldErrors = form.success ? cardFieldErrors(form.data, clock) : fieldErrors(form.error);
  if (!form.success || Object.keys(errors).length > 0)
    return { errors, ...(form.success ? { cardName: form.data.card_name } : {}) };
  return {
    payment: typedCardOf(form.data),
    cardName: form.data.card_name,
  };
};

/** What the form starts with: the details typed last time, else the logged-in account's name and email. */
const prefill = (deps: WebDeps, request: FastifyRequest, visitor: Visitor): CheckoutFormValues => {
  const details = visitor.details;
  if (details) {
    return {
      name: details.name,
      email: details.email,
      phone: details.phone,
      address1: details.address.line1,
      address2: details.address.line2,
      city: details.address.city,
      state: details.address.state,
      postal_code: details.address.postalCode,
      country: details.address.country,
    };
  }
  const account = deps.accounts.current(request);
  return account ? { name: account.name, email: account.email } : {};
};

const submitted = (body: unknown): CheckoutFormValues =>
  Object.fromEntries(
    Object.entries(body && typeof body === 'object' ? body : {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
