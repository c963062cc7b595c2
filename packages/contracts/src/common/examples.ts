import type { z } from 'zod';

/**
 * A realistic request or response of one contract schema: shown in the API reference (OpenAPI
 * media-type `examples`, so "Try it out" sends something sensible) and parsed with its schema by
 * the contracts' tests, so an example cannot drift from what the API accepts or answers.
 */
export interface ContractExample {
  readonly schema: z.ZodType;
  /** Which side of the schema the value is: a request body, or an answer. */
  readonly io: 'input' | 'output';
  /** The key in the OpenAPI `examples` map: short, unique per schema. */
  readonly name: string;
  readonly summary: string;
  readonly value: unknown;
}

export const requestExample = <S extends z.ZodType>(
  schema: S,
  name: string,
  summary: string,
  value: z.input<S>,
): ContractExample => ({
  schema,
  io: 'input',
  name,
  summary,
  value,
});

export const responseExample = <S extends z.ZodType>(
  schema: S,
  name: string,
  summary: string,
  value: z.output<S>,
): ContractExample => ({
  schema,
  io: 'output',
  name,
  summary,
  value,
});
