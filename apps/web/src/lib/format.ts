/** A rate out of 10 in French: 4.5 → "4,5", 7 → "7". */
export function formatRate(value: number): string {
  return value.toLocaleString('fr-FR', { maximumFractionDigits: 1 });
}

/**
 * An unread count that agrees with its noun: "1 non lu", "3 non lus", "aucun non lu"; `feminine` for
 * a feminine noun (notifications): "1 non lue", "2 non lues", "aucune non lue".
 */
export function unreadText(count: number, { feminine = false } = {}): string {
  const e = feminine ? 'e' : '';
  if (count === 0) return `aucun${e} non lu${e}`;
  return `${count.toLocaleString('fr-FR')} non lu${e}${count > 1 ? 's' : ''}`;
}
