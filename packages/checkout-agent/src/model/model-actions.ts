import { BLOCKED_CODES, type BlockedCode, isBlockedCode } from '@paykit/checkout-runs';
import type { Money } from '@paykit/kernel';
import type { ToolDefinition } from './chat-model.js';

/** What the model may do on the page. It never sees or types payment details: `pay` hands that to the strategy. */
export type ModelAction =
  | { readonly kind: 'goto'; readonly url: string }
  | { readonly kind: 'click'; readonly ref: string }
  | { readonly kind: 'fill'; readonly ref: string; readonly value: string }
  | { readonly kind: 'select'; readonly ref: string; readonly value: string }
  | { readonly kind: 'pay'; readonly total: Money; readonly submit: string }
  | { readonly kind: 'done'; readonly summary: string; readonly orderNumber: string | null }
  | { readonly kind: 'blocked'; readonly code: BlockedCode; readonly summary: string }
  | { readonly kind: 'give_up'; readonly reason: string };

const string = (description: string) => ({ type: 'string', description });
const tool = (name: string, description: string, properties: Record<string, unknown>): ToolDefinition => ({
  type: 'function',
  function: {
    name,
    description,
    parameters: {
      type: 'object',
      properties,
      required: Object.keys(properties).filter((key) => key !== 'orderNumber'),
      additionalProperties: false,
    },
  },
});
const REF = string('The [ref] of an element in the page summary.');

export const MODEL_TOOLS: readonly ToolDefinition[] = [
  tool('goto', 'Open a URL (same shop).', { url: string('Absolute URL.') }),
  tool('click', 'Click an element (a link or button).', { ref: REF }),
  tool('fill', 'Type text into a form field (never payment details).', { ref: REF, value: string('The text.') }),
  tool('select', 'Choose an option of a select element.', { ref: REF, value: string('The option’s value or label.') }),
  tool(
    'pay',
    "On the payment page only: pay the final total shown there. The agent types the run's card into the page's card fields and presses the pay button.",
    {
      amount: string('The final total shown, as a decimal (e.g. 63.34).'),
      currency: string('ISO 4217 code, e.g. USD.'),
      submit: string('The [ref] of the pay button.'),
    },
  ),
  tool('done', 'The order is confirmed.', {
    summary: string('What was bought, for the user.'),
    orderNumber: string('The merchant’s order number, when shown.'),
  }),
  tool('blocked', 'The purchase cannot go on for a reason the user must know.', {
    code: { type: 'string', enum: [...BLOCKED_CODES] },
    summary: string('What happened, for the user.'),
  }),
  tool('give_up', 'Nothing here can be done safely.', { reason: string('Why.') }),
];

/** Why a reply names no usable action: told to the model, which may try again. */
export class UnusableAction extends Error {}

export const parseAction = (name: string, argumentsText: string): ModelAction => {
  let args: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(argumentsText || '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    args = parsed as Record<string, unknown>;
  } catch {
    throw new UnusableAction(`The arguments of ${name} are not a JSON object.`);
  }
  const text = (key: string, max = 2000): string => {
    const value = args[key];
    if (typeof value !== 'string' || value.trim() === '')
      throw new UnusableAction(`${name} needs "${key}" (a non-empty string).`);
    return value.trim().slice(0, max);
  };
  switch (name) {
    case 'goto':
      return { kind: 'goto', url: text('url') };
    case 'click':
      return { kind: 'click', ref: text('ref', 20) };
    case 'fill':
      return { kind: 'fill', ref: text('ref', 20), value: text('value', 500) };
    case 'select':
      return { kind: 'select', ref: text('ref', 20), value: text('value', 200) };
    case 'pay': {
      const amount = text('amount', 30);
      if (!/^\d+(\.\d+)?$/.test(amount)) throw new UnusableAction('pay needs "amount" as a decimal such as 63.34.');
      const currency = text('currency', 3).toUpperCase();
      if (!/^[A-Z]{3}$/.test(currency)) throw new UnusableAction('pay needs "currency" as an ISO 4217 code.');
      return {
        kind: 'pay',
        total: { amount, currency },
        submit: text('submit', 20),
      };
    }
    case 'done':
      return {
        kind: 'done',
        summary: text('summary'),
        orderNumber:
          typeof args['orderNumber'] === 'string' && args['orderNumber'].trim()
            ? args['orderNumber'].trim().slice(0, 100)
            : null,
      };
    case 'blocked': {
      const code = text('code', 100);
      if (!isBlockedCode(code)) throw new UnusableAction(`blocked needs "code" from: ${BLOCKED_CODES.join(', ')}.`);
      return { kind: 'blocked', code, summary: text('summary') };
    }
    case 'give_up':
      return { kind: 'give_up', reason: text('reason') };
    default:
      throw new UnusableAction(`There is no tool named ${name}.`);
  }
};

/** A reply without a tool call may still carry the action as JSON: `{"action": "click", "ref": "3"}`. */
export const parseJsonReply = (content: string): ModelAction => {
  const json = /\{[\s\S]*\}/.exec(content)?.[0];
  let parsed: unknown;
  try {
    parsed = json ? JSON.parse(json) : null;
  } catch {
    parsed = null;
  }
  const action = (parsed as { action?: unknown } | null)?.action;
  if (typeof action !== 'string')
    throw new UnusableAction('Reply with one tool call (or JSON with an "action" field).');
  const { action: _action, ...rest } = parsed as Record<string, unknown>;
  return parseAction(action, JSON.stringify(rest));
};
