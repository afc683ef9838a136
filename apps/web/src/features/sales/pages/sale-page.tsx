import { type Deal, dealCan } from '@closia/shared';
import { Alert, Anchor, Button, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconPhone, IconSearchOff } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { isNotFound } from '../../../lib/error-message';
import { useDeal } from '../api/get-deal';
import { DealCommissionsSection } from '../components/deal-commissions-section';
import { DealEditForm, DealFacts } from '../components/deal-edit-form';
import { DealNotesSection } from '../components/deal-notes-section';
import { DealTeamSection } from '../components/deal-team-section';
import { HistoryTimeline } from '../components/history-timeline';
import { PeopleAvatars } from '../components/people-avatars';
import { EmptyState, LoadError } from '../components/query-states';
import { SaleHeader, useSaleActions } from '../components/sale-header';
import { Fact, Section } from '../components/sale-section';
import { formatCents, formatDay, formatDealProbability } from '../utils/format';
import { useSalesLinks } from '../utils/sales-links';

function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/**
 * The sale's page: its header and actions, its fields (editable by whoever may: `dealCan`), notes,
 * commission lines and history; its summary, team and prospect beside.
 */
function SaleDetail({ deal }: { deal: Deal }) {
  const { actions, modals } = useSaleActions(deal);
  const editable = dealCan(deal, 'edit');

  return (
    <Stack gap="lg">
      <SaleHeader deal={deal} actions={actions} />
      {deal.status === 'Lost' && deal.lostReason && (
        <Alert color="red" variant="light" title="Raison de la perte">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {deal.lostReason}
          </Text>
        </Alert>
      )}
      {deal.viewerRole === 'setter' && !editable && (
        <Alert color="blue" variant="light">
          Passée l’étape R2, la vente appartient à son closer, {deal.owner.fullName} : vous la suivez en
          lecture seule.
        </Alert>
      )}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Section title="Informations">
              {editable ? <DealEditForm deal={deal} /> : <DealFacts deal={deal} />}
            </Section>
            <DealNotesSection deal={deal} />
            <DealCommissionsSection deal={deal} />
            <Section title="Historique">
              <HistoryTimeline rows={deal.dealHistories ?? []} />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Section title="Résumé">
              <Stack gap="xs">
                <Fact label={deal.status === 'Closed' ? 'Montant vendu' : 'Valeur'}>
                  {formatCents(deal.valueCents)}
                </Fact>
                <Fact label="Commission totale">{formatCents(deal.commissionCents)}</Fact>
                <Fact label="Probabilité">{formatDealProbability(deal)}</Fact>
                <Fact label="Clôture prévue">
                  {deal.expectedCloseDate ? formatDay(deal.expectedCloseDate) : '—'}
                </Fact>
                <Fact label={deal.setter ? 'Closer' : 'Vendeur'}>{deal.owner.fullName}</Fact>
                {deal.setter && <Fact label="Setter">{deal.setter.fullName}</Fact>}
                <Fact label="Créée le">{formatDay(deal.createdAt)}</Fact>
                <PeopleAvatars deal={deal} />
                <DealTeamSection deal={deal} />
              </Stack>
            </Section>
            <Section title="Prospect">
              <Stack gap="xs">
                <Text fw={600}>{deal.prospect.fullName}</Text>
                {deal.prospect.email && (
                  <Group gap={6} wrap="nowrap">
                    <IconMail size={16} aria-hidden="true" />
                    <Anchor
                      href={`mailto:${deal.prospect.email}`}
                      size="sm"
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {deal.prospect.email}
                    </Anchor>
                  </Group>
                )}
                {deal.prospect.phone && (
                  <Group gap={6} wrap="nowrap">
                    <IconPhone size={16} aria-hidden="true" />
                    <Anchor href={`tel:${deal.prospect.phone.replace(/\s+/g, '')}`} size="sm">
                      {deal.prospect.phone}
                    </Anchor>
                  </Group>
                )}
                {/* The prospect belongs to whoever created the deal: its seller, or its setter once handed off. */}
                {(deal.viewerRole === 'setter' || (deal.viewerRole === 'owner' && !deal.setter)) && (
                  <Button
                    component={Link}
                    to={`${paths.dashboard.prospects}?prospect=${deal.prospectId}`}
                    variant="light"
                    size="xs"
                    mt="xs"
                  >
                    Ouvrir la fiche du prospect
                  </Button>
                )}
              </Stack>
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
      {modals}
    </Stack>
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Chargement de la vente">
      <Skeleton height={16} width={140} />
      <Skeleton height={36} width="60%" />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Skeleton height={260} radius="lg" />
            <Skeleton height={160} radius="lg" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton height={300} radius="lg" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** A deal that does not exist, or that the viewer may not see (the API answers 404 for both). */
function SaleNotFound() {
  const links = useSalesLinks();
  return (
    <Stack gap="lg">
      <Title order={1}>Vente introuvable</Title>
      <EmptyState
        icon={IconSearchOff}
        title="Cette vente n’existe pas ou vous n’y avez pas accès"
        action={
          <Button component={Link} to={links.list}>
            Retour aux ventes
          </Button>
        }
      >
        Elle a peut-être été supprimée, ou elle appartient à un autre vendeur.
      </EmptyState>
    </Stack>
  );
}

/**
 * `/dashboard/sales/{saleId}` ("Détail de la vente"): the deal (editable by whoever may), its prospect,
 * notes, commission lines and history, and the actions its stage and the viewer's role allow.
 */
export function SalePage() {
  const { saleId } = useParams();
  const id = parseId(saleId);
  const deal = useDeal(id);
  if (id === null || isNotFound(deal.error)) return <SaleNotFound />;
  if (deal.isPending) return <DetailSkeleton />;
  if (deal.isError) return <LoadError error={deal.error} onRetry={() => deal.refetch()} />;
  return <SaleDetail deal={deal.data} />;
}
