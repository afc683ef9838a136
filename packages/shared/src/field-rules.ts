/*
 * The limits and the character rule of the request fields (spec §5, §9), without Zod: the field
 * builders (schemas/fields.ts) are made of them, and so is the web's reading of its addresses
 * (apps/web/src/lib/url-fields.ts), which must not download Zod. Exported through schemas/fields.ts.
 */

export const limits = {
  emailMaxLength: 254,
  emailLocalPartMaxLength: 64,
  /** URLs must be shorter than this (spec §9: "URL under 2083"). */
  urlMaxLengthExclusive: 2083,
  linkMaxLength: 4096,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  nameMinLength: 2,
  nameMaxLength: 50,
  descriptionMaxLength: 2500,
  /** The long texts the spec gives no maximum (an offer's or a mission's description, a bio). */
  longTextMaxLength: 10_000,
  shortTextMaxLength: 255,
  searchQueryMaxLength: 100,
  /** Lists of references a user picks (work sectors, skills). */
  pickedItemsMax: 50,
  /** Links a profile shows (social networks). */
  linksMax: 10,
  /** Date strings: 'YYYY-MM-DD' up to a full ISO date-time with nanoseconds and an offset. */
  dateMaxLength: 40,
} as const;

/**
 * The largest value of a PostgreSQL `integer` column (32-bit signed). Every id is such a column,
 * and so are the counters (durations, page numbers): a larger number cannot be stored or matched.
 */
export const MAX_INT = 2_147_483_647;

/** A UTF-16 code unit of a surrogate pair standing alone (the `u` flag keeps real pairs whole). */
const loneSurrogate = /\p{Cs}/u;

/**
 * True when PostgreSQL can store the string as `text`: it refuses the NUL character, and a lone
 * UTF-16 surrogate (half of a pair, e.g. "\ude00") has no UTF-8 encoding.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !loneSurrogate.test(value);
}

/** Checkbox values read as "checked" (spec §5). */
export const acceptedCheckboxValues = ['on', '1', 'yes', 'true'] as const;
/** Checkbox values read as "unchecked". */
export const rejectedCheckboxValues = ['off', '0', 'no', 'false'] as const;
