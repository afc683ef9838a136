import type { Match } from '@closia/shared';
import { Badge, Group, List, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { matchColor } from '../utils/format';

/** "Correspondance 82 %" as a badge. */
export function MatchBadge({ match }: { match: Match }) {
  return (
    <Badge variant="light" color={matchColor(match.score)} tt="none" size="lg" data-testid="match-score">
      Correspondance {Math.round(match.score)}&nbsp;%
    </Badge>
  );
}

/** The score as a bar and the reasons behind it, strongest first. */
export function MatchDetails({ match, max = 4 }: { match: Match; max?: number }) {
  const score = Math.round(match.score);
  const reasons = match.reasons.slice(0, max);
  return (
    <Stack gap={6} data-testid="match-details">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          Correspondance
        </Text>
        <Text size="sm" fw={700}>
          {score}&nbsp;%
        </Text>
      </Group>
      <Progress value={score} color={matchColor(score)} size="sm" aria-label={`Correspondance ${score} %`} />
      {reasons.length > 0 && (
        <List
          size="sm"
          spacing={2}
          icon={
            <ThemeIcon size={16} radius="xl" variant="light" color="green" aria-hidden="true">
              <IconCheck size={11} />
            </ThemeIcon>
          }
        >
          {reasons.map((reason) => (
            <List.Item key={reason}>{reason}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
