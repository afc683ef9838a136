import { Box, Container } from '@mantine/core';
import { Outlet, useMatches } from 'react-router';
import type { RouteHandle } from '../config/route-handle';
import { Footer } from './footer';
import { TopNav } from './top-nav';

/** The public site: top navigation, content, footer (`/app/*` is in the profile layout). */
export function DefaultLayout() {
  const matches = useMatches();
  const fullWidth = (matches[matches.length - 1]?.handle as RouteHandle | undefined)?.fullWidth === true;
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <TopNav />
      <Box component="main" id="main" flex={1}>
        {fullWidth ? (
          <Outlet />
        ) : (
          <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
            <Outlet />
          </Container>
        )}
      </Box>
      <Footer />
    </Box>
  );
}
