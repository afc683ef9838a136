import { Stack } from '@mantine/core';
import { SalePage } from '../../sales/pages/sale-page';
import { SalesLinksProvider, teamSalesLinks } from '../../sales/utils/sales-links';
import { TeamGate } from '../components/team-gate';
import { TeamHeader } from '../components/team-header';

/** `/dashboard/team/{id}/ventes/{saleId}`: a deal of the team's pipeline, with the team's links. */
export function TeamSalePage() {
  return (
    <TeamGate>
      {(team) => (
        <SalesLinksProvider value={teamSalesLinks(team.id)}>
          <Stack gap="lg">
            <TeamHeader team={team} current="sales" asHeading={false} />
            <SalePage />
          </Stack>
        </SalesLinksProvider>
      )}
    </TeamGate>
  );
}
