/** Medians, number formatting and the plain-text tables the bench prints. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
}

/** 48260.4 → "48,260"; NaN → "n/a" */
export function int(value: number | null): string {
  return value === null || !Number.isFinite(value) ? 'n/a' : Math.round(value).toLocaleString('en-US');
}

export function ratio(value: number): string {
  return Number.isFinite(value) ? value.toFixed(3) : 'n/a';
}

/** A multi-line message on one line, cut at `max` characters. */
export function oneLine(text: string, max = 120): string {
  const flat = text.replace(/\s*\n\s*/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function mb(value: number | null): string {
  return value === null ? 'n/a' : `${Math.round(value)} MB`;
}

/** Columns padded to their widest cell; numbers (cells starting with a digit) aligned right. */
export function table(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  indent = '  ',
): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    indent +
    cells
      .map((cell, i) =>
        /^[\d≤≥<>.,]/.test(cell) && i > 0 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!),
      )
      .join('  ')
      .trimEnd();
  return [line(header), indent + widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** One line of the per-database summary. */
export interface SummaryRow {
  scenario: string;
  figure: string;
  value: string;
  /** e.g. "≥ 0.30"; absent for figures without a target */
  target?: string;
  met?: boolean;
}

export function summaryTable(rows: readonly SummaryRow[]): string {
  return table(
    ['scenario', 'figure', 'value', 'target', 'met'],
    rows.map((r) => [
      r.scenario,
      r.figure,
      r.value,
      r.target ?? '',
      r.met === undefined ? '' : r.met ? 'yes' : 'NO',
    ]),
  );
}

/** The largest known value (null when none is known): a peak RSS over runs. */
export function peak(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length > 0 ? Math.max(...known) : null;
}

/**
 * The targets in the order of one round: each round starts one target later, so that no target is
 * always measured first (or right after the same one) on a machine that drifts.
 */
export function rotated<T>(targets: readonly T[], round: number): T[] {
  return targets.map((_, i) => targets[(i + round) % targets.length]!);
}
