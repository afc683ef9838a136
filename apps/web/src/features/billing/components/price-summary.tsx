import type { PriceCents } from '@closia/shared';
import { Divider, Group, Stack, Text } from '@mantine/core';
import { formatCents, vatLabel } from '../utils/money';

/** Price HT, TVA 20 % and TTC, one line each; `totalLabel` names the last one ("À payer aujourd’hui"). */
export function PriceSummary({
  price,
  totalLabel = 'Total TTC',
}: {
  price: PriceCents;
  totalLabel?: string;
}) {
  return (
    <Stack gap="xs" data-testid="price-summary">
      <Group justify="space-between">
        <Text>Prix HT</Text>
        <Text>{formatCents(price.ht)}</Text>
      </Group>
      <Group justify="space-between">
        <Text>{vatLabel}</Text>
        <Text>{formatCents(price.vat)}</Text>
      </Group>
      <Divider />
      <Group justify="space-between">
        <Text fw={700}>{totalLabel}</Text>
        <Text fw={700} data-testid="price-ttc">
          {formatCents(price.ttc)}
        </Text>
      </Group>
    </Stack>
  );
}
