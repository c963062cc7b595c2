import { z } from 'zod';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const isRealDay = (text: string): boolean => {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** `YYYY-MM-DD` naming a day that exists: 2024-02-29 is one, 2026-02-30 is not. */
export const calendarDate = () =>
  z
    .string()
    .regex(DATE, { message: 'must be a date in the form YYYY-MM-DD', abort: true })
    .refine(isRealDay, { message: 'must be a real calendar date' })
    .meta({ format: 'date', example: '2030-12-31' });
