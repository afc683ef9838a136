import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import type { Viewpoint } from '../utils/deal-table';

/** An infopreneur's choice: the deals they work themselves, or the deals sold on their offers (read-only). */
export function ViewpointControl({
  value,
  onChange,
}: {
  value: Viewpoint;
  onChange: (value: Viewpoint) => void;
}) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        Ventes affichées
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value}
        onChange={(next) => onChange(next as Viewpoint)}
        data={[
          { value: 'seller', label: 'Mes ventes' },
          { value: 'infopreneur', label: 'Sur mes offres' },
        ]}
      />
    </Stack>
  );
}
