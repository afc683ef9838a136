import type { DealSortField, SortOrder } from '@closia/shared';
import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A table column header that sorts by its field: a button, and `aria-sort` on the sorted column. */
export function SortHeader({
  field,
  sortBy,
  sortOrder,
  onSort,
  children,
}: {
  field: DealSortField;
  sortBy: DealSortField;
  sortOrder: SortOrder;
  onSort: (field: DealSortField) => void;
  children: ReactNode;
}) {
  const active = field === sortBy;
  const Icon = !active ? IconArrowsSort : sortOrder === 'asc' ? IconSortAscending : IconSortDescending;
  return (
    <Table.Th aria-sort={active ? (sortOrder === 'asc' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton
        onClick={() => onSort(field)}
        fw={700}
        fz="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
      >
        {children}
        <Icon size={14} aria-hidden="true" />
      </UnstyledButton>
    </Table.Th>
  );
}
