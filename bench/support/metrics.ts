/**
 * What a benchmark run measured: one entry per metric of issue 6, printed as a table and
 * written to bench/results.json.
 */

export type Better = 'lower' | 'higher';

export interface Metric {
  value: number;
  unit: string;
  /** The target of issue 6; null for metrics that are only reported. */
  target: number | null;
  better: Better;
  /** How it was measured or why it misses (printed under the table, kept in results.json). */
  note?: string;
}

export type Metrics = Record<string, Metric>;

export const passes = (metric: Metric): boolean | null =>
  metric.target === null
    ? null
    : metric.better === 'lower'
      ? metric.value <= metric.target
      : metric.value >= metric.target;

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The table of issue 6: metric, value, target, pass/fail. */
export function formatTable(metrics: Metrics): string {
  const rows = Object.entries(metrics).map(([name, metric]) => {
    const ok = passes(metric);
    const target =
      metric.target === null
        ? 'report'
        : `${metric.better === 'lower' ? '≤' : '≥'} ${metric.target}`;
    return [
      name,
      `${metric.value} ${metric.unit}`,
      target,
      ok === null ? '—' : ok ? 'pass' : 'FAIL',
    ];
  });
  const header = ['metric', 'value', 'target', 'result'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}
