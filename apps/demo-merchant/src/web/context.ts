import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type OrderingDeps } from '../orders/place-order.js';
import { originOf } from '../origin.js';
import { type AccountBook } from './accounts.js';
import { type HtmlValue } from './html/html.js';
import { page } from './html/layout.js';
import { type Visitor, type VisitorStore } from './visitors.js';

export interface WebDeps extends OrderingDeps {
  readonly visitors: VisitorStore;
  readonly accounts: AccountBook;
  readonly publicUrl?: string;
  /** Whether pages point to the agentic-checkout API (absent: they do). */
  readonly agenticCheckout?: boolean;
}

export interface PageContent {
  readonly title: string;
  readonly body: HtmlValue;
  readonly head?: HtmlValue;
  readonly status?: number;
}

/** Sends a full page for this visitor: header with their cart count and login state. */
export const sendPage = (
  deps: WebDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  visitor: Visitor | undefined,
  content: PageContent,
) => {
  const account = deps.accounts.current(request);
  const markup = page({
    title: content.title,
    origin: originOf(request, deps.publicUrl),
    discovery: deps.agenticCheckout ?? true,
    ...(account ? { account } : {}),
    cartCount: visitor?.cart.reduce((count, line) => count + line.quantity, 0) ?? 0,
    head: content.head,
    body: content.body,
  });
  return reply
    .code(content.status ?? 200)
    .type('text/html; charset=utf-8')
    .send(markup.value);
};

/** A 303 after a form post, so a reload never posts twice. */
export const seeOther = (reply: FastifyReply, location: string) => reply.code(303).header('location', location).send();
