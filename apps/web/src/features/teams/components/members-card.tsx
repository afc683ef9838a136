import type { TeamMember } from '@closia/shared';
import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ParticipantAvatar, presenceLabel } from '../../../components/participant-avatar';
import { Section } from '../../../components/section';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { useTeamMembers } from '../api/teams';
import { roleColor, roleLabel } from '../utils/labels';

/** The members, creator and admins first, with their role and whether they are online. */
export function MembersCard({ teamId }: { teamId: number }) {
  const members = useTeamMembers(teamId);
  return (
    <Section title="Membres" gap="sm">
      {members.isPending ? (
        <Skeleton h={120} />
      ) : members.isError ? (
        <Text size="sm" c="red">
          {errorMessage(members.error)}
        </Text>
      ) : (
        members.data.map((member: TeamMember) => (
          <Group key={member.user.id} gap="sm" wrap="nowrap" justify="space-between">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <ParticipantAvatar person={member.user} size={36} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text component={Link} to={paths.app.user(member.user.id)} fw={600} size="sm" truncate>
                  {member.user.fullName}
                </Text>
                <Text size="xs" c="dimmed">
                  {presenceLabel(member.user.online)}
                </Text>
              </Stack>
            </Group>
            <Badge color={roleColor[member.role]} variant="light" style={{ flexShrink: 0 }}>
              {roleLabel(member.role)}
            </Badge>
          </Group>
        ))
      )}
    </Section>
  );
}
