import type { DestinationStream } from 'pino';

/** A pino destination that keeps each JSON log line, parsed. */
export const captureLogs = (): {
  destination: DestinationStream;
  lines: Record<string, unknown>[];
  text: () => string;
} => {
  const raw: string[] = [];
  const lines: Record<string, unknown>[] = [];
  return {
    destination: {
      write(line: string) {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
    lines,
    text: () => raw.join(''),
  };
};
