import { Button, Group, Loader } from '@mantine/core';
import { useEffect, useRef } from 'react';

/**
 * The end of an infinite list: the next page loads when this line scrolls into view
 * (IntersectionObserver), or on "Charger plus" (keyboard, or a browser without the observer).
 */
export function LoadMore({
  hasMore,
  loading,
  onLoad,
  label = 'Charger plus',
}: {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
  label?: string;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoad);
  load.current = onLoad;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
    // Observed anew after each page: a line still in view then asks for the next one.
  }, [hasMore, loading]);

  if (!hasMore) return null;
  return (
    <Group justify="center" ref={sentinel} data-testid="load-more">
      {loading ? (
        <Loader size="sm" aria-label="Chargement de la suite" />
      ) : (
        <Button variant="default" onClick={onLoad}>
          {label}
        </Button>
      )}
    </Group>
  );
}
