import { AppShell, Badge, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconCategory,
  IconCertificate,
  IconGauge,
  IconSchool,
  IconTools,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Outlet } from 'react-router';
import { ColorSchemeToggle } from '../components/color-scheme-toggle';
import { Logo } from '../components/logo';
import { paths } from '../config/paths';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { ShellNav, type ShellNavSection } from './shell-nav';
import { UserMenu } from './user-menu';

const adminSections: ShellNavSection[] = [
  {
    title: 'Administration',
    items: [
      { to: paths.admin.root, label: "Vue d'ensemble", icon: IconGauge },
      { to: paths.admin.users, label: 'Utilisateurs', icon: IconUsers },
      { to: paths.admin.teams, label: 'Équipes', icon: IconUsersGroup },
      { to: paths.admin.infopreneurFormations, label: 'Offres de formation', icon: IconSchool },
    ],
  },
  {
    title: 'Référentiels',
    items: [
      { to: paths.admin.skills, label: 'Compétences', icon: IconTools },
      { to: paths.admin.formations, label: 'Catalogue des formations', icon: IconCertificate },
      { to: paths.admin.workSectors, label: "Secteurs d'activité", icon: IconCategory },
    ],
  },
  {
    title: 'Application',
    items: [{ to: paths.dashboard.root, label: 'Retour au tableau de bord', icon: IconArrowLeft }],
  },
];

/** `/admin/*`: header and the admin navigation. */
export function AdminLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { data: user } = useCurrentUser();
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Ouvrir le menu"
              aria-expanded={opened}
            />
            <Logo onClick={close} />
            <Badge color="red" variant="light" visibleFrom="xs">
              Admin
            </Badge>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ColorSchemeToggle />
            {user && <UserMenu user={user} />}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <ShellNav sections={adminSections} label="Navigation de l'administration" onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
