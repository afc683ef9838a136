import { type CurrentUser, userType } from '@closia/shared';
import {
  IconAlertTriangle,
  IconCategory,
  IconCertificate,
  IconChecklist,
  IconGauge,
  IconHelpCircle,
  IconMessages,
  IconNews,
  IconSchool,
  IconTools,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { paths } from '../config/paths';
import type { ShellNavItem } from './shell-nav';

/** The administration's pages: its own work, then the reference lists it keeps. */
export const adminLinks = {
  administration: [
    { to: paths.admin.root, label: "Vue d'ensemble", icon: IconGauge },
    { to: paths.admin.users, label: 'Utilisateurs', icon: IconUsers },
    { to: paths.admin.teams, label: 'Équipes', icon: IconUsersGroup },
    { to: paths.admin.infopreneurFormations, label: 'Offres de formation', icon: IconSchool },
    { to: paths.admin.moderation, label: 'Modération', icon: IconAlertTriangle },
    { to: paths.admin.roadmap, label: 'Feuille de route', icon: IconChecklist },
    { to: paths.admin.articles, label: 'Articles', icon: IconNews, matchPrefix: true },
    { to: paths.admin.support, label: 'Support', icon: IconMessages, matchPrefix: true },
    { to: paths.admin.faq, label: 'FAQ', icon: IconHelpCircle },
  ],
  reference: [
    { to: paths.admin.skills, label: 'Compétences', icon: IconTools },
    { to: paths.admin.formationsCatalogue, label: 'Catalogue des formations', icon: IconCertificate },
    { to: paths.admin.workSectors, label: "Secteurs d'activité", icon: IconCategory },
  ],
} satisfies Record<string, ShellNavItem[]>;

/** An admin who is not also a seller or an infopreneur: no dashboard of their own (`/dashboard` → `/admin`). */
export function isAdminOnly(user: CurrentUser | null | undefined): boolean {
  return user?.admin === true && userType(user) === 'unknown';
}
