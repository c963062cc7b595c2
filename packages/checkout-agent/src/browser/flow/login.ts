import type { StrategyOutcome } from '../../strategy/strategy-port.js';
import { control, firstVisible, isLoggedIn } from '../page/controls.js';
import { type BrowserDriver, blocked } from './driver.js';

/** Reads a protected answer (a password) once; null when it is gone. */
export type SecretReader = (secretRef: string) => Promise<string | null>;

const LOG_IN = /\b(log ?in|sign ?in)\b/i;
const EMAIL = /[^\s@<>(),;:"']+@[^\s@<>(),;:"']+\.[a-z]{2,}/i;

/** The account the task asks to shop with ("log in as sam@example.com"), or null. */
export const accountInTask = (task: string | undefined): string | null => {
  if (!task || !/\b(log ?in|sign ?in|my account|account)\b/i.test(task)) return null;
  return EMAIL.exec(task)?.[0]?.replace(/[.]+$/, '') ?? null;
};

/**
 * Logs in to the shop with the account the task names, unless the page already shows it logged
 * in (a saved browser profile). The password is asked of the user as a protected question:
 * it reaches the page's password field and nothing else (no event, message, log or screenshot).
 */
export const logIn = async (
  driver: BrowserDriver,
  email: string,
  secrets: SecretReader | null,
): Promise<StrategyOutcome | null> => {
  const { page, context } = driver;
  if (await isLoggedIn(page)) return null;
  const origin = new URL(page.url()).origin;
  const cannot = (why: string) =>
    blocked('merchant.no_safe_path', `Could not log in to ${origin} as ${email}: ${why}; nothing was bought.`);
  if (!secrets) return cannot('this runner cannot receive passwords');
  const link = await control(page, LOG_IN);
  if (!link) return cannot('the shop shows no way to log in');
  await driver.step('Open the login page');
  await driver.press(link);
  const emailField = await firstVisible([
    page.locator('input[autocomplete=username], input[type=email], input[name=email]'),
  ]);
  const passwordField = await firstVisible([page.locator('input[type=password]')]);
  const submit = passwordField
    ? await firstVisible([
        passwordField.locator('xpath=ancestor::form[1]').locator('button[type=submit], input[type=submit]'),
      ])
    : null;
  if (!emailField || !passwordField || !submit) return cannot('the login form was not recognised');
  const answer = await context.ask(`Please enter the password of your account ${email} at ${origin} so I can log in.`, {
    kind: 'protected',
    format: 'password',
  });
  if (answer.action !== 'submit' || !answer.secretRef) return cannot('no password was given');
  const password = await secrets(answer.secretRef);
  if (!password) return cannot('the password could not be read');
  await emailField.fill(email);
  await passwordField.fill(password);
  await driver.step(`Log in as ${email}`);
  await driver.press(submit);
  return (await isLoggedIn(page)) ? null : cannot('the shop did not accept the login');
};
