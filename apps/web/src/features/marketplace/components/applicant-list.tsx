import type { Application } from '@closia/shared';
import { Blockquote, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconUsers, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { type ApplicationDecision, useDecideApplication } from '../api/decide-application';
import { useMissionApplications } from '../api/get-mission-applications';
import { marketplaceWording } from '../utils/error-wording';
import { formatShortDateTime } from '../utils/format';
import { FreelancerResultCard } from './freelancer-card';
import { CardGridSkeleton, EmptyState, LoadError } from './query-states';
import { ApplicationStatusBadge } from './status-badges';

const decisionTexts: Record<'accept' | 'decline', { title: string; message: (name: string) => string }> = {
  accept: {
    title: 'Candidature acceptée',
    message: (name) => `${name} rejoint la mission et peut désormais vendre votre offre.`,
  },
  decline: { title: 'Candidature refusée', message: (name) => `La candidature de ${name} a été refusée.` },
};

/** Best matches first, then the most recent; decided applications after the pending ones. */
function sortApplications(applications: Application[]): Application[] {
  const rank = (application: Application) => (application.status === 'pending' ? 0 : 1);
  return [...applications].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (b.applicant.match?.score ?? 0) - (a.applicant.match?.score ?? 0) ||
      b.createdAt.localeCompare(a.createdAt),
  );
}

/** The applicants of one of the owner's missions: their card, match and message; accept or decline. */
export function ApplicantList({
  missionId,
  cols = { base: 1, md: 2 },
}: {
  missionId: number;
  cols?: Record<string, number>;
}) {
  const list = useMissionApplications(missionId);
  const decide = useDecideApplication();
  const [pending, setPending] = useState<{ id: number; decision: ApplicationDecision } | null>(null);

  const act = (application: Application, decision: 'accept' | 'decline') => {
    setPending({ id: application.id, decision });
    decide.mutate(
      { id: application.id, decision, missionId },
      {
        onSuccess: () =>
          notifications.show({
            color: decision === 'accept' ? 'green' : 'gray',
            title: decisionTexts[decision].title,
            message: decisionTexts[decision].message(application.applicant.fullName),
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'Action impossible',
            message: errorMessage(error, marketplaceWording),
          }),
        onSettled: () => setPending(null),
      },
    );
  };

  if (list.isPending) return <CardGridSkeleton count={2} cols={cols} />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => list.refetch()} />;
  if (list.data.data.length === 0) {
    return (
      <EmptyState icon={IconUsers} title="Aucune candidature pour le moment">
        Les setters et closers qui postulent à cette mission apparaîtront ici, avec leur profil et leur
        correspondance avec vos critères.
      </EmptyState>
    );
  }

  return (
    <SimpleGrid cols={cols} spacing="md" data-testid="applicant-list">
      {sortApplications(list.data.data).map((application) => (
        <FreelancerResultCard key={application.id} freelancer={application.applicant}>
          <Stack gap="xs">
            <Group justify="space-between" gap="xs">
              <ApplicationStatusBadge status={application.status} />
              <Text size="xs" c="dimmed">
                Reçue le {formatShortDateTime(application.createdAt)}
              </Text>
            </Group>
            <Blockquote p="sm" color="gray" style={{ whiteSpace: 'pre-line' }} fz="sm">
              {application.message}
            </Blockquote>
            {application.status === 'pending' && (
              <Group gap="sm">
                <Button
                  leftSection={<IconCheck size={16} />}
                  loading={pending?.id === application.id && pending.decision === 'accept'}
                  disabled={pending?.id === application.id}
                  onClick={() => act(application, 'accept')}
                  aria-label={`Accepter la candidature de ${application.applicant.fullName}`}
                >
                  Accepter
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconX size={16} />}
                  loading={pending?.id === application.id && pending.decision === 'decline'}
                  disabled={pending?.id === application.id}
                  onClick={() => act(application, 'decline')}
                  aria-label={`Refuser la candidature de ${application.applicant.fullName}`}
                >
                  Refuser
                </Button>
              </Group>
            )}
          </Stack>
        </FreelancerResultCard>
      ))}
    </SimpleGrid>
  );
}
