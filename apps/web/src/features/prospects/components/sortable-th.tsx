import type { ProspectSortField, SortOrder } from '@closia/shared';
import { Table, type TableThProps, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { toggleSort } from '../utils/search-params';

/** A column header that sorts the list by its field (again: the other way), with `aria-sort`. */
export function SortableTh({
  field,
  label,
  sortBy,
  sortOrder,
  onSort,
  ...props
}: {
  field: ProspectSortField;
  label: string;
  sortBy: ProspectSortField;
  sortOrder: SortOrder;
  onSort: (sort: { sortBy: ProspectSortField; sortOrder: SortOrder }) => void;
} & Omit<TableThProps, 'children'>) {
  const active = sortBy === field;
  const SortIcon = !active ? IconArrowsSort : sortOrder === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      scope="col"
      aria-sort={active ? (sortOrder === 'asc' ? 'ascending' : 'descending') : undefined}
      {...props}
    >
      <UnstyledButton
        onClick={() => onSort(toggleSort({ sortBy, sortOrder }, field))}
        fw={700}
        fz="inherit"
        style={{ whiteSpace: 'nowrap' }}
      >
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          {label}
          <SortIcon size={14} aria-hidden="true" style={{ opacity: active ? 1 : 0.5 }} />
          <VisuallyHidden>
            {active
              ? `, trié ${sortOrder === 'asc' ? 'par ordre croissant' : 'par ordre décroissant'}`
              : ', trier'}
          </VisuallyHidden>
        </span>
      </UnstyledButton>
    </Table.Th>
  );
}
