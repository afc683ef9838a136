import { Box, Container, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { ColorSchemeToggle } from '../components/color-scheme-toggle';
import { Logo } from '../components/logo';

/** `/onboarding*`: a minimal header with the logo, centred content. */
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
          <Group h="100%" justify="space-between">
            <Logo />
            <ColorSchemeToggle />
          </Group>
        </Container>
      </Box>
      <Container component="main" id="main" size="sm" py={{ base: 'lg', sm: 48 }}>
        <Outlet />
      </Container>
    </Box>
  );
}
