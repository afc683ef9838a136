import type { Mission, Service } from '@closia/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Divider,
  Drawer,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCircleX,
  IconDoorExit,
  IconExternalLink,
  IconEye,
  IconHourglass,
  IconPencil,
  IconPlus,
  IconSchool,
  IconSend,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { pageState, useUrlState } from '../../../lib/url-state';
import { useCloseMission } from '../api/close-mission';
import { useDeleteMission } from '../api/delete-mission';
import { useDeleteService } from '../api/delete-service';
import { useMyMissions } from '../api/get-my-missions';
import { useMyServices } from '../api/get-my-services';
import { usePublishMission } from '../api/publish-mission';
import { useSubmitService } from '../api/submit-service';
import { ApplicantList } from '../components/applicant-list';
import { MissionFormModal } from '../components/mission-form-modal';
import { locationText } from '../components/offer-facts';
import { EmptyState, ListPagination, LoadError } from '../components/query-states';
import { ServiceFormModal } from '../components/service-form-modal';
import {
  ActivityStatusBadge,
  LifecycleBadge,
  MissionStatusBadge,
  MissionTypeBadge,
  ReviewStatusBadge,
} from '../components/status-badges';
import { marketplaceWording } from '../utils/error-wording';
import { countText, formatEuro, formatHours, formatPercent } from '../utils/format';

const PER_PAGE = 10;

type Dialog =
  | { type: 'service'; service: Service | null }
  | { type: 'delete-service'; service: Service }
  | { type: 'mission'; service: Service; mission: Mission | null }
  | { type: 'delete-mission'; mission: Mission }
  | { type: 'applicants'; mission: Mission }
  | null;

function ServicesSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Chargement de vos offres">
      {[0, 1].map((index) => (
        <Card key={index} padding="lg">
          <Stack gap="sm">
            <Skeleton height={24} width="50%" />
            <Skeleton height={16} width="70%" />
            <Skeleton height={80} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function MissionRows({
  service,
  missions,
  onDialog,
}: {
  service: Service;
  missions: Mission[];
  onDialog: (dialog: Dialog) => void;
}) {
  const publish = usePublishMission();
  const close = useCloseMission();
  const failed = (error: unknown) =>
    notifications.show({
      color: 'red',
      title: 'Action impossible',
      message: errorMessage(error, marketplaceWording),
    });

  if (missions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {service.validationStatus === 'approved'
          ? 'Aucune mission : créez-en une pour recruter des setters et closers sur cette offre.'
          : 'Les missions se créent une fois l’offre approuvée.'}
      </Text>
    );
  }

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" aria-label={`Missions de « ${service.name} »`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Mission</Table.Th>
            <Table.Th>Statut</Table.Th>
            <Table.Th>Candidatures</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {missions.map((mission) => (
            <Table.Tr key={mission.id} data-testid="mission-row">
              <Table.Td>
                <Stack gap={2}>
                  <Anchor component={Link} to={paths.app.mission(mission.id)} fw={600}>
                    {mission.title}
                  </Anchor>
                  <Group gap={4}>
                    <MissionTypeBadge type={mission.missionType} size="sm" />
                  </Group>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <LifecycleBadge status={mission.status} size="sm" />
                  {mission.status === 'published' && (
                    <MissionStatusBadge status={mission.missionStatus} size="sm" />
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconUsers size={14} />}
                  onClick={() => onDialog({ type: 'applicants', mission })}
                >
                  {countText(mission.applicationCount ?? 0, 'candidature')}
                  <VisuallyHidden> pour « {mission.title} »</VisuallyHidden>
                  {mission.acceptedCount > 0 &&
                    `\u00a0· ${mission.acceptedCount} acceptée${mission.acceptedCount > 1 ? 's' : ''}`}
                </Button>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {mission.status === 'draft' && (
                    <Button
                      size="compact-sm"
                      leftSection={<IconSend size={14} />}
                      loading={publish.isPending && publish.variables === mission.id}
                      onClick={() =>
                        publish.mutate(mission.id, {
                          onSuccess: () =>
                            notifications.show({
                              color: 'green',
                              title: 'Mission publiée',
                              message: `« ${mission.title} » est visible des setters et closers.`,
                            }),
                          onError: failed,
                        })
                      }
                      aria-label={`Publier « ${mission.title} »`}
                    >
                      Publier
                    </Button>
                  )}
                  {mission.status === 'published' && mission.missionStatus !== 'closed' && (
                    <Tooltip label="Fermer (plus de candidatures)">
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        loading={close.isPending && close.variables === mission.id}
                        onClick={() =>
                          close.mutate(mission.id, {
                            onSuccess: () =>
                              notifications.show({
                                color: 'gray',
                                title: 'Mission fermée',
                                message: `« ${mission.title} » n’accepte plus de candidatures.`,
                              }),
                            onError: failed,
                          })
                        }
                        aria-label={`Fermer « ${mission.title} »`}
                      >
                        <IconDoorExit size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <Tooltip label="Modifier">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      onClick={() => onDialog({ type: 'mission', service, mission })}
                      aria-label={`Modifier « ${mission.title} »`}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Supprimer">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => onDialog({ type: 'delete-mission', mission })}
                      aria-label={`Supprimer « ${mission.title} »`}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ServiceCard({
  service,
  missions,
  missionsLoading,
  onDialog,
}: {
  service: Service;
  missions: Mission[];
  missionsLoading: boolean;
  onDialog: (dialog: Dialog) => void;
}) {
  const submit = useSubmitService();
  const canSubmit = service.validationStatus === 'not_submitted' || service.validationStatus === 'rejected';
  const approved = service.validationStatus === 'approved';
  const titleId = `service-${service.id}-title`;

  return (
    <Card padding="lg" component="section" aria-labelledby={titleId} data-testid="service-card">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={6} style={{ flex: '1 1 300px', minWidth: 0 }}>
            <Title order={2} fz="h4" id={titleId}>
              {service.name}
            </Title>
            <Group gap={6}>
              <ReviewStatusBadge status={service.validationStatus} data-testid="review-status" />
              {approved && <ActivityStatusBadge status={service.status} />}
            </Group>
          </Stack>
          <Group gap="xs">
            {canSubmit && (
              <Button
                size="sm"
                leftSection={<IconSend size={16} />}
                loading={submit.isPending}
                onClick={() =>
                  submit.mutate(service.id, {
                    onSuccess: () =>
                      notifications.show({
                        color: 'green',
                        title: 'Validation demandée',
                        message: `Un administrateur va vérifier « ${service.name} ».`,
                      }),
                    onError: (error) =>
                      notifications.show({
                        color: 'red',
                        title: 'Demande impossible',
                        message: errorMessage(error, marketplaceWording),
                      }),
                  })
                }
              >
                Demander la validation
              </Button>
            )}
            <Button
              size="sm"
              variant="default"
              leftSection={<IconPencil size={16} />}
              onClick={() => onDialog({ type: 'service', service })}
              aria-label={`Modifier « ${service.name} »`}
            >
              Modifier
            </Button>
            {approved && (
              <Tooltip label="Voir la page publique">
                <ActionIcon
                  component={Link}
                  to={paths.app.job(service.id)}
                  variant="default"
                  size="lg"
                  aria-label={`Voir la page publique de « ${service.name} »`}
                >
                  <IconEye size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label="Ouvrir le lien de la formation">
              <ActionIcon
                component="a"
                href={service.link}
                target="_blank"
                rel="noopener noreferrer"
                variant="default"
                size="lg"
                aria-label={`Ouvrir le lien de « ${service.name} » (nouvel onglet)`}
              >
                <IconExternalLink size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Supprimer l’offre">
              <ActionIcon
                variant="default"
                color="red"
                size="lg"
                onClick={() => onDialog({ type: 'delete-service', service })}
                aria-label={`Supprimer « ${service.name} »`}
              >
                <IconTrash size={18} color="var(--mantine-color-red-text)" />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>

        <Group gap="lg">
          <Text size="sm">
            <Text span c="dimmed">
              Prix{' '}
            </Text>
            <strong>{formatEuro(service.price)}</strong>
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              Commission{' '}
            </Text>
            <strong>{formatEuro(service.commissionAmount)}</strong> par vente (
            {formatPercent(service.commissionRate)})
          </Text>
          <Text size="sm" c="dimmed">
            {formatHours(service.duration)} · {locationText(service.locationType, service.location)}
          </Text>
        </Group>

        {service.validationStatus === 'rejected' && (
          <Alert
            color="red"
            variant="light"
            icon={<IconCircleX size={18} />}
            title="Offre refusée par un administrateur"
            data-testid="rejection-reason"
          >
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {service.rejectionReason || 'Aucun motif précisé.'}
            </Text>
            <Text size="sm" mt={4}>
              Modifiez l’offre en conséquence, puis demandez une nouvelle validation.
            </Text>
          </Alert>
        )}
        {service.validationStatus === 'pending_review' && (
          <Alert color="orange" variant="light" icon={<IconHourglass size={18} />}>
            Un administrateur vérifie cette offre. Elle sera visible des setters et closers dès son
            approbation.
          </Alert>
        )}
        {service.validationStatus === 'not_submitted' && (
          <Text size="sm" c="dimmed">
            Brouillon : demandez la validation pour rendre l’offre visible et y rattacher des missions.
          </Text>
        )}

        <Divider />

        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <Title order={3} fz="h5">
              Missions{missions.length > 0 ? ` (${missions.length})` : ''}
            </Title>
            <Tooltip label="Disponible une fois l’offre approuvée" disabled={approved}>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconPlus size={14} />}
                disabled={!approved}
                onClick={() => onDialog({ type: 'mission', service, mission: null })}
                aria-label={`Nouvelle mission pour « ${service.name} »`}
              >
                Nouvelle mission
              </Button>
            </Tooltip>
          </Group>
          {missionsLoading ? (
            <Skeleton height={48} />
          ) : (
            <MissionRows service={service} missions={missions} onDialog={onDialog} />
          )}
        </Stack>
      </Stack>
    </Card>
  );
}

/** `/dashboard/services`: the infopreneur's training offers, their review, their missions and applicants. */
export function ServicesPage() {
  const [{ page }, setPage] = useUrlState(pageState);
  const services = useMyServices({ page, perPage: PER_PAGE });
  const missions = useMyMissions({ perPage: 100 });
  const deleteService = useDeleteService();
  const deleteMission = useDeleteMission();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const missionsOf = (serviceId: number) =>
    (missions.data?.data ?? []).filter(
      (mission) => mission.serviceId === serviceId && mission.status !== 'deleted',
    );

  const openDialog = (next: Dialog) => {
    deleteService.reset();
    deleteMission.reset();
    setDialog(next);
  };

  const newOffer = (
    <Button
      leftSection={<IconPlus size={16} />}
      onClick={() => openDialog({ type: 'service', service: null })}
    >
      Nouvelle offre
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Mes offres de formation"
        description="Créez vos offres, faites-les valider, puis publiez des missions pour recruter les setters et closers qui les vendront."
        actions={newOffer}
      />

      {services.isPending ? (
        <ServicesSkeleton />
      ) : services.isError ? (
        <LoadError error={services.error} onRetry={() => services.refetch()} />
      ) : services.data.data.length === 0 ? (
        <EmptyState icon={IconSchool} title="Aucune offre pour le moment" action={newOffer}>
          Présentez votre formation, son prix et la commission que vous versez par vente : une fois validée
          par notre équipe, les setters et closers pourront la vendre.
        </EmptyState>
      ) : (
        <Stack gap="md" aria-busy={services.isFetching}>
          {missions.isError && (
            <LoadError
              error={missions.error}
              onRetry={() => missions.refetch()}
              title="Missions indisponibles"
            />
          )}
          <Group gap="xs">
            <Badge variant="light" color="gray" tt="none" size="lg">
              {services.data.meta.total} offre{services.data.meta.total > 1 ? 's' : ''}
            </Badge>
          </Group>
          {services.data.data.map((service) => (
            <ServiceCard
              key={service.id}
              service={service}
              missions={missionsOf(service.id)}
              missionsLoading={missions.isPending}
              onDialog={openDialog}
            />
          ))}
          <ListPagination
            page={page}
            lastPage={services.data.meta.lastPage}
            onChange={(next) => setPage({ page: next })}
          />
        </Stack>
      )}

      <ServiceFormModal
        opened={dialog?.type === 'service'}
        service={dialog?.type === 'service' ? dialog.service : null}
        onClose={close}
      />
      <MissionFormModal
        opened={dialog?.type === 'mission'}
        service={dialog?.type === 'mission' ? dialog.service : null}
        mission={dialog?.type === 'mission' ? dialog.mission : null}
        onClose={close}
      />
      <ConfirmModal
        opened={dialog?.type === 'delete-service'}
        title="Supprimer l’offre"
        confirmLabel="Supprimer"
        pending={deleteService.isPending}
        error={deleteService.error}
        onClose={close}
        onConfirm={() => {
          if (dialog?.type !== 'delete-service') return;
          const { service } = dialog;
          deleteService.mutate(service.id, {
            onSuccess: () => {
              close();
              notifications.show({
                color: 'green',
                title: 'Offre supprimée',
                message: `« ${service.name} » a été supprimée.`,
              });
            },
          });
        }}
      >
        Supprimer <strong>« {dialog?.type === 'delete-service' ? dialog.service.name : ''} »</strong> ? Ses
        missions seront fermées et elle ne sera plus proposée à la vente.
      </ConfirmModal>
      <ConfirmModal
        opened={dialog?.type === 'delete-mission'}
        title="Supprimer la mission"
        confirmLabel="Supprimer"
        pending={deleteMission.isPending}
        error={deleteMission.error}
        onClose={close}
        onConfirm={() => {
          if (dialog?.type !== 'delete-mission') return;
          const { mission } = dialog;
          deleteMission.mutate(mission.id, {
            onSuccess: () => {
              close();
              notifications.show({
                color: 'green',
                title: 'Mission supprimée',
                message: `« ${mission.title} » a été supprimée.`,
              });
            },
          });
        }}
      >
        Supprimer <strong>« {dialog?.type === 'delete-mission' ? dialog.mission.title : ''} »</strong> ? Elle
        n’apparaîtra plus dans les recherches et n’acceptera plus de candidatures.
      </ConfirmModal>
      <Drawer
        opened={dialog?.type === 'applicants'}
        onClose={close}
        position="right"
        size="xl"
        title={dialog?.type === 'applicants' ? `Candidatures — ${dialog.mission.title}` : 'Candidatures'}
        closeButtonProps={{ 'aria-label': 'Fermer' }}
      >
        {dialog?.type === 'applicants' && <ApplicantList missionId={dialog.mission.id} cols={{ base: 1 }} />}
      </Drawer>
    </Stack>
  );
}
