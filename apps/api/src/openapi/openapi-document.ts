import {
  ErrorBody,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKey,
  SERVICE_USER_ID_HEADER,
  ServiceUserId,
} from '@paykit/contracts';
import { z } from 'zod';
import { type RouteContract, isRawResponse, scopesOf, successStatusOf } from '../http/routes/route-contract.js';
import { commonErrors, describeStatus } from './error-statuses.js';
import { mediaExamples } from './media-examples.js';
import { alternativeFormats } from './report-formats.js';
import type { DeclaredRoute } from './route-catalog.js';
import { type JsonSchema, SchemaComponents, parameterSchemas } from './schema-components.js';

export interface OpenApiOptions {
  readonly title: string;
  readonly version: string;
  readonly description: string;
  /** API_PREFIX: the server URL of every route that is not `root`. */
  readonly apiPrefix: string;
  /** Every scope an API key can hold, listed in the document (`x-scopes`). */
  readonly scopes: readonly { readonly name: string; readonly description: string; readonly clientSide: boolean }[];
}

export type OpenApiDocument = Record<string, unknown> & {
  readonly paths: Record<string, Record<string, unknown>>;
  readonly servers: readonly { url: string }[];
};

/** `:walletLocator` -> `{walletLocator}` */
export const toOpenApiPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const CALLER_SECURITY = [{ ApiKey: [] }, { ApiKey: [], UserJwt: [] }];

const operationIdOf = (route: DeclaredRoute): string =>
  route.contract.operationId ?? `${route.controllerName.replace(/Controller$/, '')}_${route.handlerName}`;

/** Builds the OpenAPI 3.1 document of every declared route from its zod contract. */
export const buildOpenApiDocument = (routes: readonly DeclaredRoute[], options: OpenApiOptions): OpenApiDocument => {
  const components = new SchemaComponents();
  const errorRef = components.ref(ErrorBody, 'output', 'ErrorBody');
  const serverUrl = options.apiPrefix;
  const pending: { path: string; method: string; root: boolean; build: () => Record<string, unknown> }[] = [];

  /** The JSON answer with its examples, and the CSV or HTML bodies the route's `format` takes. */
  const jsonWithAlternatives = (
    contract: RouteContract,
    status: number,
    spec: z.ZodType,
    ref: { io: 'input' | 'output'; id: string },
  ) => {
    const content: Record<string, unknown> = {
      'application/json': { schema: components.resolve(ref), ...mediaExamples(spec, 'output') },
    };
    if (status >= 200 && status < 300) {
      for (const format of alternativeFormats(contract))
        content[format.type] = { schema: { type: 'string', description: format.description } };
    }
    return content;
  };

  for (const route of routes) {
    const { contract } = route;
    const operationId = operationIdOf(route);
    const bodyRef = contract.body ? components.ref(contract.body, 'input', `${operationId}_Body`) : null;
    const responseRefs = Object.entries(contract.responses).map(([status, spec]) => ({
      status,
      spec,
      ref: spec === null || isRawResponse(spec) ? null : components.ref(spec, 'output', `${operationId}_${status}`),
    }));
    const scopes = scopesOf(contract);
    const build = (): Record<string, unknown> => {
      const responses: Record<string, unknown> = {};
      for (const { status, spec, ref } of responseRefs) {
        const description = describeStatus(Number(status));
        if (spec === null) responses[status] = { description };
        else if (isRawResponse(spec))
          responses[status] = {
            description: spec.description,
            content: { [spec.contentType]: { schema: { type: 'string' } } },
          };
        else responses[status] = { description, content: jsonWithAlternatives(contract, Number(status), spec, ref!) };
      }
      for (const status of commonErrors(contract)) {
        responses[String(status)] ??= {
          description: describeStatus(status),
          content: { 'application/json': { schema: components.resolve(errorRef) } },
        };
      }
      const parameters = [
        ...(contract.params
          ? parameterSchemas(contract.params).map((p) => ({ ...p, in: 'path', required: true }))
          : []),
        ...(contract.query ? parameterSchemas(contract.query).map((p) => ({ ...p, in: 'query' })) : []),
        // Every authenticated request reads it (the authenticator validates it on each).
        ...(contract.public === true ? [] : [serviceUserIdParameter]),
        ...(contract.method === 'POST'
          ? [
              {
                name: IDEMPOTENCY_KEY_HEADER,
                in: 'header',
                required: false,
                description: IdempotencyKey.description,
                schema: idempotencyKeySchema,
              },
            ]
          : []),
      ];
      const scopeText =
        scopes.length === 0 ? 'No API key needed.' : `Requires scope ${scopes.map((s) => `\`${s}\``).join(' or ')}.`;
      return {
        operationId,
        summary: contract.summary,
        description: [contract.description, scopeText].filter(Boolean).join('\n\n'),
        ...(contract.tags ? { tags: contract.tags } : {}),
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(bodyRef
          ? {
              requestBody: {
                required: contract.body!.safeParse(undefined).success !== true,
                content: {
                  'application/json': {
                    schema: components.resolve(bodyRef),
                    ...mediaExamples(contract.body!, 'input'),
                  },
                },
              },
            }
          : {}),
        responses,
        security: scopes.length === 0 ? [] : CALLER_SECURITY,
        'x-required-scopes': scopes,
        'x-success-status': successStatusOf(contract),
      };
    };
    pending.push({
      path: toOpenApiPath(contract.root === true ? route.servedPath : route.pathWithinApp),
      method: contract.method.toLowerCase(),
      root: contract.root === true,
      build,
    });
  }

  const schemas = components.build();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { path, method, root, build } of pending) {
    const item = (paths[path] ??= root ? { servers: [{ url: '/' }] } : {});
    item[method] = build();
  }
  return {
    openapi: '3.1.0',
    info: { title: options.title, version: options.version, description: options.description },
    'x-scopes': options.scopes,
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        ApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-KEY',
          description: 'Project API key: sk_<env>_... (server) or ck_<env>_... (client)',
        },
        UserJwt: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: "End user's token, required with a client key",
        },
      },
    },
  };
};

const headerSchema = (schema: z.ZodType): JsonSchema => {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any' }) as JsonSchema;
  delete json['$schema'];
  delete json['description'];
  return json;
};

const idempotencyKeySchema = headerSchema(IdempotencyKey);

const serviceUserIdParameter = {
  name: SERVICE_USER_ID_HEADER,
  in: 'header',
  required: false,
  description: ServiceUserId.description,
  schema: headerSchema(ServiceUserId),
};
