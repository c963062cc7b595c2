import { z } from 'zod';
import { documentOneOrMany } from '@paykit/contracts';

export type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

const componentRef = (id: string) => `#/components/schemas/${id}`;

/** The contract-level id a schema was given with `.meta({ id })`, if any. */
const declaredId = (schema: z.ZodType): string | undefined => z.globalRegistry.get(schema)?.id;

const withoutSchemaKeywords = ({ $schema: _schema, $id: _id, ...rest }: JsonSchema): JsonSchema => rest;

/**
 * Input and output forms of a plain object differ only in `additionalProperties: false` (zod
 * strips unknown fields on input): not a difference worth a second component.
 */
const comparable = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(comparable);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as JsonSchema).filter(
    ([key, item]) => key !== '$id' && key !== '$schema' && !(key === 'additionalProperties' && item === false),
  );
  return Object.fromEntries(entries.map(([key, item]) => [key, comparable(item)]));
};

const refsOf = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(refsOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as JsonSchema).flatMap(([key, item]) =>
    key === '$ref' && typeof item === 'string' ? [item.slice(componentRef('').length)] : refsOf(item),
  );
};

/** Only the schemas the routes use, directly or through references (keyed by their original id). */
const reachable = (
  schemas: Record<string, JsonSchema>,
  roots: readonly string[],
  renamed: ReadonlyMap<string, string> = new Map(),
): Record<string, JsonSchema> => {
  const originalOf = new Map([...renamed].map(([original, name]) => [name, original]));
  const kept: Record<string, JsonSchema> = {};
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    const original = originalOf.get(id) ?? id;
    const schema = schemas[original];
    if (!schema || original in kept) continue;
    kept[original] = schema;
    pending.push(...refsOf(schema));
  }
  return kept;
};

/**
 * Turns the zod schemas of every route into `components.schemas`, each referenced by `$ref`.
 * Request bodies are converted as zod input types, responses as output types; a named schema
 * whose two forms differ (a default, a transform) gets a second component `<Name>Input`.
 */
export class SchemaComponents {
  private readonly ids = new Map<z.ZodType, string>();
  private readonly used: Record<Io, Set<z.ZodType>> = { input: new Set(), output: new Set() };
  private built: { schemas: Record<string, JsonSchema>; inputIds: ReadonlyMap<string, string> } | null = null;

  /** Registers a schema and returns its reference; `fallbackId` names schemas without `.meta({ id })`. */
  ref(schema: z.ZodType, io: Io, fallbackId: string): { readonly $ref: string; readonly io: Io; readonly id: string } {
    if (this.built) throw new Error('SchemaComponents already built');
    const id = this.ids.get(schema) ?? declaredId(schema) ?? fallbackId;
    this.ids.set(schema, id);
    this.used[io].add(schema);
    return { $ref: componentRef(id), io, id };
  }

  /** Call once every route is registered; then `resolve` rewrites input references as needed. */
  build(): Record<string, JsonSchema> {
    const output = reachable(
      this.convert('output', (id) => id),
      this.rootIds('output'),
    );
    const firstInput = reachable(
      this.convert('input', (id) => id),
      this.rootIds('input'),
    );
    const renamed = new Map<string, string>();
    for (const [id, schema] of Object.entries(firstInput)) {
      const other = output[id];
      if (other && JSON.stringify(comparable(other)) !== JSON.stringify(comparable(schema)))
        renamed.set(id, `${id}Input`);
    }
    const input =
      renamed.size === 0
        ? firstInput
        : reachable(
            this.convert('input', (id) => renamed.get(id) ?? id),
            this.rootIds('input'),
            renamed,
          );
    const schemas: Record<string, JsonSchema> = {};
    for (const [id, schema] of Object.entries(input)) schemas[renamed.get(id) ?? id] = withoutSchemaKeywords(schema);
    // Where both forms match, the output form wins: it is the stricter description.
    for (const [id, schema] of Object.entries(output)) schemas[id] = withoutSchemaKeywords(schema);
    const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
    this.built = { schemas: sorted, inputIds: renamed };
    return sorted;
  }

  /** The final `$ref` for a reference handed out by `ref`. */
  resolve(reference: { readonly io: Io; readonly id: string }): { $ref: string } {
    if (!this.built) throw new Error('Call build() first');
    const id = reference.io === 'input' ? (this.built.inputIds.get(reference.id) ?? reference.id) : reference.id;
    return { $ref: componentRef(id) };
  }

  private rootIds(io: Io): string[] {
    return [...this.used[io]].map((schema) => this.ids.get(schema)!);
  }

  private convert(io: Io, rename: (id: string) => string): Record<string, JsonSchema> {
    const registry = z.registry<{ id: string }>();
    // Every named contract schema, so nested ones become components rather than inline copies.
    for (const [id, schema] of z.globalRegistry._idmap) registry.add(schema, { id });
    for (const schema of this.used[io]) {
      if (!registry.has(schema)) registry.add(schema, { id: this.ids.get(schema)! });
    }
    const converted = z.toJSONSchema(registry, {
      io,
      uri: (id) => componentRef(rename(id)),
      unrepresentable: 'any',
      ...(io === 'input' && { override: documentOneOrMany }),
    }) as { schemas: Record<string, JsonSchema> };
    return converted.schemas;
  }
}

/** The contracts' metadata (descriptions, examples) minus ids, so everything converts inline. */
const metadataWithoutIds: typeof z.globalRegistry = Object.assign(
  Object.create(z.globalRegistry) as typeof z.globalRegistry,
  {
    get: (schema: z.core.$ZodType) => {
      const meta = z.globalRegistry.get(schema);
      if (meta?.id === undefined) return meta;
      const { id: _id, ...rest } = meta;
      return rest;
    },
  },
);

/** Inline JSON Schema of each property of an object schema: for path and query parameters. */
export const parameterSchemas = (
  schema: z.ZodObject,
): { name: string; required: boolean; schema: JsonSchema; description?: string }[] => {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    metadata: metadataWithoutIds,
    reused: 'inline',
  }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      required: required.has(name),
      schema: rest,
      ...(typeof description === 'string' ? { description } : {}),
    };
  });
};
