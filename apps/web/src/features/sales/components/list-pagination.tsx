import { Group, Pagination } from '@mantine/core';

/** Mantine's pagination with French names on every control; nothing for a single page. */
export function ListPagination({
  page,
  lastPage,
  onChange,
}: {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
}) {
  if (lastPage <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={lastPage}
        value={Math.min(page, lastPage)}
        onChange={onChange}
        getControlProps={(control) => ({
          'aria-label':
            control === 'previous'
              ? 'Page précédente'
              : control === 'next'
                ? 'Page suivante'
                : control === 'first'
                  ? 'Première page'
                  : 'Dernière page',
        })}
        getItemProps={(itemPage) => ({ 'aria-label': `Page ${itemPage}` })}
      />
    </Group>
  );
}
