import { avatarUrl, type CurrentUser, initials, userTypeLabel } from '@closia/shared';
import { Alert, Avatar, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMailExclamation, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ResendVerificationButton } from '../../auth/components/resend-verification-button';

/** Avatar, name, account type and the e-mail verification notice. */
export function ProfileCard({ user }: { user: CurrentUser }) {
  return (
    <Card padding="lg">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="center">
          <Avatar src={avatarUrl(user)} alt={user.fullName} size={72} radius="xl" color="green">
            {initials(user)}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} fz="h3" lineClamp={1}>
              {user.fullName}
            </Title>
            <Group gap="xs">
              <Badge variant="light" data-testid="user-type">
                {userTypeLabel(user)}
              </Badge>
              {user.admin && (
                <Badge variant="light" color="red">
                  Admin
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" truncate>
              {user.email}
            </Text>
          </Stack>
        </Group>
        {!user.emailVerified && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconMailExclamation size={18} />}
            title="Adresse e-mail non vérifiée"
          >
            <Stack gap="sm" align="flex-start">
              <Text size="sm">
                Cliquez sur le lien envoyé à {user.email} pour accéder à la messagerie. Vous ne le trouvez pas
                ?
              </Text>
              <ResendVerificationButton size="xs" variant="light" />
            </Stack>
          </Alert>
        )}
        <Group gap="xs">
          <Button
            component={Link}
            to={paths.app.user(user.id)}
            variant="light"
            size="xs"
            leftSection={<IconUserCircle size={16} />}
          >
            Voir mon profil public
          </Button>
          <Button
            component={Link}
            to={paths.dashboard.settings}
            variant="default"
            size="xs"
            leftSection={<IconSettings size={16} />}
          >
            Paramètres du compte
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
