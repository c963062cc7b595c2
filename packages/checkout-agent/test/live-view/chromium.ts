import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * A describe that needs Chromium: skipped, with the reason in its title, where it is not
 * installed, except on CI (CI=true), where a missing Chromium fails the suite.
 */
export const describeWithChromium = (title: string, body: () => void): void => {
  if (existsSync(CHROMIUM_PATH)) return describe(title, body);
  if (process.env.CI === 'true')
    throw new Error(`Chromium not found at ${CHROMIUM_PATH} (CI=true: browser tests must run)`);
  describe.skip(`${title} [skipped: Chromium not found at ${CHROMIUM_PATH}]`, body);
};

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
