import {
  avatarUrl,
  bannerUrl,
  type CurrentUser,
  hasFinishedOnboarding,
  initials,
  type RegistrationRole,
  registrationRoleLabels,
  registrationRoles,
  userType,
  userTypeLabel,
} from '@closia/shared';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconCircleCheck,
  IconExternalLink,
  IconLayoutDashboard,
  IconLogout,
  IconMailExclamation,
  IconRocket,
  IconSettings,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { dayjs } from '../../../lib/dayjs';
import { useCurrentUser } from '../../auth/api/use-current-user';

/** The account type label; before the onboarding, the role chosen at registration. */
function accountTypeLabel(user: CurrentUser): string {
  if (userType(user) !== 'unknown') return userTypeLabel(user);
  if ((registrationRoles as readonly string[]).includes(user.role ?? '')) {
    return registrationRoleLabels[user.role as RegistrationRole];
  }
  return userTypeLabel(user);
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} component="dt">
        {label}
      </Text>
      <Box component="dd" m={0}>
        {children}
      </Box>
    </Stack>
  );
}

/** `/account`: who I am on Closia, my plan, and where to manage it. */
export function AccountPage() {
  const { data: user } = useCurrentUser();
  if (!user) {
    return (
      <Center py="xl">
        <Loader aria-label="Chargement" />
      </Center>
    );
  }

  const banner = bannerUrl(user);
  const onboardingDone = hasFinishedOnboarding(user) || (user.admin && userType(user) === 'unknown');

  return (
    <Stack gap="lg" maw={880} mx="auto">
      <Title order={1}>Mon compte</Title>

      <Card padding={0} withBorder>
        <Box
          h={{ base: 96, sm: 140 }}
          style={{
            background: banner
              ? `center / cover no-repeat url("${banner}")`
              : 'linear-gradient(120deg, var(--mantine-color-green-light), var(--mantine-color-gray-light))',
          }}
          role={banner ? 'img' : undefined}
          aria-label={banner ? 'Bannière' : undefined}
        />
        <Group px="lg" pb="lg" gap="md" align="flex-end" wrap="wrap" mt={-40}>
          <Avatar
            src={avatarUrl(user)}
            alt={user.fullName}
            size={96}
            radius={999}
            color="green"
            style={{ border: '4px solid var(--mantine-color-body)' }}
          >
            {initials(user)}
          </Avatar>
          <Stack gap={4} style={{ flex: '1 1 200px', minWidth: 0 }}>
            <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
              {user.fullName}
            </Title>
            <Group gap="xs">
              <Badge variant="light">{accountTypeLabel(user)}</Badge>
              {user.admin && (
                <Badge variant="light" color="red">
                  Admin
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
      </Card>

      {!onboardingDone && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconRocket size={18} />}
          title="Votre profil professionnel n’est pas terminé"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Terminez-le pour accéder à votre tableau de bord et aux missions.</Text>
            <Button component={Link} to={paths.onboarding.root} size="xs">
              Terminer mon profil
            </Button>
          </Stack>
        </Alert>
      )}

      <Card padding="lg" withBorder>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="lg" m={0}>
          <Detail label="Adresse e-mail">
            <Group gap="xs">
              <Text style={{ overflowWrap: 'anywhere' }}>{user.email}</Text>
              {user.emailVerified ? (
                <Badge color="green" variant="light" leftSection={<IconCircleCheck size={12} />}>
                  Vérifiée
                </Badge>
              ) : (
                <Badge color="yellow" variant="light" leftSection={<IconMailExclamation size={12} />}>
                  Non vérifiée
                </Badge>
              )}
            </Group>
          </Detail>
          <Detail label="Type de compte">
            <Text>{accountTypeLabel(user)}</Text>
          </Detail>
          <Detail label="Membre depuis">
            <Text>{dayjs(user.createdAt).format('D MMMM YYYY')}</Text>
          </Detail>
          <Detail label="Formule">
            <Stack gap={4}>
              <Group gap="xs">
                <Badge variant="outline" color="gray">
                  Gratuit
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                Les formules Pro et Équipe arrivent avec la{' '}
                <Anchor component={Link} to={paths.pricing} size="sm">
                  page Tarifs
                </Anchor>
                .
              </Text>
            </Stack>
          </Detail>
        </SimpleGrid>
      </Card>

      <Card padding="lg" withBorder>
        <Stack gap="sm">
          <Title order={2} fz="h4">
            Raccourcis
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="sm">
            <Button
              component={Link}
              to={paths.dashboard.settings}
              variant="default"
              leftSection={<IconSettings size={16} />}
            >
              Paramètres
            </Button>
            <Button
              component={Link}
              to={paths.app.user(user.id)}
              variant="default"
              leftSection={<IconExternalLink size={16} />}
            >
              Profil public
            </Button>
            <Button
              component={Link}
              to={paths.dashboard.root}
              variant="default"
              leftSection={<IconLayoutDashboard size={16} />}
            >
              Tableau de bord
            </Button>
            <Button
              component={Link}
              to={paths.auth.signOut}
              variant="light"
              color="red"
              leftSection={<IconLogout size={16} />}
            >
              Déconnexion
            </Button>
          </SimpleGrid>
        </Stack>
      </Card>
    </Stack>
  );
}
