import type { StrategyContext, StrategyOutcome } from '@paykit/checkout-agent';
import { settleUnconfirmedCardPayment } from '@paykit/checkout-agent';
import * as E from 'fp-ts/lib/Either.js';

/**
 * A scripted strategy for the API's runner, standing in for the browser until it types cards: it
 * walks the demo merchant's web checkout over HTTP (cart, address, review), declares the review's
 * total (minus `understate`, to play an agent that misread it), and types the run's virtual card
 * into the shop's card form. The shop's processor asks the API's card network; the issuer decides.
 */
export const cardFormShopper =
  (shopUrl: string, options: { readonly understate?: number; readonly typed?: string[] } = {}) =>
  async (context: StrategyContext): Promise<StrategyOutcome> => {
    const cookies = new Map<string, string>();
    const send = async (path: string, form?: Record<string, string>) => {
      const response = await fetch(new URL(path, shopUrl), {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          ...(cookies.size > 0 ? { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { body: new URLSearchParams(form).toString() } : {}),
      });
      for (const header of response.headers.getSetCookie()) {
        const [pair = ''] = header.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return { status: response.status, location: response.headers.get('location'), body: await response.text() };
    };
    await send('/cart/items', { product: 'mug', sku: 'mug', quantity: '1' });
    await send('/checkout', {
      name: 'Alice Shopper',
      email: 'alice@example.com',
      phone: '',
      address1: '1 Market St',
      address2: '',
      city: 'San Francisco',
      state: 'CA',
      postal_code: '94105',
      country: 'US',
    });
    const review = await send('/checkout/review');
    const shown = /data-testid="total"[^>]*>(?:<strong>)?\$([\d.]+)</.exec(review.body)?.[1] ?? '0';
    const declared = (Number(shown) - (options.understate ?? 0)).toFixed(2);
    const started = await context.startPayment({ amount: declared, currency: 'USD' });
    if (started.kind !== 'started')
      return { kind: 'blocked', code: 'policy.max_cost_exceeded', summary: 'Over maxCost.' };
    const card = await context.virtualCard(started.attemptId);
    if (E.isLeft(card)) throw new Error(card.left.code);
    options.typed?.push(card.right.number);
    const paid = await send('/checkout/payment', {
      card_name: card.right.cardholderName,
      card_number: card.right.number,
      card_expiry: `${String(card.right.expMonth).padStart(2, '0')}/${String(card.right.expYear).slice(-2)}`,
      card_cvc: card.right.cvc,
    });
    const order = /^\/orders\/(DM-\d+)$/.exec(paid.location ?? '')?.[1];
    if (order) {
      return {
        kind: 'succeeded',
        summary: `Bought a mug (order ${order}).`,
        receipt: { total: { amount: shown, currency: 'USD' }, merchantOrderId: order },
      };
    }
    return settleUnconfirmedCardPayment(context, started.attemptId, {
      shop: 'declined',
      message: 'Your card was declined.',
    });
  };
