import { type ContractExample, examplesOf } from '@paykit/contracts';
import type { z } from 'zod';

/** OpenAPI's media-type `examples` map of a schema's contract examples, or nothing when it has none. */
export const mediaExamples = (
  schema: z.ZodType,
  io: ContractExample['io'],
): { examples: Record<string, { summary: string; value: unknown }> } | Record<string, never> => {
  const examples = examplesOf(schema, io);
  if (examples.length === 0) return {};
  return { examples: Object.fromEntries(examples.map(({ name, summary, value }) => [name, { summary, value }])) };
};
