import { Box, Button, Container, Group } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { ColorSchemeToggle } from '../components/color-scheme-toggle';
import { Logo } from '../components/logo';
import { paths } from '../config/paths';

/** `/onboarding*`: a minimal header with the logo and a way out (the onboarding resumes later), centred content. */
export function OnboardingLayout() {
  return (
    <Box mih="100vh" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Box
        component="header"
        h={64}
        style={{
          borderBottom: '1px solid light-dark(var(--mantine-color-gray-2), var(--mantine-color-dark-5))',
        }}
      >
        <Container size="md" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Logo />
            <Group gap="sm" wrap="nowrap">
              <ColorSchemeToggle />
              <Button
                component={Link}
                to={paths.auth.signOut}
                variant="subtle"
                color="gray"
                size="sm"
                leftSection={<IconLogout size={16} />}
              >
                Se déconnecter
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <Container component="main" id="main" size="sm" py={{ base: 'lg', sm: 48 }}>
        <Outlet />
      </Container>
    </Box>
  );
}
