import {
  type NotificationCategory,
  notificationCategories,
  notificationCategoryLabels,
} from '@closia/shared';
import { Alert, Skeleton, Stack, Switch } from '@mantine/core';
import { LoadError } from '../../../components/query-states';
import { errorMessage } from '../../../lib/error-message';
import {
  useNotificationPreferences,
  useUpdateNotificationPreferences,
} from '../../notifications/api/notifications';
import { SettingsSection } from './settings-section';

/** Which notifications also go by e-mail, per category (every one still shows in the bell). */
export function NotificationsSection() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();

  const toggle = (category: NotificationCategory, value: boolean) => update.mutate({ [category]: value });

  return (
    <SettingsSection
      id="notifications"
      title="Notifications par e-mail"
      description="Toutes vos notifications arrivent dans la cloche ; choisissez celles qui vous sont aussi envoyées par e-mail."
    >
      {preferences.isPending ? (
        <Stack gap="sm">
          {notificationCategories.map((category) => (
            <Skeleton key={category} h={24} w={280} />
          ))}
        </Stack>
      ) : preferences.isError ? (
        <LoadError error={preferences.error} onRetry={() => void preferences.refetch()} />
      ) : (
        <Stack gap="sm">
          {notificationCategories.map((category) => (
            <Switch
              key={category}
              label={notificationCategoryLabels[category]}
              checked={
                update.isPending && update.variables?.[category] !== undefined
                  ? Boolean(update.variables[category])
                  : preferences.data.email[category]
              }
              disabled={update.isPending}
              onChange={(event) => toggle(category, event.currentTarget.checked)}
            />
          ))}
          {update.isError && (
            <Alert color="red" role="alert" p="xs">
              Votre choix n’a pas été enregistré : {errorMessage(update.error)}
            </Alert>
          )}
        </Stack>
      )}
    </SettingsSection>
  );
}
