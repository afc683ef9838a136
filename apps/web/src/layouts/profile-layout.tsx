import { isInfopreneur } from '@closia/shared';
import {
  IconBriefcase,
  IconBuildingStore,
  IconChartBar,
  IconFlame,
  IconLayoutDashboard,
  IconMessages,
  IconNews,
  IconReportMoney,
  IconSchool,
  IconSearch,
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
import type { ShellNavSection } from './shell-nav';
import { SidebarShell } from './sidebar-shell';

function dashboardSections(infopreneur: boolean, unread: number): ShellNavSection[] {
  return [
    {
      title: 'Mon activité',
      items: [
        { to: paths.dashboard.root, label: 'Tableau de bord', icon: IconLayoutDashboard },
        { to: paths.dashboard.prospects, label: 'Prospects', icon: IconUsers },
        { to: paths.dashboard.sales, label: 'Ventes', icon: IconReportMoney, matchPrefix: true },
        { to: paths.dashboard.activeSales, label: 'Ventes actives', icon: IconFlame },
        { to: paths.dashboard.merged, label: 'Vue fusionnée', icon: IconTable },
        { to: paths.dashboard.stats, label: 'Statistiques', icon: IconChartBar },
        ...(infopreneur
          ? [
              { to: paths.dashboard.services, label: 'Mes offres', icon: IconSchool },
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
        { to: paths.app.missions, label: 'Missions', icon: IconBriefcase, matchPrefix: true },
        { to: paths.app.search, label: 'Setters & closers', icon: IconSearch },
        { to: paths.app.jobs, label: 'Offres à vendre', icon: IconBuildingStore, matchPrefix: true },
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

/** `/dashboard/*`: header, sidebar of the dashboard sections, burger on small screens. */
export function ProfileLayout() {
  const { data: user } = useCurrentUser();
  const sections = dashboardSections(
    isInfopreneur(user) || user?.role === 'infopreneur',
    user?.unreadMessageCount ?? 0,
  );
  return <SidebarShell sections={sections} navLabel="Navigation du tableau de bord" />;
}
