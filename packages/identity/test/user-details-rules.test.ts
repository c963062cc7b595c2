import * as E from 'fp-ts/lib/Either.js';
import { checkDateOfBirth, dataItemsOfSection, identityPartOf, type UserDetails } from '../src/index.js';

const person = { firstName: 'Ana', lastName: 'Lima', dateOfBirth: '1990-04-02' };
const address = { line1: '1 Main St', city: 'Lisbon', postalCode: '1000-001', country: 'PT' };

describe('the data items a details section holds', () => {
  it.each<[string, 'userDetails' | 'kycData', UserDetails, string[]]>([
    ['a person', 'userDetails', { userDetails: person }, ['name', 'dateOfBirth']],
    [
      'a person with a country',
      'userDetails',
      { userDetails: { ...person, countryOfResidence: 'PT' } },
      ['name', 'dateOfBirth', 'countryOfResidence'],
    ],
    [
      'every contact',
      'kycData',
      { kycData: { email: 'ana@example.com', phoneNumber: '+351210000000', address } },
      ['address', 'email', 'phoneNumber'],
    ],
    ['an address only', 'kycData', { kycData: { address } }, ['address']],
    ['an email only', 'kycData', { kycData: { email: 'ana@example.com' } }, ['email']],
    ['a phone only', 'kycData', { kycData: { phoneNumber: '+351210000000' } }, ['phoneNumber']],
    ['the contacts, asked for the person', 'userDetails', { kycData: { email: 'ana@example.com', address } }, []],
    ['the person, asked for the contacts', 'kycData', { userDetails: { ...person, countryOfResidence: 'PT' } }, []],
  ])('%s', (_, section, details, items) => {
    expect(dataItemsOfSection(section, details)).toEqual(items);
  });
});

describe('a date of birth', () => {
  const refusal = (message: string, code = 'invalid_request') =>
    E.left({
      kind: 'invalid',
      code,
      message: `userDetails.dateOfBirth: ${message}`,
      parameters: { issues: [{ path: 'userDetails.dateOfBirth', message }] },
    });

  it('of today is an underage user, not a future date', () => {
    expect(checkDateOfBirth('2026-06-01', '2026-06-01')).toEqual(
      refusal('the user must be at least 18 years old', 'user_underage'),
    );
  });

  it('of tomorrow is in the future', () => {
    expect(checkDateOfBirth('2026-06-02', '2026-06-01')).toEqual(refusal('must not be in the future'));
  });

  it('of a user of 120 is taken, up to the eve of their 121st birthday; of 121 is not', () => {
    expect(checkDateOfBirth('1906-06-01', '2026-06-01')).toEqual(E.right('1906-06-01'));
    expect(checkDateOfBirth('1905-06-02', '2026-06-01')).toEqual(E.right('1905-06-02'));
    expect(checkDateOfBirth('1905-06-01', '2026-06-01')).toEqual(refusal('must be within the last 120 years'));
  });
});

describe('what an identity check verifies about a person', () => {
  it('is their names and date of birth, not where they live', () => {
    expect(identityPartOf({ ...person, countryOfResidence: 'PT' })).toBe(identityPartOf(person));
  });
  it.each([
    ['another first name', { ...person, firstName: 'Ada' }],
    ['another last name', { ...person, lastName: 'Lemos' }],
    ['another date of birth', { ...person, dateOfBirth: '1990-04-03' }],
    ['a word moved from the last name to the first', { ...person, firstName: 'Ana Lima', lastName: '' }],
  ])('changes with %s', (_, changed) => {
    expect(identityPartOf(changed)).not.toBe(identityPartOf(person));
  });
});
