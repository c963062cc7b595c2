import { z } from 'zod';
import { characters, countryCode, currencyCode, httpUri, maxCostAmount, notEmptyObject, uuid } from './fields.js';

const TEXT_LIMIT = 20000;

export const agentCheckoutMaxCostSchema = z.strictObject({ amount: maxCostAmount(), currency: currencyCode() });

export const agentCheckoutBrowserLocationSchema = z.strictObject({
  type: z.literal('country'),
  countryCode: countryCode(),
});

export const agentCheckoutBrowserOptionsSchema = z
  .strictObject({
    profileId: uuid().optional(),
    location: agentCheckoutBrowserLocationSchema.optional(),
  })
  .refine(notEmptyObject, { message: 'must have at least one property' });

/**
 * The spec's input object, to the letter; unknown fields are refused at every level. Parsing
 * normalises it (countryCode trimmed and uppercased): the output is what runs echo.
 */
export const agentCheckoutInputSchema = z.strictObject({
  constraints: z.strictObject({ maxCost: agentCheckoutMaxCostSchema }),
  request: z.strictObject({
    startUrl: httpUri(),
    task: characters(1, TEXT_LIMIT).optional(),
  }),
  merchantGuidance: characters(1, TEXT_LIMIT).optional(),
  buyerProfileId: uuid().optional(),
  browser: agentCheckoutBrowserOptionsSchema.optional(),
});

/** POST /unstable/agent-checkouts: the body is the input object. */
export const agentCheckoutCreateBodySchema = agentCheckoutInputSchema;

export type AgentCheckoutInput = z.output<typeof agentCheckoutInputSchema>;
export type AgentCheckoutCreateBody = z.input<typeof agentCheckoutCreateBodySchema>;
