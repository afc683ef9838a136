import { Badge } from '@mantine/core';
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
import { paths } from '../config/paths';
import type { ShellNavSection } from './shell-nav';
import { SidebarShell } from './sidebar-shell';

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
      { to: paths.admin.formationsCatalogue, label: 'Catalogue des formations', icon: IconCertificate },
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
  return (
    <SidebarShell
      sections={adminSections}
      navLabel="Navigation de l'administration"
      afterLogo={
        <Badge color="red" variant="light" visibleFrom="xs">
          Admin
        </Badge>
      }
    />
  );
}
