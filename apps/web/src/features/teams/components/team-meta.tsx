import type { Team } from '@closia/shared';
import { Badge, Group, Text } from '@mantine/core';
import { memberCountText, roleColor, roleLabel } from '../utils/labels';

/** My role in the team and how many members it has. */
export function TeamMeta({ team }: { team: Pick<Team, 'myRole' | 'memberCount'> }) {
  return (
    <Group gap="xs">
      {team.myRole && (
        <Badge color={roleColor[team.myRole]} variant="light">
          {roleLabel(team.myRole)}
        </Badge>
      )}
      <Text size="sm" c="dimmed">
        {memberCountText(team.memberCount)}
      </Text>
    </Group>
  );
}
