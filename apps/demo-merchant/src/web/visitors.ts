import { type IdGenerator } from '@paykit/kernel';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type ShippingAddress } from '../orders/order.js';

export interface CartLine {
  readonly sku: string;
  readonly quantity: number;
}

export interface CheckoutDetails {
  readonly name: string;
  readonly email: string;
  readonly phone?: string;
  readonly address: ShippingAddress;
}

/** A browser's state at the shop: its cart and the details typed into the checkout form. */
export interface Visitor {
  readonly id: string;
  cartId: string;
  cart: CartLine[];
  details?: CheckoutDetails;
  shippingOptionId?: string;
}

export const VISITOR_COOKIE = 'dm_visitor';
const WEEK_SECONDS = 7 * 24 * 60 * 60;

export class VisitorStore {
  private readonly visitors = new Map<string, Visitor>();
  private carts = 0;

  constructor(private readonly ids: IdGenerator) {}

  /** The visitor behind the request's signed cookie, or a new one with the cookie set on the reply. */
  for(request: FastifyRequest, reply: FastifyReply): Visitor {
    const cookie = request.cookies[VISITOR_COOKIE];
    const unsigned = cookie ? request.unsignCookie(cookie) : undefined;
    const known = unsigned?.valid && unsigned.value ? this.visitors.get(unsigned.value) : undefined;
    if (known) return known;
    const visitor: Visitor = { id: this.ids.uuid(), cartId: this.newCartId(), cart: [] };
    this.visitors.set(visitor.id, visitor);
    reply.setCookie(VISITOR_COOKIE, visitor.id, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: WEEK_SECONDS,
    });
    return visitor;
  }

  /** Empties the cart after an order; the next cart gets its own id. */
  checkedOut(visitor: Visitor): void {
    visitor.cart = [];
    visitor.cartId = this.newCartId();
  }

  private newCartId(): string {
    return `cart_${String(++this.carts).padStart(6, '0')}`;
  }
}
