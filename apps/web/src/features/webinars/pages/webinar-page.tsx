import { Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { PageHeader } from '../../../components/page-header';
import { LoadError } from '../../../components/query-states';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { useWebinar } from '../api/get-webinar';
import { OwnerActions, OwnerBox } from '../components/owner-actions';
import { RegisterBox } from '../components/register-box';
import { RegistrantsSection } from '../components/registrants-section';
import { useNow } from '../components/use-now';
import { WebinarFacts } from '../components/webinar-badges';
import { AboutSection, AgendaSection, ExtrasSection, SpeakersSection } from '../components/webinar-details';
import { WebinarWhen } from '../components/webinar-when';
import { countdownText, phaseAt } from '../utils/time';

const wording = { notFound: 'Ce webinaire n’existe pas, a été annulé, ou vous n’y avez pas accès.' };

/** "Commence dans 2 j 3 h", live every second. */
function Countdown({ start, end, now }: { start: string; end: string; now: number }) {
  const phase = phaseAt(start, end, now);
  const left = countdownText(start, now);
  if (phase !== 'upcoming' || !left) return null;
  return (
    <Group gap={6} role="timer" aria-live="off" data-testid="countdown">
      <IconClock size={18} aria-hidden="true" />
      <Text fw={600}>Commence dans {left}</Text>
    </Group>
  );
}

/** `/app/our-webinars/{id}`: everything about a webinar, the registration, and for its owner the registrants. */
export function WebinarPage() {
  const id = Number(useParams().id);
  const webinar = useWebinar(Number.isInteger(id) ? id : 0);
  const now = useNow(1000);
  const back = <BackLink to={paths.app.webinars}>Tous les webinaires</BackLink>;

  if (webinar.isError || !(id > 0)) {
    return (
      <Stack gap="lg">
        {back}
        <LoadError
          error={webinar.error}
          onRetry={() => webinar.refetch()}
          title="Webinaire introuvable"
          describe={(error) => (error ? errorMessage(error, wording) : wording.notFound)}
        />
      </Stack>
    );
  }
  const data = webinar.data;
  if (!data) {
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Chargement">
        {back}
        <Skeleton height={36} width="70%" />
        <Skeleton height={18} width="40%" />
        <Skeleton height={220} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        above={back}
        title={data.title}
        description={
          <Stack gap={6}>
            <WebinarWhen webinar={data} />
            <Text size="sm">Organisé par {data.owner.fullName}</Text>
          </Stack>
        }
        actions={data.canManage ? <OwnerActions webinar={data} /> : undefined}
      />
      <WebinarFacts webinar={data} now={now} />
      <Countdown start={data.startTime} end={data.endTime} now={now} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <AboutSection webinar={data} />
            <AgendaSection webinar={data} />
            <SpeakersSection webinar={data} />
            <ExtrasSection webinar={data} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          {!data.canManage || data.registered ? (
            <RegisterBox webinar={data} now={now} />
          ) : (
            <OwnerBox webinar={data} now={now} />
          )}
        </Grid.Col>
      </Grid>
      {data.canManage && <RegistrantsSection webinar={data} />}
    </Stack>
  );
}
