import { type Report, reportKinds, reportListQuerySchema, reportStatuses } from '@closia/shared';
import { Anchor, Badge, Button, Group, Paper, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEyeOff, IconFlag, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { ConfirmModal } from '../../../components/confirm-modal';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ListPagination, LoadError } from '../../../components/query-states';
import { formatDateTime } from '../../../lib/dayjs';
import { toQuery, urlState, useUrlState } from '../../../lib/url-state';
import { useReports, useResolveReport } from '../api/reports';

const PER_PAGE = 20;

const statusLabels = { open: 'À traiter', dismissed: 'Ignorés', hidden: 'Masqués' } as const;
const kindLabels = { post: 'Publication', comment: 'Commentaire' } as const;

/** Status, kind and page in the address (`?status=hidden&kind=comment&page=2`). */
const moderationState = urlState(
  z.object({
    status: reportListQuerySchema.shape.status,
    kind: reportListQuerySchema.shape.kind,
    page: reportListQuerySchema.shape.page,
  }),
  { status: 'open', kind: null, page: 1 },
);

type Action = { report: Report; action: 'dismiss' | 'hide' };

const actionWording = {
  hide: {
    title: 'Masquer le contenu',
    confirm: 'Masquer',
    done: 'Contenu masqué',
    text: 'Il disparaîtra du fil pour tous les membres ; seuls son auteur et les administrateurs le verront encore, avec la mention « Masqué par la modération ».',
  },
  dismiss: {
    title: 'Ignorer le signalement',
    confirm: 'Ignorer',
    done: 'Signalement ignoré',
    text: 'Le contenu reste visible ; le signalement sort de la liste à traiter.',
  },
} as const;

function TargetCell({ report }: { report: Report }) {
  const target = report.target;
  if (!target) {
    return (
      <Text size="sm" c="dimmed">
        Contenu supprimé
      </Text>
    );
  }
  return (
    <Stack gap={2} maw={360}>
      <Anchor component={Link} to={target.link} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {target.title}
      </Anchor>
      <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {target.excerpt}
      </Text>
      <Group gap={6}>
        {target.author && (
          <Text size="xs" c="dimmed">
            par {target.author.fullName}
          </Text>
        )}
        {target.hidden && (
          <Badge size="xs" color="red" variant="light">
            Masqué
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

/** `/admin/moderation`: the reported posts and comments; hide the content or dismiss the report. */
export function ModerationPage() {
  const [state, update] = useUrlState(moderationState);
  const query = useMemo(() => toQuery({ ...state, perPage: PER_PAGE }), [state]);
  const reports = useReports(query);
  const resolve = useResolveReport();
  const [pending, setPending] = useState<Action | null>(null);
  const rows = reports.data?.data ?? [];
  const wording = pending ? actionWording[pending.action] : null;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Modération"
        description="Les publications et commentaires signalés par les membres : masquez ce qui enfreint les règles, ignorez le reste."
      />
      <Group gap="sm" align="flex-end">
        <Select
          label="Statut"
          data={reportStatuses.map((value) => ({ value, label: statusLabels[value] }))}
          value={state.status}
          onChange={(value) => value && update({ status: value as Report['status'] })}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
        <Select
          label="Type de contenu"
          placeholder="Tous"
          data={reportKinds.map((value) => ({ value, label: kindLabels[value] }))}
          value={state.kind}
          onChange={(value) => update({ kind: (value as Report['kind'] | null) ?? null })}
          clearable
          clearButtonProps={{ 'aria-label': 'Tous les types' }}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>

      {reports.isError && !reports.data ? (
        <LoadError error={reports.error} onRetry={() => reports.refetch()} />
      ) : reports.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Chargement des signalements">
          <Skeleton height={48} />
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Stack>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={IconFlag}
          title={state.status === 'open' ? 'Aucun signalement à traiter' : 'Aucun signalement'}
        >
          {state.status === 'open'
            ? 'Tout est à jour : la communauté se tient bien.'
            : 'Rien dans cette liste pour le moment.'}
        </EmptyState>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={760}>
            <Table
              verticalSpacing="sm"
              highlightOnHover
              aria-busy={reports.isFetching}
              data-testid="reports-table"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Contenu</Table.Th>
                  <Table.Th>Motif</Table.Th>
                  <Table.Th>Signalé par</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>{state.status === 'open' ? 'Actions' : 'Traité'}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((report) => (
                  <Table.Tr key={report.id} data-testid="report-row">
                    <Table.Td>
                      <Badge variant="light" color={report.kind === 'post' ? 'green' : 'blue'}>
                        {kindLabels[report.kind]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <TargetCell report={report} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" maw={260} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {report.reason}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{report.reporter?.fullName ?? 'Compte supprimé'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" component="time" dateTime={report.createdAt}>
                        {formatDateTime(report.createdAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {report.status === 'open' ? (
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="compact-sm"
                            color="red.9"
                            leftSection={<IconEyeOff size={14} />}
                            disabled={!report.target}
                            onClick={() => setPending({ report, action: 'hide' })}
                          >
                            Masquer
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="default"
                            leftSection={<IconX size={14} />}
                            onClick={() => setPending({ report, action: 'dismiss' })}
                          >
                            Ignorer
                          </Button>
                        </Group>
                      ) : (
                        <Text size="xs" c="dimmed">
                          {statusLabels[report.status]}
                          {report.resolvedBy ? ` par ${report.resolvedBy.fullName}` : ''}
                          {report.resolvedAt ? `, ${formatDateTime(report.resolvedAt)}` : ''}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}

      <ListPagination
        page={state.page}
        lastPage={reports.data?.meta.lastPage ?? 1}
        onChange={(page) => update({ page })}
      />

      <ConfirmModal
        opened={pending !== null}
        title={wording?.title ?? ''}
        confirmLabel={wording?.confirm ?? ''}
        color={pending?.action === 'dismiss' ? 'green' : 'red'}
        pending={resolve.isPending}
        error={resolve.error}
        onClose={() => {
          setPending(null);
          resolve.reset();
        }}
        onConfirm={() =>
          pending &&
          resolve.mutate(
            { id: pending.report.id, input: { action: pending.action } },
            {
              onSuccess: () => {
                notifications.show({
                  color: 'green',
                  title: actionWording[pending.action].done,
                  message: 'La liste des signalements est à jour.',
                });
                setPending(null);
              },
            },
          )
        }
      >
        {pending?.report.target && (
          <Text fw={600} mb="xs">
            « {pending.report.target.title} »
          </Text>
        )}
        {wording?.text}
      </ConfirmModal>
    </Stack>
  );
}
