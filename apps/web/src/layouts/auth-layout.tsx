import { Box, Center, Group, Paper, Stack } from '@mantine/core';
import { Outlet } from 'react-router';
import { ColorSchemeToggle } from '../components/color-scheme-toggle';
import { Logo } from '../components/logo';

/** `/auth/*` ("no layout"): a centred card on a soft background. */
export function AuthLayout() {
  return (
    <Box
      mih="100vh"
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
      style={{
        backgroundImage:
          'radial-gradient(60rem 30rem at 50% -10%, light-dark(rgba(34, 197, 94, 0.12), rgba(34, 197, 94, 0.08)), transparent)',
      }}
    >
      <Center mih="100vh" px="md" py="xl">
        <Stack w="100%" maw={480} gap="lg">
          <Group justify="space-between">
            <Logo />
            <ColorSchemeToggle />
          </Group>
          <Paper component="main" id="main" withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <Outlet />
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
