import { eligibilityOf, missingBeforeVerification, type DocumentOnRecord } from '../src/index.js';

// What each kind of order asks of a user before the identity check can decide it: buying
// needs who the person is (name, date of birth, address, email, a proof of identity and a
// selfie); cashing out also needs a phone number and a proof of address.

const TODAY = '2026-06-01';
const valid = (documentType: DocumentOnRecord['documentType'], expiresAt = '2030-01-01'): DocumentOnRecord => ({
  documentType,
  expiresAt,
});
const everything = {
  dataItems: ['name', 'dateOfBirth', 'address', 'email', 'phoneNumber'] as const,
  documents: [valid('id-passport'), valid('selfie-front'), valid('proof-of-address')],
};

describe('eligibility names exactly what is missing', () => {
  it('an approved user with everything is verified for both', () => {
    expect(
      eligibilityOf({ ...everything, dataItems: [...everything.dataItems], verification: 'approved', today: TODAY }),
    ).toEqual([
      { type: 'onramp', status: 'verified' },
      { type: 'offramp', status: 'verified' },
    ]);
  });

  it('cashing out asks for the phone number and the proof of address that buying does not', () => {
    expect(
      eligibilityOf({
        dataItems: ['name', 'dateOfBirth', 'address', 'email'],
        documents: [valid('id-passport'), valid('selfie-front')],
        verification: 'approved',
        today: TODAY,
      }),
    ).toEqual([
      { type: 'onramp', status: 'verified' },
      {
        type: 'offramp',
        status: 'requires-data',
        missingData: ['phoneNumber'],
        missingDocuments: ['proof-of-address'],
      },
    ]);
  });

  it('missing data alone lists no documents, and missing documents alone list no data', () => {
    expect(
      eligibilityOf({
        ...everything,
        dataItems: ['name', 'dateOfBirth', 'email', 'phoneNumber'],
        verification: 'approved',
        today: TODAY,
      })[0],
    ).toEqual({ type: 'onramp', status: 'requires-data', missingData: ['address'] });
    expect(
      eligibilityOf({
        dataItems: [...everything.dataItems],
        documents: [valid('id-passport'), valid('proof-of-address')],
        verification: 'approved',
        today: TODAY,
      })[0],
    ).toEqual({ type: 'onramp', status: 'requires-data', missingDocuments: ['selfie-front'] });
  });

  it('one side of an identity card asks for the other side, not a passport', () => {
    const without = (side: 'id-idcard-front' | 'id-idcard-back') =>
      eligibilityOf({
        dataItems: [...everything.dataItems],
        documents: [valid(side), valid('selfie-front'), valid('proof-of-address')],
        verification: 'approved',
        today: TODAY,
      })[0];
    expect(without('id-idcard-front')).toEqual({
      type: 'onramp',
      status: 'requires-data',
      missingDocuments: ['id-idcard-back'],
    });
    expect(without('id-idcard-back')).toEqual({
      type: 'onramp',
      status: 'requires-data',
      missingDocuments: ['id-idcard-front'],
    });
  });

  it('a document expiring today still counts', () => {
    expect(
      eligibilityOf({
        dataItems: [...everything.dataItems],
        documents: [valid('id-passport', TODAY), valid('selfie-front', TODAY), valid('proof-of-address', TODAY)],
        verification: 'approved',
        today: TODAY,
      }),
    ).toEqual([
      { type: 'onramp', status: 'verified' },
      { type: 'offramp', status: 'verified' },
    ]);
  });

  it('a rejection is final, whatever is missing', () => {
    expect(eligibilityOf({ dataItems: [], documents: [], verification: 'declined', today: TODAY })).toEqual([
      { type: 'onramp', status: 'rejected' },
      { type: 'offramp', status: 'rejected' },
    ]);
  });

  it("before a check, what must be on record is buying's list", () => {
    expect(missingBeforeVerification({ dataItems: ['name'], documents: [], today: TODAY })).toEqual({
      data: ['dateOfBirth', 'address', 'email'],
      documents: ['id-passport', 'selfie-front'],
    });
  });
});
