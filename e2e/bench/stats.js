// Small statistics and formatting shared by the browser benchmarks.

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, rank)];
}

export function median(values) {
  return percentile(values, 50);
}

export const fmt = (ms) => `${ms.toFixed(1)} ms`;
