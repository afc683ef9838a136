import { avatarUrl, bannerUrl, initials, type PublicUser, userTypeLabel } from '@closia/shared';
import { Avatar, Badge, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMapPin, IconMessage, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** Banner, avatar, name, type, location, availability and presence; "Modifier mon profil" on one's own, "Contacter" on the others'. */
export function ProfileHeader({ user, own }: { user: PublicUser; own: boolean }) {
  const banner = bannerUrl(user);
  return (
    <Card padding={0} radius="lg">
      <Box
        h={{ base: 120, sm: 200 }}
        data-testid="profile-banner"
        style={{
          backgroundImage: banner
            ? `url("${banner}")`
            : 'linear-gradient(120deg, light-dark(#dcfce7, #193a2a) 0%, light-dark(#e0f2fe, #1b3450) 55%, light-dark(#f3e8ff, #2e2346) 100%)',
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
        role={banner ? 'img' : undefined}
        aria-label={banner ? `Bannière de ${user.fullName}` : undefined}
      />
      <Stack gap="sm" px={{ base: 'md', sm: 'xl' }} pb="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Avatar
            src={avatarUrl(user)}
            alt={user.fullName}
            size={112}
            radius={999}
            color="green"
            mt={-56}
            style={{ border: '4px solid var(--mantine-color-body)', background: 'var(--mantine-color-body)' }}
          >
            <Text fz={36} fw={700} inherit>
              {initials(user)}
            </Text>
          </Avatar>
          {own ? (
            <Button
              component={Link}
              to={paths.dashboard.settings}
              variant="default"
              leftSection={<IconPencil size={16} />}
            >
              Modifier mon profil
            </Button>
          ) : (
            <Button
              component={Link}
              to={`${paths.dashboard.messagesNew}?userId=${user.id}`}
              leftSection={<IconMessage size={16} />}
            >
              Contacter
            </Button>
          )}
        </Group>
        <Stack gap={6}>
          <Group gap="sm" align="center">
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {user.fullName}
            </Title>
            {user.online && (
              <Group gap={6} wrap="nowrap" data-testid="online">
                <Box
                  w={10}
                  h={10}
                  bg="green.6"
                  style={{ borderRadius: '50%', boxShadow: '0 0 0 3px rgba(34, 197, 94, 0.25)' }}
                  aria-hidden="true"
                />
                <Text
                  size="sm"
                  c="light-dark(var(--mantine-color-green-8), var(--mantine-color-green-4))"
                  fw={600}
                >
                  En ligne
                </Text>
              </Group>
            )}
          </Group>
          <Group gap="xs">
            <Badge variant="light" size="lg" data-testid="user-type">
              {userTypeLabel(user)}
            </Badge>
            <Badge
              variant="dot"
              size="lg"
              color={user.available ? 'green' : 'gray'}
              data-testid="availability"
            >
              {user.available ? 'Disponible' : 'Indisponible'}
            </Badge>
          </Group>
          {user.location && (
            <Group gap={6} c="dimmed" wrap="nowrap">
              <IconMapPin size={16} aria-hidden="true" />
              <Text size="sm">{user.location}</Text>
            </Group>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
