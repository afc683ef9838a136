import { type Deal, dealCreateSchema, dealUpdateSchema, isOpenStage } from '@closia/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  IconArrowLeft,
  IconArrowsExchange,
  IconMail,
  IconPhone,
  IconReceiptRefund,
  IconRotateClockwise,
  IconSearchOff,
  IconThumbDown,
  IconTrash,
  IconTrophy,
  IconUserShare,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { FormError } from '../../../components/form-error';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useDeleteDeal } from '../api/delete-deal';
import { useCommissions } from '../api/get-commissions';
import { useDeal } from '../api/get-deal';
import { useRefundDeal } from '../api/refund-deal';
import { useReopenDeal } from '../api/reopen-deal';
import { useUpdateDeal } from '../api/update-deal';
import { CommissionLinesTable } from '../components/commission-lines-table';
import { dealPermissions } from '../components/deal-actions-menu';
import { useDealDialogs } from '../components/deal-dialogs';
import { DealFields } from '../components/deal-fields';
import { DealTeamSection } from '../components/deal-team-section';
import { HistoryTimeline } from '../components/history-timeline';
import { PeopleAvatars } from '../components/people-avatars';
import { EmptyState, LoadError } from '../components/query-states';
import { StageBadge } from '../components/stage-badge';
import { commissionPeriodOf } from '../utils/commissions';
import { changedDealFields, type DealFormValues, dealFormValues, toDealInput } from '../utils/deal-form';
import { describeFor, errorMessage, isNotFound } from '../utils/errors';
import {
  daysInStageText,
  formatCents,
  formatDay,
  formatDealProbability,
  formatPercent,
} from '../utils/format';
import { useSalesLinks } from '../utils/sales-links';

const validateOpen = zodResolver(dealCreateSchema);
const validateUpdate = zodResolver(dealUpdateSchema);

const viewerRoleLabels: Record<Deal['viewerRole'], string> = {
  owner: 'Vous menez cette vente',
  setter: 'Vous êtes son setter',
  infopreneur: 'Vente sur votre offre (lecture seule)',
  team: "Vente du pipeline partagé de l'équipe",
};

function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card padding="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4">
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** The deal's fields, editable by whoever may edit it. */
function DealEditForm({ deal }: { deal: Deal }) {
  const update = useUpdateDeal();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<DealFormValues>({
    initialValues: dealFormValues(deal),
    // An open deal keeps every field of its creation; a closed one only changes its title and notes.
    validate: (values) =>
      isOpenStage(deal.status)
        ? validateOpen(toDealInput(values))
        : validateUpdate(changedDealFields(deal, values)),
  });
  const { setValues, resetDirty } = form;

  // The deal changed on the server (a save, a move): the form starts again from it.
  useEffect(() => {
    const values = dealFormValues(deal);
    setValues(values);
    resetDirty(values);
  }, [deal, setValues, resetDirty]);

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    const changes = changedDealFields(deal, values);
    if (Object.keys(changes).length <= 1) return;
    try {
      await update.mutateAsync(changes);
      notifications.show({
        color: 'green',
        title: 'Vente enregistrée',
        message: `« ${values.title.trim()} » est à jour.`,
      });
    } catch (error) {
      showSubmitError(form, error, setFormError, describeFor(form));
    }
  });

  const dirty = Object.keys(changedDealFields(deal, form.values)).length > 1;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError>{formError}</FormError>
        <DealFields form={form} deal={deal} withObservations={false} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={!dirty} onClick={() => form.setValues(dealFormValues(deal))}>
            Annuler les changements
          </Button>
          <Button type="submit" loading={update.isPending} disabled={!dirty}>
            Enregistrer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The deal's fields, read-only. */
function DealFacts({ deal }: { deal: Deal }) {
  return (
    <Stack gap="xs">
      <Fact label="Prospect">{deal.prospect.fullName}</Fact>
      <Fact label="Offre vendue">{deal.service?.name ?? 'Offre retirée'}</Fact>
      <Fact label="Clôture prévue">{deal.expectedCloseDate ? formatDay(deal.expectedCloseDate) : '—'}</Fact>
      <Fact label="Probabilité">{formatDealProbability(deal)}</Fact>
    </Stack>
  );
}

/** The observations: notes on the prospect and the deal. */
function NotesSection({ deal }: { deal: Deal }) {
  const update = useUpdateDeal();
  const [notes, setNotes] = useState(deal.observations ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setNotes(deal.observations ?? ''), [deal.observations]);
  const dirty = notes !== (deal.observations ?? '');

  const save = async () => {
    setError(null);
    try {
      await update.mutateAsync({ id: deal.id, observations: notes });
      notifications.show({
        color: 'green',
        title: 'Notes enregistrées',
        message: `Les notes de « ${deal.title} » sont à jour.`,
      });
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  if (!deal.canEdit) {
    return (
      <Section title="Notes">
        <Text
          size="sm"
          c={deal.observations ? undefined : 'dimmed'}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {deal.observations || 'Aucune note.'}
        </Text>
      </Section>
    );
  }
  return (
    <Section title="Notes">
      <Stack gap="sm">
        <Textarea
          label="Observations"
          description="Contexte, besoins du prospect, objections, prochaines étapes."
          autosize
          minRows={4}
          maxRows={14}
          maxLength={2500}
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
          error={error}
        />
        <Group justify="flex-end">
          <Button variant="light" disabled={!dirty} loading={update.isPending} onClick={save}>
            Enregistrer les notes
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}

/** The commission lines of the deal that concern the viewer (theirs, or what they owe as its infopreneur). */
function CommissionsSection({ deal }: { deal: Deal }) {
  const period = commissionPeriodOf(deal);
  const commissions = useCommissions(period);
  const rate = deal.service?.commissionRate;

  let content: ReactNode;
  if (!period) {
    content = (
      <Text size="sm" c="dimmed">
        Les commissions sont calculées quand la vente est gagnée
        {rate !== undefined
          ? ` : ${formatCents(deal.commissionCents)} au total (${formatPercent(rate)} de ${formatCents(deal.valueCents)}), partagés entre setter et closer.`
          : '.'}
      </Text>
    );
  } else if (commissions.isPending) {
    content = <Skeleton height={90} aria-label="Chargement des commissions" />;
  } else if (commissions.isError) {
    content = <LoadError error={commissions.error} onRetry={() => commissions.refetch()} />;
  } else {
    const lines = commissions.data.lines.filter((line) => line.dealId === deal.id);
    content =
      lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aucune commission pour vous sur cette vente.
        </Text>
      ) : (
        <CommissionLinesTable
          lines={lines}
          canPay={commissions.data.role === 'infopreneur'}
          caption={
            commissions.data.role === 'infopreneur'
              ? 'Ce que vous devez aux vendeurs pour cette vente'
              : 'Vos commissions sur cette vente'
          }
        />
      );
  }
  return <Section title="Commissions">{content}</Section>;
}

type Confirm = 'reopen' | 'refund' | 'delete' | null;

function SaleDetail({ deal }: { deal: Deal }) {
  const navigate = useNavigate();
  const links = useSalesLinks();
  const { open, dialogs } = useDealDialogs();
  const reopen = useReopenDeal();
  const refund = useRefundDeal();
  const remove = useDeleteDeal();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const can = dealPermissions(deal);
  const owner = deal.viewerRole === 'owner';
  const closed = !isOpenStage(deal.status);
  const canReopen = owner && closed && !deal.refundedAt;
  const canRefund =
    deal.status === 'Closed' && !deal.refundedAt && (owner || deal.viewerRole === 'infopreneur');

  const closeConfirm = () => {
    setConfirm(null);
    reopen.reset();
    refund.reset();
    remove.reset();
  };
  const confirmAction = {
    reopen: {
      title: 'Rouvrir la vente',
      label: 'Rouvrir',
      color: 'violet',
      text:
        deal.status === 'Closed'
          ? 'La vente revient à son étape d’avant la clôture et ses commissions non payées sont supprimées.'
          : 'La vente revient dans le pipeline, à son étape d’avant la perte.',
      mutation: reopen,
      run: () =>
        reopen.mutate(deal.id, {
          onSuccess: (reopened) => {
            closeConfirm();
            notifications.show({
              color: 'green',
              title: 'Vente rouverte',
              message: `« ${reopened.title} » est de retour dans le pipeline.`,
            });
          },
        }),
    },
    refund: {
      title: 'Déclarer un remboursement',
      label: 'Déclarer le remboursement',
      color: 'red',
      text: 'Le client a été remboursé : les commissions non versées sont annulées et celles déjà versées sont à restituer. Cette action est définitive.',
      mutation: refund,
      run: () =>
        refund.mutate(deal.id, {
          onSuccess: (refunded) => {
            closeConfirm();
            notifications.show({
              color: 'green',
              title: 'Remboursement enregistré',
              message: `Les commissions de « ${refunded.title} » sont reprises.`,
            });
          },
        }),
    },
    delete: {
      title: 'Supprimer la vente',
      label: 'Supprimer',
      color: 'red',
      text: `« ${deal.title} » et son historique seront supprimés définitivement.`,
      mutation: remove,
      run: () =>
        remove.mutate(deal.id, {
          onSuccess: () => {
            notifications.show({
              color: 'green',
              title: 'Vente supprimée',
              message: `« ${deal.title} » est supprimée.`,
            });
            navigate(links.list, { replace: true });
          },
        }),
    },
  } as const;
  const current = confirm ? confirmAction[confirm] : null;

  return (
    <Stack gap="lg">
      <PageHeader
        above={
          <Anchor component={Link} to={links.list} size="sm" underline="hover">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden="true" />
              {links.listLabel}
            </Group>
          </Anchor>
        }
        title={deal.title}
        description={
          <Group gap="xs" component="span">
            <StageBadge stage={deal.status} size="lg" />
            {isOpenStage(deal.status) && (
              <Text span size="sm">
                {daysInStageText(deal.daysInStage)}
              </Text>
            )}
            {deal.status === 'Closed' && deal.closedAt && (
              <Text span size="sm">
                le {formatDay(deal.closedAt)}
              </Text>
            )}
            {deal.refundedAt && (
              <Badge color="red" variant="outline">
                Remboursée le {formatDay(deal.refundedAt)}
              </Badge>
            )}
            <Text span size="sm" c="dimmed">
              · {viewerRoleLabels[deal.viewerRole]}
            </Text>
          </Group>
        }
        actions={
          <>
            {can.stages.length > 0 && (
              <Button
                variant="default"
                leftSection={<IconArrowsExchange size={16} aria-hidden="true" />}
                onClick={() => open('move', deal)}
              >
                Changer d’étape
              </Button>
            )}
            {can.handoff && (
              <Button
                variant="light"
                color="orange"
                leftSection={<IconUserShare size={16} aria-hidden="true" />}
                onClick={() => open('handoff', deal)}
              >
                Passer à un closer
              </Button>
            )}
            {can.win && (
              <Button
                color="green"
                leftSection={<IconTrophy size={16} aria-hidden="true" />}
                onClick={() => open('win', deal)}
              >
                Gagné
              </Button>
            )}
            {can.lose && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconThumbDown size={16} aria-hidden="true" />}
                onClick={() => open('lose', deal)}
              >
                Perdu
              </Button>
            )}
            {canReopen && (
              <Button
                variant="light"
                color="violet"
                leftSection={<IconRotateClockwise size={16} aria-hidden="true" />}
                onClick={() => setConfirm('reopen')}
              >
                Rouvrir
              </Button>
            )}
            {canRefund && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconReceiptRefund size={16} aria-hidden="true" />}
                onClick={() => setConfirm('refund')}
              >
                Déclarer un remboursement
              </Button>
            )}
            {owner && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                onClick={() => setConfirm('delete')}
              >
                Supprimer
              </Button>
            )}
          </>
        }
      />
      {deal.status === 'Lost' && deal.lostReason && (
        <Alert color="red" variant="light" title="Raison de la perte">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {deal.lostReason}
          </Text>
        </Alert>
      )}
      {deal.viewerRole === 'setter' && !deal.canEdit && (
        <Alert color="blue" variant="light">
          Passée l’étape R2, la vente appartient à son closer, {deal.owner.fullName} : vous la suivez en
          lecture seule.
        </Alert>
      )}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Section title="Informations">
              {deal.canEdit ? <DealEditForm deal={deal} /> : <DealFacts deal={deal} />}
            </Section>
            <NotesSection deal={deal} />
            <CommissionsSection deal={deal} />
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
      {dialogs}
      <ConfirmModal
        opened={current !== null}
        title={current?.title ?? ''}
        confirmLabel={current?.label ?? ''}
        color={current?.color}
        pending={current?.mutation.isPending ?? false}
        error={current?.mutation.error ?? null}
        onConfirm={() => current?.run()}
        onClose={closeConfirm}
      >
        {current?.text}
      </ConfirmModal>
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
