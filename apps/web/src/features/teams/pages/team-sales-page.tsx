import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DealFormModal } from '../../sales/components/deal-form-modal';
import { TeamBoard } from '../../sales/components/team-board';
import { SalesLinksProvider, teamSalesLinks } from '../../sales/utils/sales-links';
import { TeamGate } from '../components/team-gate';
import { TeamHeader } from '../components/team-header';
import { TeamStatsCard } from '../components/team-stats-card';

/** `/dashboard/team/{id}/ventes`: the team's shared pipeline (kanban, live) and its sales figures. */
export function TeamSalesPage() {
  const [creating, setCreating] = useState(false);
  return (
    <TeamGate>
      {(team) => (
        <SalesLinksProvider value={teamSalesLinks(team.id)}>
          <Stack gap="lg">
            <TeamHeader team={team} current="sales" />
            <Group justify="space-between" align="flex-end">
              <Text c="dimmed" maw={720}>
                Le pipeline partagé : chaque membre voit les ventes de l’équipe et les fait avancer. Gagner,
                perdre ou transmettre une vente reste l’affaire de son propriétaire.
              </Text>
              <Button
                leftSection={<IconPlus size={16} aria-hidden="true" />}
                onClick={() => setCreating(true)}
              >
                Nouvelle vente d’équipe
              </Button>
            </Group>
            <TeamBoard teamId={team.id} onCreate={() => setCreating(true)} />
            <TeamStatsCard teamId={team.id} detailed />
            <DealFormModal opened={creating} onClose={() => setCreating(false)} teamId={team.id} />
          </Stack>
        </SalesLinksProvider>
      )}
    </TeamGate>
  );
}
