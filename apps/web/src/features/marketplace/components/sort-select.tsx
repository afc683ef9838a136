import type { SortOrder } from '@closia/shared';
import { Select, type SelectProps } from '@mantine/core';
import { parseSortValue, sortValue } from '../utils/search-params';

/** "Trier par": one select for a sort field and its order (`price:asc`), kept in the URL by the page. */
export function SortSelect<T extends string>({
  options,
  fields,
  sortBy,
  sortOrder,
  onChange,
  error,
  w,
}: {
  options: { value: string; label: string }[];
  fields: readonly T[];
  sortBy: string;
  sortOrder: SortOrder;
  onChange: (sort: { sortBy: T; sortOrder: SortOrder }) => void;
  error?: string;
  w?: SelectProps['w'];
}) {
  const current = sortValue(sortBy, sortOrder);
  return (
    <Select
      label="Trier par"
      data={options}
      value={options.some((option) => option.value === current) ? current : null}
      onChange={(value) => {
        const sort = parseSortValue(value, fields);
        if (sort) onChange(sort);
      }}
      allowDeselect={false}
      error={error}
      w={w}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
