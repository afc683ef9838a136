import { Box, Burger, Button, Container, Divider, Group, Skeleton, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { ColorSchemeToggle } from '../components/color-scheme-toggle';
import { Logo } from '../components/logo';
import { paths } from '../config/paths';
import { useSessionUser } from '../features/auth/api/session';
import { useDataLayerReady } from '../lib/data-layer-ready';
import classes from './default-layout.module.css';

// The bell and the live connection: loaded after the page, for signed-in users only.
const LiveHeaderItems = lazy(() =>
  import('../features/notifications/components/live-header-items').then((m) => ({
    default: m.LiveHeaderItems,
  })),
);

// A signed-in user's links in the mobile menu (with their icons): not for a visitor either.
const MobileUserLinks = lazy(() =>
  import('./mobile-user-links').then((m) => ({ default: m.MobileUserLinks })),
);

// The account menu (a Mantine Menu: popover, focus trap, floating position) only for a signed-in
// user: a visitor of the public site does not download it.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

const navLinks = [
  { to: paths.home, label: 'Accueil' },
  { to: paths.blog.list, label: 'Blog' },
] as const;

/** Top navigation of the public site (spec §2). */
export function TopNav() {
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  // Not the current-user query: the landing page has no data layer (lib/data-layer-ready.ts). The bell and
  // the account menu need it: until it is there, a signed-in user's place shows the placeholder.
  const { data: user, isPending } = useSessionUser();
  const dataReady = useDataLayerReady();

  // Any navigation (a link in the menu, the back button) closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change on purpose
  useEffect(() => close(), [pathname]);

  const links = (className: string | undefined) =>
    navLinks.map((link) => (
      <Link
        key={link.to}
        to={link.to}
        className={className}
        aria-current={pathname === link.to ? 'page' : undefined}
        onClick={close}
      >
        {link.label}
      </Link>
    ));

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group justify="space-between" h="100%" wrap="nowrap">
          <Group gap="xl" wrap="nowrap">
            <Logo onClick={close} />
            <Group component="nav" gap={4} visibleFrom="sm" aria-label="Navigation principale">
              {links(classes.link)}
            </Group>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ColorSchemeToggle />
            {isPending || (user && !dataReady) ? (
              <Skeleton height={32} width={32} circle visibleFrom="sm" />
            ) : user ? (
              <>
                <Suspense fallback={null}>
                  <LiveHeaderItems user={user} />
                </Suspense>
                <Box visibleFrom="sm">
                  <Suspense fallback={<Skeleton height={32} width={32} circle />}>
                    <UserMenu user={user} />
                  </Suspense>
                </Box>
              </>
            ) : (
              <Group gap="xs" visibleFrom="sm" wrap="nowrap">
                <Button component={Link} to={paths.auth.signIn} variant="default">
                  Connexion
                </Button>
                <Button component={Link} to={paths.auth.signUp}>
                  Créer mon compte
                </Button>
              </Group>
            )}
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Ouvrir le menu"
              aria-expanded={opened}
              aria-controls="mobile-menu"
            />
          </Group>
        </Group>
      </Container>
      {/* Folds open in CSS (default-layout.module.css): the public frame needs no Mantine Collapse. */}
      <Box hiddenFrom="sm" className={classes.mobileMenu} data-opened={opened || undefined}>
        <div className={classes.mobileMenuInner}>
          <Container size="lg" py="sm" id="mobile-menu">
            <Stack component="nav" gap={4} aria-label="Menu mobile">
              {links(classes.mobileLink)}
              <Divider my="xs" />
              {user ? (
                <Suspense fallback={<Skeleton height={32} width={32} circle mx="sm" />}>
                  <MobileUserLinks user={user} linkClassName={classes.mobileLink} onNavigate={close} />
                </Suspense>
              ) : (
                <Stack gap="xs" px="sm" pb="xs">
                  <Button component={Link} to={paths.auth.signIn} variant="default" fullWidth onClick={close}>
                    Connexion
                  </Button>
                  <Button component={Link} to={paths.auth.signUp} fullWidth onClick={close}>
                    Créer mon compte
                  </Button>
                </Stack>
              )}
            </Stack>
          </Container>
        </div>
      </Box>
    </Box>
  );
}
