import { errorPageContent, pageTitle } from '@closia/shared';
import { Anchor, Box, Button, Center, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../config/paths';

/*
 * The error page's look, loaded only when an error shows (a lazy chunk: it is not part of the first
 * load). The logic that must work even when chunks cannot be fetched lives in route-error-page.tsx
 * and error-screen.tsx.
 */

export interface ErrorViewProps {
  status: number;
  /** "Retour à l'accueil": clears the error and goes to `/`. */
  onHome: () => void;
  /** Inside the router the support link is a client-side link; outside (top-level boundary), a plain one. */
  inRouter?: boolean;
}

/** The error page of spec §2: status code, title, message, "Retour à l'accueil", "Contactez le support". */
export function ErrorView({ status, onHome, inRouter = true }: ErrorViewProps) {
  const { title, message } = errorPageContent(status);

  useEffect(() => {
    document.title = pageTitle({ pathname: window.location.pathname, error: { status } });
  }, [status]);

  return (
    <Box component="main" mih="100vh" bg="var(--mantine-color-body)">
      <Center mih="100vh" px="md">
        <Container size={560}>
          <Stack align="center" ta="center" gap="md">
            <Text
              component="p"
              fw={900}
              lh={1}
              fz={{ base: 96, sm: 140 }}
              c="green.7"
              style={{ letterSpacing: '-0.04em' }}
              data-testid="error-status"
            >
              {status}
            </Text>
            <Title order={1}>{title}</Title>
            <Text c="dimmed" size="lg">
              {message}
            </Text>
            <Stack gap="sm" align="center" mt="md">
              <Button size="md" leftSection={<IconArrowLeft size={18} />} onClick={onHome}>
                Retour à l'accueil
              </Button>
              {inRouter ? (
                <Anchor component={Link} to={paths.support}>
                  Contactez le support
                </Anchor>
              ) : (
                <Anchor href={paths.support}>Contactez le support</Anchor>
              )}
            </Stack>
          </Stack>
        </Container>
      </Center>
    </Box>
  );
}

/** Catch-all route: 404. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return <ErrorView status={404} onHome={() => navigate(paths.home)} />;
}
