import { Anchor, Button, Card, Drawer, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { useDecideApplication } from '../api/decide-application';
import { useMyApplications } from '../api/get-my-applications';
import { marketplaceWording } from '../utils/error-wording';
import { formatDate } from '../utils/format';
import { EmptyState, ListPagination, LoadError } from './query-states';
import { ApplicationStatusBadge, MissionTypeBadge } from './status-badges';

const PER_PAGE = 10;

/** A freelancer's applications (`GET /applications/mine`): where each stands; withdraw a pending one. */
export function MyApplicationsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const list = useMyApplications({ page, perPage: PER_PAGE }, { enabled: opened });
  const withdraw = useDecideApplication();

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Mes candidatures"
      position="right"
      size="md"
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <Stack gap="md">
        {list.isPending ? (
          <Text c="dimmed" size="sm">
            Chargement de vos candidatures…
          </Text>
        ) : list.isError ? (
          <LoadError error={list.error} onRetry={() => list.refetch()} />
        ) : list.data.data.length === 0 ? (
          <EmptyState icon={IconSend} title="Aucune candidature">
            Postulez aux missions qui vous intéressent : vous suivrez ici la réponse des infopreneurs.
          </EmptyState>
        ) : (
          list.data.data.map((application) => (
            <Card key={application.id} padding="md" data-testid="my-application-row">
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Anchor
                    component={Link}
                    to={paths.app.mission(application.missionId)}
                    fw={700}
                    onClick={onClose}
                  >
                    {application.mission.title}
                  </Anchor>
                  <ApplicationStatusBadge status={application.status} />
                </Group>
                <Text size="sm" c="dimmed">
                  « {application.mission.serviceName} » · {application.mission.infopreneur.fullName}
                </Text>
                <Group justify="space-between" gap="xs">
                  <Group gap={6}>
                    <MissionTypeBadge type={application.mission.missionType} size="sm" />
                    <Text size="xs" c="dimmed">
                      Envoyée le {formatDate(application.createdAt)}
                    </Text>
                  </Group>
                  {application.status === 'pending' && (
                    <Button
                      size="compact-sm"
                      variant="default"
                      loading={withdraw.isPending && withdraw.variables?.id === application.id}
                      onClick={() =>
                        withdraw.mutate(
                          { id: application.id, decision: 'withdraw', missionId: application.missionId },
                          {
                            onError: (error) =>
                              notifications.show({
                                color: 'red',
                                title: 'Retrait impossible',
                                message: errorMessage(error, marketplaceWording),
                              }),
                          },
                        )
                      }
                      aria-label={`Retirer ma candidature à « ${application.mission.title} »`}
                    >
                      Retirer
                    </Button>
                  )}
                </Group>
              </Stack>
            </Card>
          ))
        )}
        {list.data && <ListPagination page={page} lastPage={list.data.meta.lastPage} onChange={setPage} />}
      </Stack>
    </Drawer>
  );
}
