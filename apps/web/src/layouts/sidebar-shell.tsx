import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ColorSchemeToggle } from '../components/color-scheme-toggle';
import { Logo } from '../components/logo';
import { paths } from '../config/paths';
import { useCurrentUser } from '../features/auth/api/use-current-user';
import { AccountMenu } from './account-menu';
import { ShellNav, type ShellNavSection } from './shell-nav';

// The bell and the live connection: loaded after the page, for signed-in users only.
const LiveHeaderItems = lazy(() =>
  import('../features/notifications/components/live-header-items').then((m) => ({
    default: m.LiveHeaderItems,
  })),
);

// Shown only while a payment has failed: loaded then, not with every page.
const PastDueBanner = lazy(() =>
  import('../features/billing/components/past-due-banner').then((m) => ({ default: m.PastDueBanner })),
);

/**
 * The app shell of the dashboard and admin layouts: header (burger on small screens, logo,
 * colour mode, user menu) and a sidebar of sections; a link click closes the mobile menu.
 */
export function SidebarShell({
  sections,
  navLabel,
  afterLogo,
}: {
  sections: ShellNavSection[];
  navLabel: string;
  afterLogo?: ReactNode;
}) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { data: user } = useCurrentUser();
  // The billing page says it itself, with more detail.
  const { pathname } = useLocation();
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
            {afterLogo}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ColorSchemeToggle />
            {user && (
              <Suspense fallback={null}>
                <LiveHeaderItems user={user} />
              </Suspense>
            )}
            {user && <AccountMenu user={user} />}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <ShellNav sections={sections} label={navLabel} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="main">
        {user?.paymentPastDueUntil && pathname !== paths.dashboard.billing && (
          <Suspense fallback={null}>
            <PastDueBanner until={user.paymentPastDueUntil} />
          </Suspense>
        )}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
