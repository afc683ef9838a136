/*
 * Which heading of the table of contents the reader is in. The page asks again whenever a heading
 * crosses the reading line (an IntersectionObserver, components/use-active-heading.ts); this file
 * holds the choice, without the DOM.
 */

export interface HeadingPosition {
  id: string;
  /** Distance from the top of the window to the heading's top, in px (negative once scrolled past). */
  top: number;
}

/**
 * The heading the reader is in: the last one (in document order) whose top has reached the reading
 * line `offset` px under the top of the window (the sticky header's height and a margin); the
 * first heading while none has (the reader is in the introduction); null without headings.
 */
export function activeHeadingId(headings: readonly HeadingPosition[], offset: number): string | null {
  let active: string | null = headings[0]?.id ?? null;
  for (const heading of headings) {
    // One pixel of slack: a click on the table of contents scrolls the heading to the line exactly.
    if (heading.top - 1 <= offset) active = heading.id;
    else break;
  }
  return active;
}
