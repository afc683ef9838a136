import type { CurrentUser } from '@closia/shared';
import {
  IconChartBar,
  IconFlame,
  IconLayoutDashboard,
  IconMessages,
  IconNews,
  IconReportMoney,
  IconSchool,
  IconSettings,
  IconSpeakerphone,
  IconStar,
  IconTable,
  IconUsers,
  IconUsersGroup,
  IconVideo,
} from '@tabler/icons-react';
import { paths } from '../config/paths';
import { useCurrentUser } from '../features/auth/api/use-current-user';
import { adminLinks, isAdminOnly } from './admin-links';
import { actsAsInfopreneur, marketplaceLinks } from './marketplace-links';
import type { ShellNavSection } from './shell-nav';
import { SidebarShell } from './sidebar-shell';

function dashboardSections(user: CurrentUser | null | undefined): ShellNavSection[] {
  const infopreneur = actsAsInfopreneur(user);
  const unread = user?.unreadMessageCount ?? 0;
  return [
    // Admins only: the administration's pages.
    ...(user?.admin
      ? [{ title: 'Administration', items: [...adminLinks.administration, ...adminLinks.reference] }]
      : []),
    {
      title: 'Mon activité',
      items: [
        ...(isAdminOnly(user)
          ? []
          : [{ to: paths.dashboard.root, label: 'Tableau de bord', icon: IconLayoutDashboard }]),
        { to: paths.dashboard.prospects, label: 'Prospects', icon: IconUsers },
        { to: paths.dashboard.sales, label: 'Ventes', icon: IconReportMoney, matchPrefix: true },
        { to: paths.dashboard.activeSales, label: 'Ventes actives', icon: IconFlame },
        { to: paths.dashboard.merged, label: 'Vue fusionnée', icon: IconTable },
        { to: paths.dashboard.stats, label: 'Statistiques', icon: IconChartBar },
        ...(infopreneur
          ? [
              { to: paths.dashboard.services, label: 'Mes offres et missions', icon: IconSchool },
              { to: paths.dashboard.advertisement, label: 'Publicité', icon: IconSpeakerphone },
            ]
          : []),
      ],
    },
    {
      title: 'Collaboration',
      items: [
        {
          to: paths.dashboard.messages,
          label: 'Messages',
          icon: IconMessages,
          matchPrefix: true,
          badge: unread,
        },
        { to: paths.dashboard.teams, label: 'Équipes', icon: IconUsersGroup, matchPrefix: true },
        { to: paths.dashboard.favorites, label: 'Favoris', icon: IconStar },
      ],
    },
    {
      title: 'Marketplace',
      items: [
        ...marketplaceLinks(user),
        { to: paths.app.webinars, label: 'Webinaires', icon: IconVideo, matchPrefix: true },
        { to: paths.app.posts, label: 'Communauté', icon: IconNews, matchPrefix: true },
      ],
    },
    {
      title: 'Compte',
      items: [{ to: paths.dashboard.settings, label: 'Paramètres', icon: IconSettings }],
    },
  ];
}

/**
 * `/dashboard/*` and `/app/*` (every page of a signed-in member): header, sidebar of the dashboard
 * sections, burger on small screens.
 */
export function ProfileLayout() {
  const { data: user } = useCurrentUser();
  const sections = dashboardSections(user);
  return <SidebarShell sections={sections} navLabel="Navigation du tableau de bord" />;
}
