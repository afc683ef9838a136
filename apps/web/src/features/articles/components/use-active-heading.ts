import { useEffect, useState } from 'react';
import { activeHeadingId } from '../utils/toc';

/** The reading line: the sticky header (64 px) and a margin. */
export const READING_LINE = 96;

/**
 * The id of the heading the reader is in (utils/toc.ts), followed with an IntersectionObserver:
 * the choice is made again each time a heading crosses the reading line — no work on every
 * scroll event. `ids` in document order; `setActive` lets a click on the contents answer at once.
 */
export function useActiveHeading(ids: readonly string[]) {
  const [active, setActive] = useState<string | null>(ids[0] ?? null);
  const key = ids.join('\n');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the ids
  useEffect(() => {
    const elements = ids
      .map((id) => document.getElementById(id))
      .filter((element): element is HTMLElement => element !== null);
    if (elements.length === 0) {
      setActive(null);
      return;
    }
    const choose = () =>
      setActive(
        activeHeadingId(
          elements.map((element) => ({ id: element.id, top: element.getBoundingClientRect().top })),
          READING_LINE,
        ),
      );
    choose();
    if (typeof IntersectionObserver === 'undefined') return;
    // The root's top edge is the reading line: a heading crossing it (either way) is reported.
    const observer = new IntersectionObserver(choose, {
      rootMargin: `-${READING_LINE}px 0px 0px 0px`,
      threshold: [0, 1],
    });
    for (const element of elements) observer.observe(element);
    return () => observer.disconnect();
  }, [key]);

  return [active, setActive] as const;
}
