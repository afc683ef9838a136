import type { CurrentUser } from '@closia/shared';
import { Badge } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { paths } from '../config/paths';
import { useCurrentUser } from '../features/auth/api/use-current-user';
import { adminLinks, isAdminOnly } from './admin-links';
import { marketplaceLinks } from './marketplace-links';
import type { ShellNavSection } from './shell-nav';
import { SidebarShell } from './sidebar-shell';

function adminSections(user: CurrentUser | null | undefined): ShellNavSection[] {
  return [
    { title: 'Administration', items: adminLinks.administration },
    { title: 'Référentiels', items: adminLinks.reference },
    {
      title: 'Application',
      // An admin with no profile of their own has no dashboard to go back to: the marketplace instead.
      items: isAdminOnly(user)
        ? marketplaceLinks(user)
        : [{ to: paths.dashboard.root, label: 'Retour au tableau de bord', icon: IconArrowLeft }],
    },
  ];
}

/** `/admin/*`: header and the admin navigation. */
export function AdminLayout() {
  const { data: user } = useCurrentUser();
  return (
    <SidebarShell
      sections={adminSections(user)}
      navLabel="Navigation de l'administration"
      afterLogo={
        <Badge color="red" variant="light" visibleFrom="xs">
          Admin
        </Badge>
      }
    />
  );
}
