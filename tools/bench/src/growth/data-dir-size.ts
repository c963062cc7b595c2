import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';

export interface FileSize {
  /** Relative to the data directory. */
  readonly path: string;
  readonly bytes: number;
}

/** Every file under `dir` with its size (files vanishing meanwhile, such as a WAL being checkpointed, are skipped). */
export const filesUnder = async (dir: string, root = dir): Promise<FileSize[]> => {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const sizes = await Promise.all(
    entries.map(async (entry): Promise<FileSize[]> => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(path, root);
      const stats = await stat(path).catch(() => null);
      return stats ? [{ path: relative(root, path), bytes: stats.size }] : [];
    }),
  );
  return sizes.flat();
};

export const totalBytes = (files: readonly FileSize[]): number => files.reduce((sum, file) => sum + file.bytes, 0);

export const mib = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);
