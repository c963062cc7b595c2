import type { InputInteraction } from '@paykit/checkout-runs';
import type { BuyerProfile, StrategyContext, StrategyOutcome } from '../strategy/strategy-port.js';
import type { AcpAddress, AcpBuyer } from './acp-types.js';

/** Who pays and where it ships, in the protocol's shapes. */
export interface CheckoutParty {
  readonly buyer: AcpBuyer;
  readonly address: AcpAddress;
}

/** The form fields that can stand in for a missing part of the buyer profile. */
const FIELDS = {
  firstName: { type: 'string', title: 'First name', minLength: 1 },
  lastName: { type: 'string', title: 'Last name', minLength: 1 },
  email: { type: 'string', title: 'Email', format: 'email' },
  addressLine1: { type: 'string', title: 'Address line 1', minLength: 1 },
  addressLine2: { type: 'string', title: 'Address line 2' },
  city: { type: 'string', title: 'City', minLength: 1 },
  region: { type: 'string', title: 'State or region code' },
  postalCode: { type: 'string', title: 'Postal code', minLength: 1 },
  countryCode: { type: 'string', title: 'Country (ISO 3166-1 alpha-2)', pattern: '^[A-Z]{2}$' },
} as const;
type Field = keyof typeof FIELDS;

/** What the profile lacks for a checkout: a name, an email, a full shipping address (a US state). */
export const missingFields = (profile: BuyerProfile | null): Field[] => {
  const missing: Field[] = [];
  if (!profile?.name) missing.push('firstName', 'lastName');
  if (!profile?.contact?.email) missing.push('email');
  const shipping = profile?.shipping;
  if (!shipping) return [...missing, 'addressLine1', 'city', 'region', 'postalCode', 'countryCode'];
  if (!shipping.postalCode) missing.push('postalCode');
  if (shipping.countryCode === 'US' && !shipping.administrativeAreaCode) missing.push('region');
  return missing;
};

const question = (fields: readonly Field[]): { question: string; interaction: InputInteraction } => ({
  question: 'To check out I need a few details for the order and its delivery. Please fill them in.',
  interaction: {
    kind: 'form',
    schema: {
      type: 'object',
      properties: Object.fromEntries(fields.map((field) => [field, FIELDS[field]])),
      required: fields.filter((field) => field !== 'region' && field !== 'addressLine2'),
    },
  },
});

const valueOf = (answer: unknown, field: Field): string | undefined => {
  const value = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

/** The profile completed with the user's answer; fields the profile has are kept. */
const completed = (profile: BuyerProfile | null, answer: unknown): BuyerProfile => {
  const get = (field: Field) => valueOf(answer, field);
  const firstName = get('firstName');
  const lastName = get('lastName');
  const line1 = get('addressLine1');
  const line2 = get('addressLine2');
  const shipping =
    profile?.shipping ??
    (line1 && get('city') && get('countryCode')
      ? {
          addressLines: [line1, ...(line2 ? [line2] : [])],
          locality: get('city') ?? '',
          countryCode: (get('countryCode') ?? '').toUpperCase(),
        }
      : undefined);
  const region = shipping?.administrativeAreaCode ?? get('region');
  const postalCode = shipping?.postalCode ?? get('postalCode');
  const email = profile?.contact?.email ?? get('email');
  return {
    ...profile,
    ...(profile?.name ? {} : firstName && lastName ? { name: { first: firstName, last: lastName } } : {}),
    ...(email ? { contact: { ...profile?.contact, email } } : {}),
    ...(shipping
      ? {
          shipping: {
            ...shipping,
            ...(region ? { administrativeAreaCode: region } : {}),
            ...(postalCode ? { postalCode } : {}),
          },
        }
      : {}),
  };
};

const toParty = (profile: BuyerProfile): CheckoutParty | null => {
  const { name, contact, shipping } = profile;
  if (!name || !contact?.email || !shipping?.postalCode) return null;
  const [lineOne = '', ...rest] = shipping.addressLines;
  return {
    buyer: {
      first_name: name.first,
      last_name: name.last,
      email: contact.email,
      ...(contact.phone ? { phone_number: contact.phone } : {}),
    },
    address: {
      name: `${name.first} ${name.last}`,
      line_one: lineOne,
      ...(rest.length > 0 ? { line_two: rest.join(', ') } : {}),
      city: shipping.locality,
      // Every version requires `state`; it stays empty where the country has none.
      state: shipping.administrativeAreaCode ?? '',
      country: shipping.countryCode,
      postal_code: shipping.postalCode,
    },
  };
};

/** The buyer and address for the checkout, asking the user once for whatever the profile lacks. */
export const checkoutParty = async (context: StrategyContext): Promise<CheckoutParty | StrategyOutcome> => {
  const missing = missingFields(context.buyer);
  let profile = context.buyer;
  if (missing.length > 0) {
    const { question: text, interaction } = question(missing);
    const answer = await context.ask(text, interaction);
    if (answer.action === 'submit') profile = completed(context.buyer, answer.value);
  }
  const party = profile && missingFields(profile).length === 0 ? toParty(profile) : null;
  return (
    party ?? {
      kind: 'blocked',
      code: 'merchant.no_safe_path',
      summary:
        'The buyer details needed to check out (name, email, shipping address) were not provided; nothing was bought.',
    }
  );
};
