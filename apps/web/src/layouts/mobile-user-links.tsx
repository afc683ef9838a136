import type { CurrentUser } from '@closia/shared';
import { Box, Group } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { marketplaceLinks, ownMarketplaceLinks } from './marketplace-links';
import { UserAvatar } from './user-avatar';

/**
 * A signed-in user's part of the public frame's mobile menu: with the signed-in frame's chunk
 * (`shell`), so that a visitor of the landing page downloads neither it nor the links' icons.
 */
export function MobileUserLinks({
  user,
  linkClassName,
  onNavigate,
}: {
  user: CurrentUser;
  linkClassName: string | undefined;
  onNavigate: () => void;
}) {
  return (
    <>
      <Group gap="sm" px="sm" py={4}>
        <UserAvatar user={user} />
        <Box fw={600}>{user.fullName}</Box>
      </Group>
      <Link to={paths.dashboard.root} className={linkClassName} onClick={onNavigate}>
        Tableau de bord
      </Link>
      {[...marketplaceLinks(user), ...ownMarketplaceLinks(user)].map((link) => (
        <Link key={link.to} to={link.to} className={linkClassName} onClick={onNavigate}>
          {link.label}
        </Link>
      ))}
      <Link to={paths.dashboard.settings} className={linkClassName} onClick={onNavigate}>
        Paramètres
      </Link>
      {user.admin && (
        <Link to={paths.admin.root} className={linkClassName} onClick={onNavigate}>
          Administration
        </Link>
      )}
      <Link to={paths.auth.signOut} className={linkClassName} onClick={onNavigate}>
        Déconnexion
      </Link>
    </>
  );
}
