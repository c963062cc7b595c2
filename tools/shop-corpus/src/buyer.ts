import type { CorpusScenario } from './scenarios.js';

/**
 * The buyer every corpus run shops for: the buyer profile's fields (the API's shape) and the
 * answers a user gives when a run asks for details (the question form's field names).
 */
export const CORPUS_BUYER = {
  name: { first: 'Sam', last: 'Rivera' },
  contact: { email: 'sam.rivera@example.com', phone: '+14155550123' },
  shipping: {
    addressLines: ['500 Howard St', 'Apt 4'],
    locality: 'San Francisco',
    administrativeAreaCode: 'CA',
    postalCode: '94105',
    countryCode: 'US',
  },
} as const;

/** The buyer profile of a scenario's run: `CORPUS_BUYER`, with the region as the scenario's profile holds it. */
export const buyerProfileFor = (scenario: Pick<CorpusScenario, 'buyerRegion'>) =>
  scenario.buyerRegion === undefined
    ? CORPUS_BUYER
    : { ...CORPUS_BUYER, shipping: { ...CORPUS_BUYER.shipping, administrativeAreaCode: scenario.buyerRegion } };

/** The answer to a form question: each asked field that the buyer has a value for. */
export const answerFor = (fields: readonly string[]): Record<string, string> => {
  const { name, contact, shipping } = CORPUS_BUYER;
  const values: Record<string, string> = {
    firstName: name.first,
    lastName: name.last,
    fullName: `${name.first} ${name.last}`,
    email: contact.email,
    phone: contact.phone,
    addressLine1: shipping.addressLines[0],
    addressLine2: shipping.addressLines[1],
    city: shipping.locality,
    region: shipping.administrativeAreaCode,
    postalCode: shipping.postalCode,
    countryCode: shipping.countryCode,
  };
  return Object.fromEntries(fields.flatMap((field) => (values[field] === undefined ? [] : [[field, values[field]]])));
};
