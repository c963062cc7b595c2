import { type WebhookEvent, type WebhookEventType, verifyWebhook } from '@paykit/client';
import {
  ALL_EVENT_TYPES,
  LOCAL_ENDPOINT_HINT,
  type ReceivedDelivery,
  openWebhookSession,
  textReport,
} from '@paykit/demo/stories';
import type { CliContext } from '../../context.js';
import { UsageError } from '../../io.js';
import { optionalString } from '../arguments.js';
import { type Command, JSON_OPTION } from '../command.js';
import { API_OPTIONS, API_USAGE, apiContextOf, httpUrlOption } from './api-target.js';

const FORWARD_TIMEOUT_MS = 10_000;
const FORWARDED_HEADERS = ['content-type', 'webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

const eventTypesOf = (value: string | undefined): WebhookEventType[] => {
  if (value === undefined) return [...ALL_EVENT_TYPES];
  const types = value
    .split(',')
    .map((type) => type.trim())
    .filter((type) => type !== '');
  const unknown = types.filter((type) => !(ALL_EVENT_TYPES as readonly string[]).includes(type));
  if (types.length === 0 || unknown.length > 0) {
    throw new UsageError(
      `--events takes event types from: ${ALL_EVENT_TYPES.join(', ')}${unknown.length > 0 ? ` (not ${unknown.join(', ')})` : ''}`,
    );
  }
  return types as WebhookEventType[];
};

/** Sends the delivery on as the API sent it (same body, same signature headers); the target's status, or 502. */
const forward = async (url: string, delivery: ReceivedDelivery): Promise<{ status: number; error?: string }> => {
  const headers = Object.fromEntries(
    FORWARDED_HEADERS.flatMap((name) =>
      typeof delivery.headers[name] === 'string' ? [[name, delivery.headers[name] as string]] : [],
    ),
  );
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: delivery.rawBody,
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
      redirect: 'manual',
    });
    await response.body?.cancel();
    return { status: response.status };
  } catch (error) {
    return { status: 502, error: (error as Error).message };
  }
};

interface Handled {
  readonly delivery: ReceivedDelivery;
  readonly event: WebhookEvent | null;
  readonly forwarded: { status: number; error?: string } | null;
}

const printHandled = (context: CliContext, json: boolean, { delivery, event, forwarded }: Handled): void => {
  if (json) {
    context.io.stdout(
      `${JSON.stringify({ messageId: delivery.messageId, type: event?.type ?? null, verified: event !== null, forwardedStatus: forwarded?.status ?? null })}\n`,
    );
    return;
  }
  const time = delivery.receivedAt.toISOString().slice(11, 19);
  const what = event
    ? `${event.type.padEnd(28)} ${delivery.messageId}`
    : `signature INVALID          ${delivery.messageId}`;
  const onward = forwarded ? `  -> ${forwarded.status}${forwarded.error ? ` (${forwarded.error})` : ''}` : '';
  context.io.stdout(`${time}  ${what}${onward}\n`);
};

export const webhooksListen: Command = {
  words: ['webhooks', 'listen'],
  usage: `webhooks listen [--forward-to URL] [--events type,...] ${API_USAGE} [--json]`,
  summary:
    "Registers a local endpoint for this session, prints each delivery with its signature checked, forwards it (same body and headers) and answers with the target's status; removes the endpoint on exit",
  options: { ...API_OPTIONS, 'forward-to': { type: 'string' }, events: { type: 'string' }, ...JSON_OPTION },
  async run(values, context) {
    const forwardTo = httpUrlOption(values, 'forward-to');
    const eventTypes = eventTypesOf(optionalString(values, 'events'));
    const json = values['json'] === true;
    const untilInterrupted = context.io.untilInterrupted;
    if (!untilInterrupted) throw new Error('webhooks listen runs until interrupted; this process cannot be');
    const api = apiContextOf(values, context.io.env, textReport(context.io.stderr));
    let secretOf: (secret: string) => void = () => {};
    const secret = new Promise<string>((resolve) => (secretOf = resolve));
    const session = await openWebhookSession(api, eventTypes, async (delivery) => {
      let event: WebhookEvent | null = null;
      try {
        event = verifyWebhook(await secret, delivery.headers as Record<string, string>, delivery.rawBody);
      } catch {
        event = null;
      }
      const forwarded = event && forwardTo ? await forward(forwardTo, delivery) : null;
      printHandled(context, json, { delivery, event, forwarded });
      if (!event) return 400;
      return forwarded ? forwarded.status : 200;
    });
    if (!session) throw new Error(`The API at ${api.baseUrl} refused a local endpoint: ${LOCAL_ENDPOINT_HINT}`);
    secretOf(session.secret);
    context.io.stderr(
      [
        `Ready: endpoint ${session.endpointId} receives ${eventTypes.length === ALL_EVENT_TYPES.length ? 'every event type' : eventTypes.join(', ')} at ${session.receiver.url}`,
        forwardTo
          ? `Forwarding each delivery to ${forwardTo}, signed as sent: verify it with ${session.secret}`
          : `Signing secret ${session.secret}`,
        'Ctrl-C to stop (the endpoint is removed).',
        '',
      ].join('\n'),
    );
    try {
      await untilInterrupted();
    } finally {
      await session.close();
      context.io.stderr(`Removed endpoint ${session.endpointId}.\n`);
    }
  },
};
