import { activityLabel } from '@closia/shared';
import { Alert, Button, Skeleton, Stack, Text, Timeline, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconHistory } from '@tabler/icons-react';
import { errorText } from '../../../lib/api-errors';
import { formatDateTime, fromNow } from '../../../lib/dayjs';
import { useUserActivities } from '../api/get-user-activities';

function TimelineSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Chargement de l'activité">
      {[0, 1, 2].map((row) => (
        <Stack key={row} gap={6}>
          <Skeleton height={14} width="40%" />
          <Skeleton height={10} width="25%" />
        </Stack>
      ))}
    </Stack>
  );
}

/** The signed-in user's recent activity (first 20 entries). */
export function ActivityTimeline() {
  const activities = useUserActivities({ page: 1, perPage: 20 });

  if (activities.isPending) return <TimelineSkeleton />;

  if (activities.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title="Impossible de charger l'activité"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            Votre historique d’activité n’a pas pu être chargé. ({errorText(activities.error)})
          </Text>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => activities.refetch()}
            loading={activities.isFetching}
          >
            Réessayer
          </Button>
        </Stack>
      </Alert>
    );
  }

  const items = activities.data.data;
  if (items.length === 0) {
    return (
      <Stack align="center" gap="xs" py="lg" c="dimmed">
        <IconHistory size={32} stroke={1.5} aria-hidden="true" />
        <Text c="dimmed">Aucune activité pour le moment</Text>
      </Stack>
    );
  }

  return (
    <Timeline bulletSize={14} lineWidth={2} active={items.length} aria-label="Activité récente">
      {items.map((activity) => {
        const { label, color } = activityLabel(activity.action);
        return (
          <Timeline.Item key={activity.id} color={color} title={label} lineVariant="solid">
            {activity.description && (
              <Text size="sm" c="dimmed">
                {activity.description}
              </Text>
            )}
            <Tooltip label={formatDateTime(activity.createdAt)} withinPortal>
              <Text size="xs" c="dimmed" component="time" dateTime={activity.createdAt} mt={2}>
                {fromNow(activity.createdAt)}
              </Text>
            </Tooltip>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
