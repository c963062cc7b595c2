import {
  CONTRACT_EXAMPLES,
  CardTokenBody,
  CreateOrderBody,
  CreateWalletBody,
  UploadDocumentBody,
  examplesOf,
} from '../src/index.js';

describe('contract examples', () => {
  it.each(CONTRACT_EXAMPLES.map((example) => [`${example.io} ${example.name}: ${example.summary}`, example] as const))(
    'parses with its schema: %s',
    (_title, example) => {
      const parsed = example.schema.safeParse(example.value);
      expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    },
  );

  it('names each example of a schema once, and summarises it', () => {
    for (const example of CONTRACT_EXAMPLES) {
      const sameName = CONTRACT_EXAMPLES.filter(
        (other) => other.schema === example.schema && other.io === example.io && other.name === example.name,
      );
      expect({ name: example.name, count: sameName.length }).toEqual({ name: example.name, count: 1 });
      expect(example.summary.length).toBeGreaterThan(5);
    }
  });

  it('covers the requests a newcomer sends first', () => {
    for (const schema of [CreateWalletBody, CreateOrderBody, CardTokenBody, UploadDocumentBody]) {
      expect(examplesOf(schema, 'input').length).toBeGreaterThan(0);
    }
    expect(examplesOf(CreateOrderBody, 'input').map((example) => example.name)).toEqual(
      expect.arrayContaining(['onramp-card', 'offramp-bank']),
    );
  });
});
