import { errorPageContent, pageTitle } from '@closia/shared';
import { Anchor, Box, Button, Center, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from 'react-router';
import { paths } from '../config/paths';
import { isApiError } from '../lib/api-client';
import { isChunkLoadError } from '../lib/chunk-errors';
import { guardedReload } from '../lib/reload-guard';

/** The HTTP-like status an error stands for: a route response's or an API error's, else 500. */
export function errorStatus(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (isApiError(error) && error.status >= 400) return error.status;
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') {
    return error.status >= 400 && error.status < 600 ? error.status : 500;
  }
  return 500;
}

interface ErrorViewProps {
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

/** `errorElement` of the router: loader errors, render errors, unknown guards, failed chunks. */
export function RouteErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const chunkError = isChunkLoadError(error);
  // A failed chunk reloads the page once (10 s guard); if the guard refuses, the error shows.
  const [reloadRefused, setReloadRefused] = useState(false);

  useEffect(() => {
    if (chunkError) {
      if (!guardedReload('chunk load failure')) setReloadRefused(true);
      return;
    }
    if (!isRouteErrorResponse(error)) console.error('Route error', error);
  }, [error, chunkError]);

  if (chunkError && !reloadRefused) return null;
  // Navigating to `/` replaces the errored state of the router: the error is cleared.
  return <ErrorView key={location.key} status={errorStatus(error)} onHome={() => navigate(paths.home)} />;
}

/** Catch-all route: 404. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return <ErrorView status={404} onHome={() => navigate(paths.home)} />;
}
