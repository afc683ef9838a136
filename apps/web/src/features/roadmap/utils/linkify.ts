/**
 * An idea's description is plain text (issue 22 §2): shown with its line breaks, its web addresses
 * as links, nothing else interpreted. This splits a text into what to show as text and as a link.
 */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** `http(s)://…` up to a space; punctuation that ends a sentence stays out of the link. */
const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;
const TRAILING = /[.,;:!?»)\]'’]+$/;

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const raw = match[0];
    const href = raw.replace(TRAILING, '');
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: href, href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
