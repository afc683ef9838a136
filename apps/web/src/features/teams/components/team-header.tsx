import { type Team, teamCan } from '@closia/shared';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconMessages, IconReportMoney, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { paths } from '../../../config/paths';
import { TeamAvatar } from './team-avatar';
import { TeamMeta } from './team-meta';

/** The top of every team page: back to the teams, picture, name, my role, and the team's pages. */
export function TeamHeader({
  team,
  current,
  asHeading = true,
}: {
  team: Team;
  current: 'overview' | 'manage' | 'chat' | 'sales';
  /** False when the page has its own h1 (a team deal): the team's name is then plain text. */
  asHeading?: boolean;
}) {
  const manager = teamCan(team.myRole, 'invite') || teamCan(team.myRole, 'editSettings');
  const links = [
    { key: 'overview', to: paths.dashboard.team(team.id), label: 'Vue d’ensemble', icon: null },
    ...(team.defaultChatId
      ? [
          {
            key: 'chat',
            to: paths.dashboard.teamChat(team.id, team.defaultChatId),
            label: 'Discussions',
            icon: IconMessages,
          },
        ]
      : []),
    {
      key: 'sales',
      to: paths.dashboard.teamSales(team.id),
      label: 'Ventes de l’équipe',
      icon: IconReportMoney,
    },
    {
      key: 'manage',
      to: paths.dashboard.teamManage(team.id),
      label: manager ? 'Gérer' : 'Membres et départ',
      icon: IconSettings,
    },
  ];
  return (
    <Stack gap="sm">
      <BackLink to={paths.dashboard.teams}>Mes équipes</BackLink>
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <TeamAvatar team={team} size={64} />
          <Stack gap={4}>
            {asHeading ? (
              <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                {team.name}
              </Title>
            ) : (
              <Text fw={700} fz="xl" style={{ overflowWrap: 'anywhere' }}>
                {team.name}
              </Text>
            )}
            <TeamMeta team={team} />
          </Stack>
        </Group>
        <Group gap="xs" component="nav" aria-label="Pages de l’équipe">
          {links.map((link) => (
            <Button
              key={link.key}
              component={Link}
              to={link.to}
              variant={link.key === current ? 'light' : 'default'}
              aria-current={link.key === current ? 'page' : undefined}
              leftSection={link.icon ? <link.icon size={16} /> : undefined}
              size="sm"
            >
              {link.label}
            </Button>
          ))}
        </Group>
      </Group>
    </Stack>
  );
}
