import { type Deal, dealCan, type Paginated, type Team } from '@closia/shared';
import { Anchor, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useUpdateDeal } from '../api/update-deal';

/** The owner's teams (same query key as the teams feature's list: one cache). */
function useMyTeams(enabled: boolean) {
  return useQuery({
    queryKey: ['teams', 'mine', ''],
    queryFn: () => api.get<Paginated<Team>>('/teams', { query: { perPage: 100 } }),
    enabled,
  });
}

/**
 * Which team's shared pipeline holds the deal: its owner picks one of their teams (or none);
 * the others see it and a link to the team's pipeline.
 */
export function DealTeamSection({ deal }: { deal: Deal }) {
  const owner = dealCan(deal, 'chooseTeam');
  const teams = useMyTeams(owner || deal.teamId !== null);
  const update = useUpdateDeal();
  const current = teams.data?.data.find((team) => team.id === deal.teamId);

  if (!owner) {
    if (deal.teamId === null) return null;
    return (
      <Text size="sm">
        Dans le pipeline partagé de{' '}
        <Anchor component={Link} to={paths.dashboard.teamSales(deal.teamId)}>
          {current?.name ?? 'l’équipe'}
        </Anchor>
        .
      </Text>
    );
  }
  const options = [
    { value: '', label: 'Aucune (vente personnelle)' },
    ...(teams.data?.data ?? []).map((team) => ({ value: String(team.id), label: team.name })),
  ];
  return (
    <Stack gap={4}>
      <Select
        label="Pipeline d’équipe"
        description="Les membres de l’équipe voient la vente et la font avancer."
        data={options}
        value={deal.teamId === null ? '' : String(deal.teamId)}
        allowDeselect={false}
        disabled={update.isPending || teams.isPending}
        onChange={(value) => update.mutate({ id: deal.id, teamId: value ? Number(value) : null })}
      />
      {update.isError && (
        <Text size="sm" c="red">
          {errorMessage(update.error)}
        </Text>
      )}
    </Stack>
  );
}
