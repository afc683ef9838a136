import { Anchor, AspectRatio, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconLock } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, LoadError } from '../../../components/query-states';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useReplay } from '../api/get-replay';

const providerNames = { youtube: 'YouTube', vimeo: 'Vimeo', loom: 'Loom' } as const;

/** `/app/our-webinars/replay/{id}`: the replay in a privacy-enhanced player, or a link to it. */
export function WebinarReplayPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const replay = useReplay(valid ? id : 0);
  const back = (
    <BackLink to={valid ? paths.app.webinar(id) : paths.app.webinars}>Retour au webinaire</BackLink>
  );

  if (!valid || (replay.isError && isApiError(replay.error) && [403, 404].includes(replay.error.status))) {
    const forbidden = isApiError(replay.error) && replay.error.status === 403;
    return (
      <Stack gap="lg">
        <PageHeader above={back} title="Replay du webinaire" />
        <EmptyState
          icon={IconLock}
          title={forbidden ? 'Replay réservé aux inscrits' : 'Replay indisponible'}
          action={
            <Button component={Link} to={paths.app.webinars} variant="light">
              Voir les webinaires à venir
            </Button>
          }
        >
          {replay.error
            ? errorMessage(replay.error, { notFound: 'Aucun replay n’est disponible pour ce webinaire.' })
            : 'Aucun replay n’est disponible pour ce webinaire.'}
        </EmptyState>
      </Stack>
    );
  }
  if (replay.isError) {
    return (
      <Stack gap="lg">
        <PageHeader above={back} title="Replay du webinaire" />
        <LoadError error={replay.error} onRetry={() => replay.refetch()} />
      </Stack>
    );
  }
  const data = replay.data;
  if (!data) {
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Chargement">
        {back}
        <Skeleton height={36} width="60%" />
        <Skeleton height={320} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <PageHeader above={back} title={data.title} description="Replay du webinaire" />
      {data.embedUrl ? (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <AspectRatio ratio={16 / 9}>
            <iframe
              src={data.embedUrl}
              title={`Replay : ${data.title}${data.provider ? ` (${providerNames[data.provider]})` : ''}`}
              sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
              allow="fullscreen; picture-in-picture; encrypted-media"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
              loading="lazy"
              style={{ border: 0 }}
              data-testid="replay-player"
            />
          </AspectRatio>
        </Paper>
      ) : (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm" align="flex-start">
            <Text>Ce replay est hébergé hors de Closia : ouvrez-le dans un nouvel onglet.</Text>
            <Button
              component="a"
              href={data.replayUrl}
              target="_blank"
              rel="noopener noreferrer"
              rightSection={<IconExternalLink size={16} />}
            >
              Regarder le replay
            </Button>
          </Stack>
        </Paper>
      )}
      {data.embedUrl && (
        <Group>
          <Text size="sm" c="dimmed">
            Le lecteur ne s’affiche pas ?{' '}
            <Anchor href={data.replayUrl} target="_blank" rel="noopener noreferrer" underline="always">
              Ouvrir le replay dans un nouvel onglet
            </Anchor>
            .
          </Text>
        </Group>
      )}
    </Stack>
  );
}
