import type { Page } from 'playwright-core';
import { firstVisible } from './controls.js';

export type Wall = 'human_verification' | 'access_blocked';

const CAPTCHA_WIDGETS = [
  '.g-recaptcha',
  '.h-captcha',
  '.cf-turnstile',
  'iframe[src*="recaptcha"]',
  'iframe[src*="hcaptcha"]',
  'iframe[src*="challenges.cloudflare.com"]',
  '[data-challenge="human-verification"]',
  '[data-testid=captcha]',
];
const CAPTCHA_WORDS =
  /\b(verify (that )?you are (a )?human|are you a robot|i'?m not a robot|captcha|security check|human verification)\b/i;
const BLOCKED_WORDS = /\b(access denied|access blocked|request (was )?blocked|you have been blocked|forbidden)\b/i;

/**
 * A page that stops an automated shopper: a human-verification challenge (captcha widgets, or
 * the words of one in the title or main heading), or the merchant refusing access (HTTP 403,
 * or an "Access denied" page).
 */
export const wallOf = async (page: Page, documentStatus: number | null): Promise<Wall | null> => {
  const heading = await firstVisible([page.locator('h1')]);
  const title = `${await page.title()} ${heading ? await heading.innerText() : ''}`;
  if (CAPTCHA_WORDS.test(title) || (await firstVisible(CAPTCHA_WIDGETS.map((selector) => page.locator(selector)))))
    return 'human_verification';
  if (documentStatus === 403 || BLOCKED_WORDS.test(title)) return 'access_blocked';
  return null;
};
