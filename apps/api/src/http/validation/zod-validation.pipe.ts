import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import { describeIssue } from '@paykit/contracts';
import { type RequestPart, RequestValidationError } from './request-validation.error.js';

export interface RequestSchemas {
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly params?: z.ZodType;
}

/**
 * The one validation pipe: `@Route` attaches it with the route's schemas, and it parses
 * `@Body()`, `@Query()` and `@Param()` arguments against them (a named `@Param('id')` against
 * that field). The handler receives the parsed value (defaults applied, coercions done).
 */
@Injectable()
export class ZodValidationPipe implements PipeTransform {
  constructor(private readonly schemas: RequestSchemas) {}

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const part = partOf(metadata.type);
    const schema = part === null ? undefined : this.schemas[part];
    if (part === null || schema === undefined) return value;
    const target = metadata.data === undefined ? schema : fieldSchema(schema, metadata.data);
    const parsed = target.safeParse(value, { error: describeIssue });
    if (!parsed.success) throw RequestValidationError.fromZod(part, parsed.error.issues, metadata.data);
    return parsed.data;
  }
}

const partOf = (type: ArgumentMetadata['type']): Exclude<RequestPart, 'headers'> | null => {
  switch (type) {
    case 'body':
      return 'body';
    case 'query':
      return 'query';
    case 'param':
      return 'params';
    default:
      return null;
  }
};

const fieldSchema = (schema: z.ZodType, field: string): z.ZodType => {
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType | undefined>;
    const fieldType = shape[field];
    if (fieldType) return fieldType;
  }
  throw new Error(`The route's schema declares no field "${field}"`);
};
