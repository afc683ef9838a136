import { type CurrentUser, userTypeLabel } from '@closia/shared';
import { Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconChevronDown,
  IconLayoutDashboard,
  IconLogout,
  IconSettings,
  IconShieldLock,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { marketplaceLinks, ownMarketplaceLinks } from './marketplace-links';
import { UserAvatar } from './user-avatar';

/**
 * Avatar menu of a signed-in user: dashboard, their marketplace pages (by account type), account,
 * settings, administration (admins), sign-out.
 */
export function UserMenu({ user, showName = true }: { user: CurrentUser; showName?: boolean }) {
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton data-testid="user-menu">
          {/* The button's name is this hidden text; avatar and first name are what the eye reads. */}
          <VisuallyHidden>{`${user.fullName}, menu du compte`}</VisuallyHidden>
          <Group gap={8} wrap="nowrap" aria-hidden="true">
            <UserAvatar user={user} />
            {showName && (
              <Text size="sm" fw={600} visibleFrom="md" maw={160} truncate>
                {user.firstName}
              </Text>
            )}
            <IconChevronDown size={14} stroke={1.8} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {user.fullName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {userTypeLabel(user)} · {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to={paths.dashboard.root} leftSection={<IconLayoutDashboard size={16} />}>
          Tableau de bord
        </Menu.Item>
        {ownMarketplaceLinks(user).map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to} leftSection={<link.icon size={16} />}>
            {link.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>Marketplace</Menu.Label>
        {marketplaceLinks(user).map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to} leftSection={<link.icon size={16} />}>
            {link.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item component={Link} to={paths.account} leftSection={<IconUserCircle size={16} />}>
          Mon compte
        </Menu.Item>
        <Menu.Item component={Link} to={paths.dashboard.settings} leftSection={<IconSettings size={16} />}>
          Paramètres
        </Menu.Item>
        {user.admin && (
          <Menu.Item component={Link} to={paths.admin.root} leftSection={<IconShieldLock size={16} />}>
            Administration
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={paths.auth.signOut}
          color="red"
          leftSection={<IconLogout size={16} />}
        >
          Déconnexion
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
