import { z } from 'zod';

export const HealthResponse = z.object({ status: z.literal('ok') }).meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof HealthResponse>;

export const ReadinessCheckResult = z
  .object({ name: z.string(), ok: z.boolean(), detail: z.string().optional() })
  .meta({ id: 'ReadinessCheckResult' });

/** 200 body of /ready; when not ready it answers 503 with the error body, the checks in `parameters`. */
export const ReadyResponse = z
  .object({ status: z.literal('ready'), checks: z.array(ReadinessCheckResult) })
  .meta({ id: 'ReadyResponse' });
export type ReadyResponse = z.infer<typeof ReadyResponse>;
