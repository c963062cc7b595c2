import type { WebhookEventType } from '@paykit/client';
import { textReport } from '@paykit/demo/stories';
import { UsageError } from '../../io.js';
import type { Command } from '../command.js';
import { API_OPTIONS, API_USAGE, apiContextOf } from './api-target.js';
import { TRIGGERS } from './triggers.js';

const EVENT_TYPES = Object.keys(TRIGGERS) as WebhookEventType[];

export const webhooksTrigger: Command = {
  words: ['webhooks', 'trigger'],
  usage: `webhooks trigger <event-type> ${API_USAGE}`,
  summary: `Makes the sandbox raise an event with real API calls (a wallet, an order, a payment...), printing each: ${EVENT_TYPES.join(', ')}`,
  options: { ...API_OPTIONS },
  positionals: '<event-type>',
  async run(values, context, positionals) {
    const [type, ...extra] = positionals;
    if (type === undefined || extra.length > 0 || !(EVENT_TYPES as string[]).includes(type)) {
      throw new UsageError(`Name one event type: ${EVENT_TYPES.join(', ')}`);
    }
    const api = apiContextOf(values, context.io.env, textReport(context.io.stdout));
    context.io.stdout(`Triggering ${type} on ${api.baseUrl}:\n`);
    await TRIGGERS[type as WebhookEventType](api);
    context.io.stdout(`Done: endpoints subscribed to ${type} receive it (see pnpm cli webhooks listen).\n`);
  },
};
