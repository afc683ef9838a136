/** A rate out of 10 in French: 4.5 → "4,5", 7 → "7". */
export function formatRate(value: number): string {
  return value.toLocaleString('fr-FR', { maximumFractionDigits: 1 });
}
