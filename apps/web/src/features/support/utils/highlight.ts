/**
 * What the FAQ highlights for a search (Mantine `Highlight`): the words of the query, found in a
 * text whatever their case and accents ("echeance" lights up "Échéance"), as the server's French
 * search forgives them.
 */

/** Words too common to be worth lighting up. */
const STOP_WORDS = new Set(
  (
    'les des une est pas que qui quoi dans pour par sur mon mes ton tes son ses nos vos leur leurs ' +
    'aux avec sans sous elle ils elles nous vous mais donc car comment pourquoi quand cette ces'
  ).split(' '),
);

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The words of a search worth highlighting: 3 letters or more, not the most common ones, folded. */
export function searchWords(query: string): string[] {
  const words = fold(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3 && !STOP_WORDS.has(word));
  return [...new Set(words)];
}

/**
 * The pieces of `text` that are one of `words` (folded, from `searchWords`), as they are written in
 * the text — what `Highlight` is given, which then marks them wherever they occur.
 */
export function matchesIn(text: string, words: readonly string[]): string[] {
  if (words.length === 0) return [];
  // The folded text, and for each of its characters the original one it came from.
  let folded = '';
  const origin: { start: number; end: number }[] = [];
  let offset = 0;
  for (const char of text) {
    const piece = fold(char);
    for (let i = 0; i < piece.length; i++) origin.push({ start: offset, end: offset + char.length });
    folded += piece;
    offset += char.length;
  }
  const found = new Set<string>();
  for (const word of words) {
    for (let at = folded.indexOf(word); at >= 0; at = folded.indexOf(word, at + word.length)) {
      found.add(text.slice(origin[at]!.start, origin[at + word.length - 1]!.end));
    }
  }
  return [...found];
}
