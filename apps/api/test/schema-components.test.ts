import { z } from 'zod';
import { SchemaComponents, parameterSchemas } from '../src/openapi/schema-components.js';

describe('SchemaComponents', () => {
  it('references named schemas as components, nested ones included, and names the others', () => {
    const Money = z.object({ amount: z.string(), currency: z.string() }).meta({ id: 'SpecMoney' });
    const Payment = z.object({ total: Money });
    const components = new SchemaComponents();
    const body = components.ref(Payment, 'input', 'CreatePayment_Body');
    const response = components.ref(Money, 'output', 'Ignored');
    const schemas = components.build();
    expect(components.resolve(body)).toEqual({ $ref: '#/components/schemas/CreatePayment_Body' });
    expect(components.resolve(response)).toEqual({ $ref: '#/components/schemas/SpecMoney' });
    expect(schemas['CreatePayment_Body']).toMatchObject({
      properties: { total: { $ref: '#/components/schemas/SpecMoney' } },
    });
    expect(Object.keys(schemas).sort()).toEqual(['CreatePayment_Body', 'SpecMoney']);
  });

  it('adds an <Name>Input component when a schema reads differently as a request (defaults)', () => {
    const Page = z.object({ limit: z.number().int().default(30) }).meta({ id: 'SpecPage' });
    const components = new SchemaComponents();
    const input = components.ref(Page, 'input', 'x');
    const output = components.ref(Page, 'output', 'x');
    const schemas = components.build();
    expect(components.resolve(input)).toEqual({ $ref: '#/components/schemas/SpecPageInput' });
    expect(components.resolve(output)).toEqual({ $ref: '#/components/schemas/SpecPage' });
    expect(schemas['SpecPage']).toMatchObject({ required: ['limit'] });
    expect(schemas['SpecPageInput']).not.toHaveProperty('required');
  });

  it('turns an object schema into parameters', () => {
    const query = z.object({
      limit: z.coerce.number().int().max(100).default(30),
      cursor: z.string().describe('Opaque cursor').optional(),
    });
    expect(parameterSchemas(query)).toEqual([
      {
        name: 'limit',
        required: false,
        schema: expect.objectContaining({ type: 'integer', maximum: 100, default: 30 }),
      },
      { name: 'cursor', required: false, schema: { type: 'string' }, description: 'Opaque cursor' },
    ]);
  });
});
