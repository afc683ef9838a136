import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { marketplaceWording } from '../utils/error-wording';

/* What the detail pages (an offer, a mission) share: the id from the URL, the 404, the load error. */

/** The `:id` of the URL, or a 404 page when it is not a positive whole number. */
export function useRouteId(): number {
  const params = useParams();
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0)
    throw new Response('Page not found', { status: 404, statusText: 'Not Found' });
  return id;
}

/** A 404 from the API shows the error page; any other failure this alert, with a retry. */
export function DetailLoadError({
  error,
  title,
  what,
  retry,
}: {
  error: unknown;
  title: string;
  /** "Cette offre", "Cette mission". */
  what: string;
  retry: () => void;
}) {
  if (isApiError(error) && error.status === 404) throw error;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {what} n’a pas pu être chargée. ({errorMessage(error, marketplaceWording)})
        </Text>
        <Button size="xs" variant="light" color="red" onClick={retry}>
          Réessayer
        </Button>
      </Stack>
    </Alert>
  );
}
