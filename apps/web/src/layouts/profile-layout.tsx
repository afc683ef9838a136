import { isInfopreneur } from '@closia/shared';
import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
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
import { Outlet } from 'react-router';
import { ColorSchemeToggle } from '../components/color-scheme-toggle';
import { Logo } from '../components/logo';
import { paths } from '../config/paths';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { ShellNav, type ShellNavSection } from './shell-nav';
import { UserMenu } from './user-menu';

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
  const [opened, { toggle, close }] = useDisclosure(false);
  const { data: user } = useCurrentUser();
  const sections = dashboardSections(
    isInfopreneur(user) || user?.role === 'infopreneur',
    user?.unreadMessageCount ?? 0,
  );

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
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ColorSchemeToggle />
            {user && <UserMenu user={user} />}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <ShellNav sections={sections} label="Navigation du tableau de bord" onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
