/** Reading Stripe's JSON without trusting its shape: a field that is not what we read is undefined. */
export type Json = Record<string, unknown>;

export const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const field = (value: unknown, name: string): unknown => (isJson(value) ? value[name] : undefined);

export const text = (value: unknown, name: string): string | undefined => {
  const found = field(value, name);
  return typeof found === 'string' ? found : undefined;
};

export const integer = (value: unknown, name: string): number | undefined => {
  const found = field(value, name);
  return Number.isInteger(found) ? (found as number) : undefined;
};

export const texts = (value: unknown): Readonly<Record<string, string>> =>
  isJson(value)
    ? Object.fromEntries(
        Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
    : {};
