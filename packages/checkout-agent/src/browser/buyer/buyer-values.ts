import type { InputInteraction } from '@paykit/checkout-runs';
import type { BuyerProfile, StrategyContext } from '../../strategy/strategy-port.js';
import type { FieldMeaning } from '../page/field-meaning.js';

/** The buyer's details a checkout form may need, by the names the question form uses. */
export type BuyerField =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'addressLine1'
  | 'addressLine2'
  | 'city'
  | 'region'
  | 'postalCode'
  | 'countryCode';

const TITLES: Readonly<
  Record<BuyerField, { readonly title: string; readonly format?: string; readonly pattern?: string }>
> = {
  firstName: { title: 'First name' },
  lastName: { title: 'Last name' },
  email: { title: 'Email', format: 'email' },
  phone: { title: 'Phone' },
  addressLine1: { title: 'Address line 1' },
  addressLine2: { title: 'Address line 2' },
  city: { title: 'City' },
  region: { title: 'State or region code' },
  postalCode: { title: 'Postal code' },
  countryCode: { title: 'Country (ISO 3166-1 alpha-2)', pattern: '^[A-Z]{2}$' },
};

/** Which buyer details fill a field of each meaning. */
const NEEDS: Partial<Record<FieldMeaning, readonly BuyerField[]>> = {
  fullName: ['firstName', 'lastName'],
  givenName: ['firstName'],
  familyName: ['lastName'],
  email: ['email'],
  phone: ['phone'],
  phoneCountryCode: ['phone'],
  line1: ['addressLine1'],
  line2: ['addressLine2'],
  city: ['city'],
  region: ['region'],
  postalCode: ['postalCode'],
  country: ['countryCode'],
};

/** Meanings whose fields a checkout cannot do without, even where the form does not mark them required. */
const ESSENTIAL: ReadonlySet<FieldMeaning> = new Set([
  'fullName',
  'givenName',
  'familyName',
  'email',
  'line1',
  'city',
  'postalCode',
]);

export const isBuyerMeaning = (meaning: FieldMeaning): boolean => NEEDS[meaning] !== undefined;

/**
 * What the run knows about its buyer: the buyer profile, completed by the user's answers as
 * forms turn out to need more. Questions are asked only for values a form on the page needs.
 */
export class BuyerValues {
  private readonly values: Partial<Record<BuyerField, string>>;

  constructor(profile: BuyerProfile | null) {
    const [line1, ...rest] = profile?.shipping?.addressLines ?? [];
    this.values = strip({
      firstName: profile?.name?.first,
      lastName: profile?.name?.last,
      email: profile?.contact?.email,
      phone: profile?.contact?.phone,
      addressLine1: line1,
      addressLine2: rest.length > 0 ? rest.join(', ') : undefined,
      city: profile?.shipping?.locality,
      region: profile?.shipping?.administrativeAreaCode,
      postalCode: profile?.shipping?.postalCode,
      countryCode: profile?.shipping?.countryCode,
    });
  }

  get(field: BuyerField): string | undefined {
    return this.values[field];
  }

  /** The text for a field of this meaning, or undefined when the run does not have it. */
  valueFor(meaning: FieldMeaning, options: { readonly allLines?: boolean } = {}): string | undefined {
    const v = this.values;
    switch (meaning) {
      case 'fullName':
        return v.firstName && v.lastName ? `${v.firstName} ${v.lastName}` : undefined;
      case 'line1':
        return options.allLines && v.addressLine1 && v.addressLine2
          ? `${v.addressLine1}, ${v.addressLine2}`
          : v.addressLine1;
      default: {
        const [field] = NEEDS[meaning] ?? [];
        return field ? v[field] : undefined;
      }
    }
  }

  /** The buyer details a field needs that the run does not have; none for a field that may stay empty. */
  missingFor(meaning: FieldMeaning, field: { readonly required: boolean; readonly optional: boolean }): BuyerField[] {
    const needed = field.required || (!field.optional && ESSENTIAL.has(meaning));
    return needed ? (NEEDS[meaning] ?? []).filter((name) => this.values[name] === undefined) : [];
  }

  /** The user's answer for a field the shop asks beyond the buyer's details ("Delivery day"), by its key. */
  other(key: string): string | undefined {
    return this.others.get(key);
  }

  /**
   * Asks the user once for the buyer details `fields` and the shop's own required fields
   * `others` (a select's options offered as the choices); true when every one was given.
   */
  async ask(
    context: StrategyContext,
    fields: readonly BuyerField[],
    where: string,
    others: readonly OtherField[] = [],
  ): Promise<boolean> {
    const interaction: InputInteraction = {
      kind: 'form',
      schema: {
        type: 'object',
        properties: Object.fromEntries([
          ...fields.map((field) => [field, { type: 'string', minLength: 1, ...TITLES[field] }]),
          ...others.map((other) => [
            other.key,
            {
              type: 'string',
              minLength: 1,
              title: other.title,
              ...(other.choices.length > 0 ? { enum: [...other.choices] } : {}),
            },
          ]),
        ]),
        required: [...fields.filter((field) => field !== 'addressLine2'), ...others.map((other) => other.key)],
      },
    };
    const answer = await context.ask(
      `The checkout form at ${where} needs a few details I do not have. Please fill them in.`,
      interaction,
    );
    if (answer.action !== 'submit' || typeof answer.value !== 'object' || answer.value === null) return false;
    const given = answer.value as Record<string, unknown>;
    const text = (key: string) =>
      typeof given[key] === 'string' && (given[key] as string).trim() !== ''
        ? (given[key] as string).trim()
        : undefined;
    for (const field of fields) {
      const value = text(field);
      if (value !== undefined) this.values[field] = field === 'countryCode' ? value.toUpperCase() : value;
    }
    for (const other of others) {
      const value = text(other.key);
      if (value !== undefined && (other.choices.length === 0 || other.choices.includes(value)))
        this.others.set(other.key, value);
    }
    return (
      fields.every((field) => this.values[field] !== undefined) && others.every((other) => this.others.has(other.key))
    );
  }

  private readonly others = new Map<string, string>();
}

/** A field the shop requires that is not a buyer detail: asked of the user by its label, with its options when it is a select. */
export interface OtherField {
  readonly key: string;
  readonly title: string;
  readonly choices: readonly string[];
}

const strip = <T extends object>(record: T): Partial<T> =>
  Object.fromEntries(
    Object.entries(record).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
  ) as Partial<T>;
