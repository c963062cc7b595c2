import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const makeTempDir = (label: string): Promise<string> => mkdtemp(join(tmpdir(), `paykit-${label}-`));

export const removeDir = (dir: string): Promise<void> => rm(dir, { recursive: true, force: true });
