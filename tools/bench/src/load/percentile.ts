/** The value below which `fraction` of the samples lie (nearest rank). */
export const percentile = (samples: readonly number[], fraction: number): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
};
