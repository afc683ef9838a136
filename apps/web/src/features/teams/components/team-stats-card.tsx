import { formatEuro, type TeamStats } from '@closia/shared';
import { Anchor, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Section } from '../../../components/section';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { useTeamStats } from '../api/teams';
import { roleLabel } from '../utils/labels';

const euros = (cents: number) => formatEuro(cents / 100);

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {value}
      </Text>
    </Stack>
  );
}

/** The team's sales: totals, and per member the deals they own, their revenue and commissions. */
export function TeamStatsCard({ teamId, detailed }: { teamId: number; detailed: boolean }) {
  const stats = useTeamStats(teamId);
  return (
    <Section
      title="Ventes de l’équipe"
      action={
        !detailed && (
          <Anchor component={Link} to={paths.dashboard.teamSales(teamId)} size="sm">
            Voir le pipeline
          </Anchor>
        )
      }
    >
      {stats.isPending ? (
        <Skeleton h={80} />
      ) : stats.isError ? (
        <Text size="sm" c="red">
          {errorMessage(stats.error)}
        </Text>
      ) : (
        <StatsBody stats={stats.data} detailed={detailed} />
      )}
    </Section>
  );
}

function StatsBody({ stats, detailed }: { stats: TeamStats; detailed: boolean }) {
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label="En cours" value={String(stats.totals.openDeals)} />
        <Figure label="Gagnées" value={String(stats.totals.wonDeals)} />
        <Figure label="Chiffre d’affaires" value={euros(stats.totals.revenueCents)} />
        <Figure label="Commissions" value={euros(stats.totals.commissionCents)} />
      </SimpleGrid>
      {detailed && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Membre</Table.Th>
                <Table.Th ta="right">En cours</Table.Th>
                <Table.Th ta="right">Gagnées</Table.Th>
                <Table.Th ta="right">Perdues</Table.Th>
                <Table.Th ta="right">Chiffre d’affaires</Table.Th>
                <Table.Th ta="right">Commissions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stats.members.map((member) => (
                <Table.Tr key={member.user.id}>
                  <Table.Td>
                    {member.user.fullName}{' '}
                    <Text span size="xs" c="dimmed">
                      ({roleLabel(member.role)})
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{member.openDeals}</Table.Td>
                  <Table.Td ta="right">{member.wonDeals}</Table.Td>
                  <Table.Td ta="right">{member.lostDeals}</Table.Td>
                  <Table.Td ta="right">{euros(member.revenueCents)}</Table.Td>
                  <Table.Td ta="right">{euros(member.commissionCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
