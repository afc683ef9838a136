/**
 * The time the billing rules read (grace periods, renewals, proration). Production reads the
 * system clock; a test moves it (`setClock`) instead of waiting seven days, and puts it back.
 */
let current: () => Date = () => new Date();

export const now = (): Date => current();

/** Tests: read time from `fn` (null: the system clock again). */
export function setClock(fn: (() => Date) | null): void {
  current = fn ?? (() => new Date());
}
