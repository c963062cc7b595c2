import { z } from 'zod';

const text = (max: number) => z.string().trim().min(1, 'This field is required.').max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

export const checkoutFormSchema = z
  .object({
    name: text(256),
    email: z.string().trim().pipe(z.email('Enter a valid email address.')),
    phone: optionalText(32),
    address1: text(60),
    address2: optionalText(60),
    city: text(60),
    state: optionalText(60),
    postal_code: text(20),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Choose a country.'),
  })
  .superRefine((form, context) => {
    if (form.country === 'US' && !form.state)
      context.addIssue({ code: 'custom', path: ['state'], message: 'This field is required.' });
  });
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

export const addToCartSchema = z.object({
  product: text(128),
  sku: z.string().trim().optional(),
  quantity: z.coerce.number().int().min(1).max(10).catch(1),
});

export const paymentFormSchema = z.object({
  card_name: text(256),
  card_number: text(32),
  card_expiry: text(7),
  card_cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code.'),
});

export const loginFormSchema = z.object({
  email: z.string().trim(),
  password: z.string(),
  next: z.string().optional(),
});

/** Field name -> first message, for showing errors next to the inputs. */
export type FieldErrors = Readonly<Record<string, string>>;

export const fieldErrors = (error: z.ZodError): FieldErrors => {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
};

/** A relative same-site path to return to after login; anything else goes home. */
export const safeNextPath = (next: string | undefined): string => (next && /^\/(?!\/)/.test(next) ? next : '/');
