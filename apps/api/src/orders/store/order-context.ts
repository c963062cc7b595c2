import type { CommandContext } from '@paykit/kernel';

/** The command context of what the service does to an order on its own (the worker, a provider's answer). */
export type OrderContext = CommandContext & { readonly projectId: string };

export const systemContext = (projectId: string, orderId: string, actor = 'order-worker'): OrderContext => ({
  projectId,
  actor: { type: 'system', id: actor },
  correlationId: `order-${orderId}`,
});
