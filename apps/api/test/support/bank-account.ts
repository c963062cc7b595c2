/** A US checking account at the sandbox's test routing number (docs/testing.md), as `bankAccount` of a payment method. */
export const usBankAccount = (holder = 'Bo Payer', accountNumber = '000987654321') => ({
  accountNumber,
  routingNumber: '110000000',
  accountType: 'checking',
  bankName: 'Test Bank',
  currency: 'usd',
  country: 'US',
  entityType: 'individual',
  billing: {
    name: holder,
    address: { line1: '1 Main St', city: 'Springfield', postalCode: '62701', country: 'US' },
  },
});

/** The body of `POST /unstable/payment-methods` saving that account for a user. */
export const bankAccountMethod = (userLocator: string, accountNumber?: string, holder?: string) => ({
  type: 'bank-account-us',
  userLocator,
  bankAccount: usBankAccount(holder, accountNumber),
});
