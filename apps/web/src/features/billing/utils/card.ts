/** Longest card number (PAN) a form accepts, in digits. */
export const CARD_DIGITS_MAX = 19;

/** Only the digits of what was typed. */
function digits(value: string): string {
  return value.replace(/\D/g, '');
}

/** A card number as typed, by groups of 4: "4242424242424242" → "4242 4242 4242 4242". */
export function formatCardNumber(value: string): string {
  return digits(value)
    .slice(0, CARD_DIGITS_MAX)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * An expiry as typed, "MM/AA": "1" → "1", "12" → "12", "1228" → "12/28", "12/2" → "12/2"; a
 * leading digit above 1 is a month on its own ("7" → "07").
 */
export function formatExpiry(value: string): string {
  let d = digits(value);
  if (d.charAt(0) > '1') d = `0${d}`;
  d = d.slice(0, 4);
  if (d.length <= 2) return d;
  return `${d.slice(0, 2)}/${d.slice(2)}`;
}

/** A CVC as typed: 3 or 4 digits. */
export function formatCvc(value: string): string {
  return digits(value).slice(0, 4);
}

/** Whether an expiry reads as MM/AA with a real month. */
export function isExpiryComplete(value: string): boolean {
  return /^(0[1-9]|1[0-2])\/\d{2}$/.test(value);
}
