import { z } from 'zod';

const Environment = z.enum(['staging', 'production']);

export const ProjectResponse = z
  .object({
    projectId: z.string(),
    name: z.string(),
    environment: Environment,
    createdAt: z.string().describe('ISO 8601'),
    jwtVerification: z
      .enum(['hs256', 'public-key', 'jwks'])
      .nullable()
      .describe('How end-user JWTs sent with client keys are verified; null when client keys cannot be used'),
    jwtRules: z
      .object({
        issuer: z.string().nullable().describe('The iss a JWT must carry; null: any'),
        audience: z.array(z.string()).nullable().describe('A JWT’s aud must name one of these; null: any'),
        maxLifetimeSeconds: z.number().int().describe('The longest a JWT may live, exp - iat'),
      })
      .nullable()
      .describe('What JWTs must say besides their signature (set with `pnpm cli project jwt`); null without JWTs'),
  })
  .meta({ id: 'Project' });
export type ProjectResponse = z.infer<typeof ProjectResponse>;

export const CurrentProjectResponse = ProjectResponse.extend({
  apiKey: z.object({
    prefix: z.string().describe('Display prefix of the key used, e.g. sk_staging_AbCd1234'),
    kind: z.enum(['server', 'client']),
    scopes: z.array(z.string()),
  }),
  userId: z.string().nullable().describe('The end user acted for: the JWT subject, or x-service-user-id'),
}).meta({ id: 'CurrentProject' });
export type CurrentProjectResponse = z.infer<typeof CurrentProjectResponse>;

export const ProjectParams = z.object({ projectId: z.string().min(1).max(100) });
