/**
 * What the tour prints: a numbered step per story, then indented lines for what happened. Plain
 * text (no colour, no cursor moves), so a log file or CI output reads the same as a terminal.
 */
export interface Report {
  story(title: string): void;
  step(text: string): void;
  note(text: string): void;
  skipped(reason: string): void;
}

export const textReport = (write: (text: string) => void): Report => {
  let stories = 0;
  return {
    story: (title) => write(`\n${++stories}. ${title}\n`),
    step: (text) => write(`   - ${text}\n`),
    note: (text) => write(`     ${text}\n`),
    skipped: (reason) => write(`   ! skipped: ${reason}\n`),
  };
};

/** For callers that want nothing printed (the CLI's trigger, tests that read the results). */
export const silentReport: Report = { story: () => {}, step: () => {}, note: () => {}, skipped: () => {} };
