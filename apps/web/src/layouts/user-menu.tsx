import { type CurrentUser, userTypeLabel } from '@closia/shared';
import { Menu, Text } from '@mantine/core';
import {
  IconLayoutDashboard,
  IconLogout,
  IconSettings,
  IconShieldLock,
  IconUserCircle,
} from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { marketplaceLinks, ownMarketplaceLinks } from './marketplace-links';
import { UserMenuButton } from './user-menu-button';

/**
 * Avatar menu of a signed-in user: dashboard, their marketplace pages (by account type), account,
 * settings, administration (admins), sign-out. `defaultOpened` and `focusTarget`: for the account
 * menu's button that stood in for it while this loaded (account-menu.tsx).
 */
export function UserMenu({
  user,
  showName = true,
  defaultOpened = false,
  focusTarget = false,
}: {
  user: CurrentUser;
  showName?: boolean;
  defaultOpened?: boolean;
  focusTarget?: boolean;
}) {
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTarget) target.current?.focus();
  }, [focusTarget]);
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <UserMenuButton ref={target} user={user} showName={showName} />
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
