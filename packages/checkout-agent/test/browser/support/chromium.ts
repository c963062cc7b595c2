import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * `describe` for tests that need Chromium: skipped visibly when it is not installed, except on
 * CI (CI=true), where a missing Chromium must fail the suite rather than hide it.
 */
export const describeWithChromium = (title: string, body: () => void): void => {
  if (existsSync(CHROMIUM_PATH) || process.env.CI === 'true') describe(title, body);
  else describe.skip(`${title} (Chromium not found at ${CHROMIUM_PATH})`, body);
};
