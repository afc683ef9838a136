import type { BillingResponse } from '@closia/shared';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { usageLine } from '../utils/usage';

/** My usage against each limit of the plan that applies now. */
export function UsageBars({ usage }: { usage: BillingResponse['usage'] }) {
  return (
    <Stack gap="md" data-testid="usage-bars">
      {usage.map((item) => {
        const line = usageLine(item.limit, item.current, item.max);
        return (
          <Stack key={item.limit} gap={4}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={500}>
                {line.label}
              </Text>
              <Text size="sm" c={line.full ? undefined : 'dimmed'} fw={line.full ? 700 : undefined}>
                {line.value}
              </Text>
            </Group>
            {line.percent !== null && !line.excluded && (
              <Progress
                value={line.percent}
                color={line.full ? 'red' : line.percent >= 80 ? 'orange' : undefined}
                aria-label={`${line.label} : ${line.value}`}
              />
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
