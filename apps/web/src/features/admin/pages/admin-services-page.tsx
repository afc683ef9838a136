import {
  adminServiceListQuerySchema,
  certificationLabels,
  financingMethodLabels,
  formatEuro,
  locationTypeLabels,
  type ReviewStatus,
  reviewStatuses,
  type Service,
} from '@closia/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Pagination,
  Paper,
  Skeleton,
  Spoiler,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconCheck,
  IconExternalLink,
  IconInbox,
  IconSearch,
  IconX,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-errors';
import { dayjs } from '../../../lib/dayjs';
import { urlState, useUrlState } from '../../../lib/url-state';
import { useApproveService } from '../api/approve-service';
import { useAdminServices, usePendingServicesCount } from '../api/get-admin-services';
import { useRejectService } from '../api/reject-service';
import { RejectServiceModal } from '../components/reject-service-modal';

const PER_PAGE = 10;

/** The tabs, the queue first. */
const tabOrder: ReviewStatus[] = ['pending_review', 'approved', 'rejected', 'not_submitted'];
const tabLabels: Record<ReviewStatus, string> = {
  pending_review: 'À valider',
  approved: 'Approuvées',
  rejected: 'Refusées',
  not_submitted: 'Non soumises',
};
const emptyTexts: Record<ReviewStatus, string> = {
  pending_review: 'Aucune offre n’attend de validation. Tout est à jour !',
  approved: 'Aucune offre approuvée pour le moment.',
  rejected: 'Aucune offre refusée.',
  not_submitted: 'Aucune offre en brouillon.',
};

function readStatus(value: string | null): ReviewStatus {
  return (reviewStatuses as readonly string[]).includes(value ?? '')
    ? (value as ReviewStatus)
    : 'pending_review';
}

/** Review state, search and page in the address (`?status=rejected&q=excel&page=2`). */
const reviewState = urlState(
  z.object({
    status: adminServiceListQuerySchema.shape.validationStatus,
    q: adminServiceListQuerySchema.shape.query,
    page: adminServiceListQuerySchema.shape.page,
  }),
  { status: 'pending_review', q: '', page: 1 },
);

function useReviewParams() {
  const [{ status, q: search, page }, update] = useUrlState(reviewState);
  return { status, search, page, update };
}

/** A failed review in French (the API's messages are English). */
function reviewErrorText(error: unknown): string {
  if (isApiError(error) && error.status === 409)
    return 'Cette offre a déjà été traitée entre-temps : rechargez la liste.';
  if (isApiError(error) && error.status === 404) return 'Cette offre n’existe plus.';
  return errorText(error);
}

function percent(value: number) {
  return `${value.toLocaleString('fr-FR', { maximumFractionDigits: 2 })}\u00a0%`;
}

function ServiceReviewCard({
  service,
  approving,
  onApprove,
  onReject,
}: {
  service: Service;
  approving: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const titleId = `review-${service.id}`;
  const status = service.validationStatus;
  return (
    <Card padding="lg" component="article" aria-labelledby={titleId} data-testid="review-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 320px', minWidth: 0 }}>
            <Title order={2} fz="h4" id={titleId}>
              {service.name}
            </Title>
            <Text size="sm" c="dimmed">
              par{' '}
              <Anchor component={Link} to={paths.app.user(service.infopreneur.id)}>
                {service.infopreneur.fullName}
              </Anchor>{' '}
              · mise à jour le {dayjs(service.updatedAt).format('D MMM YYYY à HH:mm')}
            </Text>
          </Stack>
          <Group gap="xs">
            {status !== 'approved' && status !== 'not_submitted' && (
              <Button
                leftSection={<IconCheck size={16} />}
                loading={approving}
                onClick={onApprove}
                aria-label={`Approuver « ${service.name} »`}
              >
                Approuver
              </Button>
            )}
            {status !== 'rejected' && status !== 'not_submitted' && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconX size={16} />}
                onClick={onReject}
                aria-label={`Refuser « ${service.name} »`}
              >
                Refuser
              </Button>
            )}
          </Group>
        </Group>

        <Group gap="lg">
          <Text size="sm">
            Prix <strong>{formatEuro(service.price)}</strong>
          </Text>
          <Text size="sm">
            Commission <strong>{percent(service.commissionRate)}</strong> soit{' '}
            {formatEuro(service.commissionAmount)} par vente
          </Text>
          <Text size="sm">{service.duration} h</Text>
          <Text size="sm">
            {locationTypeLabels[service.locationType]}
            {service.location ? ` — ${service.location}` : ''}
          </Text>
        </Group>
        <Group gap={6}>
          {service.financingMethods.map((method) => (
            <Badge key={method} variant="light" color="indigo" tt="none">
              {financingMethodLabels[method]}
            </Badge>
          ))}
          {service.certifications.map((certification) => (
            <Badge key={certification} variant="light" color="teal" tt="none">
              {certificationLabels[certification]}
            </Badge>
          ))}
          {service.workSectors.map((sector) => (
            <Badge key={sector.id} variant="light" color="grape" tt="none">
              {sector.name}
            </Badge>
          ))}
        </Group>
        <Spoiler maxHeight={66} showLabel="Lire la suite" hideLabel="Réduire">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {service.description}
          </Text>
        </Spoiler>
        <Anchor href={service.link} target="_blank" rel="noopener noreferrer" size="sm">
          <Group gap={4} component="span">
            Vérifier la page de la formation
            <IconExternalLink size={14} aria-hidden="true" />
          </Group>
        </Anchor>
        {status === 'rejected' && service.rejectionReason && (
          <Alert color="red" variant="light" title="Motif du refus">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {service.rejectionReason}
            </Text>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/** `/admin/infopreneur-formations`: the review queue of the training offers; approve, or reject with a reason. */
export function AdminServicesPage() {
  const { status, search, page, update } = useReviewParams();
  const [searchInput, setSearchInput] = useState(search);
  const [debounced] = useDebouncedValue(searchInput, 300);
  const list = useAdminServices({ validationStatus: status, query: search, page, perPage: PER_PAGE });
  const pendingCount = usePendingServicesCount();
  const approve = useApproveService();
  const reject = useRejectService();
  const [rejected, setRejected] = useState<Service | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text triggers it
  useEffect(() => {
    if (debounced.trim() !== search) update({ q: debounced.trim() });
  }, [debounced]);
  useEffect(() => {
    setSearchInput((current) => (current.trim() === search ? current : search));
  }, [search]);

  const doApprove = (service: Service) =>
    approve.mutate(service.id, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: 'Offre approuvée',
          message: `« ${service.name} » est visible et peut recevoir des missions.`,
        }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Approbation impossible',
          message: reviewErrorText(error),
        }),
    });

  const doReject = async (reason: string) => {
    if (!rejected) return;
    const service = rejected;
    await reject.mutateAsync({ id: service.id, input: { reason } });
    setRejected(null);
    notifications.show({
      color: 'gray',
      title: 'Offre refusée',
      message: `${service.infopreneur.fullName} verra le motif sur « ${service.name} ».`,
    });
  };

  const rows = list.data?.data ?? [];
  const lastPage = list.data?.meta.lastPage ?? 1;

  const content = (
    <Stack gap="md">
      <TextInput
        label="Rechercher"
        placeholder="Nom de l’offre ou de l’infopreneur…"
        value={searchInput}
        onChange={(event) => setSearchInput(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        rightSection={
          list.isFetching && !list.isPending ? (
            <Loader size={14} aria-label="Recherche en cours" />
          ) : searchInput ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label="Effacer la recherche"
              onClick={() => setSearchInput('')}
            >
              <IconX size={14} />
            </ActionIcon>
          ) : null
        }
        maxLength={100}
        maw={480}
      />

      {list.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title="Chargement impossible"
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorText(list.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => list.refetch()}>
              Réessayer
            </Button>
          </Stack>
        </Alert>
      ) : list.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label="Chargement des offres">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={160} radius="lg" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" role="status">
          <Stack align="center" gap="xs" ta="center">
            <IconInbox size={36} stroke={1.5} aria-hidden="true" />
            <Text fw={600}>{search ? `Aucune offre pour « ${search} ».` : emptyTexts[status]}</Text>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="md" aria-busy={list.isFetching}>
          <Text size="sm" c="dimmed" aria-live="polite">
            {list.data.meta.total} offre{list.data.meta.total > 1 ? 's' : ''}
          </Text>
          {rows.map((service) => (
            <ServiceReviewCard
              key={service.id}
              service={service}
              approving={approve.isPending && approve.variables === service.id}
              onApprove={() => doApprove(service)}
              onReject={() => {
                reject.reset();
                setRejected(service);
              }}
            />
          ))}
        </Stack>
      )}

      {lastPage > 1 && (
        <Group justify="center">
          <Pagination
            total={lastPage}
            value={Math.min(page, lastPage)}
            onChange={(next) => update({ page: next })}
            getControlProps={(control) => ({
              'aria-label':
                control === 'previous' ? 'Page précédente' : control === 'next' ? 'Page suivante' : undefined,
            })}
            getItemProps={(itemPage) => ({ 'aria-label': `Page ${itemPage}` })}
          />
        </Group>
      )}
    </Stack>
  );

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Offres de formation</Title>
        <Text c="dimmed" maw={720}>
          Vérifiez les offres soumises par les infopreneurs : une offre approuvée devient visible des setters
          et closers, qui peuvent la vendre. Un refus renvoie l’offre à son auteur avec votre motif.
        </Text>
      </Stack>

      <Tabs value={status} onChange={(value) => update({ status: readStatus(value) })}>
        <Tabs.List>
          {tabOrder.map((value) => (
            <Tabs.Tab
              key={value}
              value={value}
              rightSection={
                value === 'pending_review' && pendingCount.data ? (
                  <Badge
                    size="sm"
                    color="orange"
                    variant="light"
                    circle
                    aria-label={`${pendingCount.data} à valider`}
                  >
                    {pendingCount.data}
                  </Badge>
                ) : undefined
              }
            >
              {tabLabels[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabOrder.map((value) => (
          <Tabs.Panel key={value} value={value} pt="lg">
            {value === status ? content : null}
          </Tabs.Panel>
        ))}
      </Tabs>

      <RejectServiceModal
        service={rejected}
        pending={reject.isPending}
        onClose={() => setRejected(null)}
        onSubmit={doReject}
      />
    </Stack>
  );
}
