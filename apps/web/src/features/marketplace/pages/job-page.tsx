import { avatarUrl, initials, type Job } from '@closia/shared';
import { Anchor, Avatar, Badge, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconBriefcase, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Section } from '../../../components/section';
import { paths } from '../../../config/paths';
import { fromNow } from '../../../lib/dayjs';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { useJob } from '../api/get-job';
import { DetailLoadError, useRouteId } from '../components/detail-page';
import { FavoriteButton } from '../components/favorite-button';
import { missionRequirements } from '../components/mission-card';
import { OfferFacts } from '../components/offer-facts';
import { EmptyState } from '../components/query-states';
import { MissionTypeBadge, ReviewStatusBadge } from '../components/status-badges';
import { formatEuro, formatPercent } from '../utils/format';

function JobSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Chargement de l’offre">
      <Skeleton height={18} width={160} />
      <Skeleton height={36} width="55%" />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton height={320} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton height={200} radius="lg" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** `/app/jobs/{id}`: a training offer to sell, what a sale earns, and its open missions. */
export function JobPage() {
  const id = useRouteId();
  const query = useJob(id);
  if (query.isPending) return <JobSkeleton />;
  if (query.isError) {
    return (
      <DetailLoadError
        error={query.error}
        title="Offre indisponible"
        what="Cette offre"
        retry={() => query.refetch()}
      />
    );
  }
  return <JobView job={query.data} />;
}

function JobView({ job }: { job: Job }) {
  const { data: me } = useCurrentUser();
  const owner = me?.id === job.infopreneurId;
  const missions = job.missions;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.app.jobs} size="sm" underline="hover">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden="true" />
          Toutes les offres à vendre
        </Group>
      </Anchor>

      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap="xs" style={{ minWidth: 0 }}>
          {owner && job.validationStatus !== 'approved' && (
            <Group>
              <ReviewStatusBadge status={job.validationStatus} size="lg" />
            </Group>
          )}
          <Title order={1}>{job.name}</Title>
          <Text c="dimmed">
            Commission de{' '}
            <Text span fw={700} c="var(--mantine-color-text)">
              {formatEuro(job.commissionAmount)}
            </Text>{' '}
            par vente ({formatPercent(job.commissionRate)} de {formatEuro(job.price)})
          </Text>
        </Stack>
        {!owner && (
          <FavoriteButton kind="service" id={job.id} favorite={job.favorite} name={job.name} size="xl" />
        )}
      </Group>

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Section title="La formation" testId="job-description">
              <Text style={{ whiteSpace: 'pre-line' }}>{job.description}</Text>
              <OfferFacts service={job} />
              <Anchor href={job.link} target="_blank" rel="noopener noreferrer">
                <Group gap={4} component="span">
                  Voir la page de la formation
                  <IconExternalLink size={14} aria-hidden="true" />
                </Group>
              </Anchor>
            </Section>

            <Section title={`Missions ouvertes (${missions.length})`} testId="job-missions">
              {missions.length === 0 ? (
                <EmptyState icon={IconBriefcase} title="Aucune mission ouverte sur cette offre">
                  L’infopreneur n’a pas encore publié de mission pour la vendre. Ajoutez l’offre à vos favoris
                  pour la retrouver facilement.
                </EmptyState>
              ) : (
                <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {missions.map((mission) => (
                    <Card key={mission.id} component="li" padding="md" data-testid="job-mission">
                      <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
                        <Stack gap={4} style={{ minWidth: 0 }}>
                          <Anchor component={Link} to={paths.app.mission(mission.id)} fw={700}>
                            {mission.title}
                          </Anchor>
                          <Group gap="md">
                            {missionRequirements(mission).map((item) => (
                              <Text key={item.key} size="sm" c="dimmed">
                                {item.text}
                              </Text>
                            ))}
                            <Text size="sm" c="dimmed">
                              Publiée {fromNow(mission.createdAt)}
                            </Text>
                          </Group>
                        </Stack>
                        <MissionTypeBadge type={mission.missionType} />
                      </Group>
                    </Card>
                  ))}
                </Stack>
              )}
            </Section>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Section title="L’infopreneur">
              <Group gap="sm" wrap="nowrap">
                <Avatar
                  src={avatarUrl(job.infopreneur)}
                  alt={job.infopreneur.fullName}
                  size={48}
                  radius="xl"
                  color="green"
                >
                  {initials(job.infopreneur)}
                </Avatar>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={paths.app.user(job.infopreneur.id)} fw={700}>
                    {job.infopreneur.fullName}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    Infopreneur
                  </Text>
                </Stack>
              </Group>
            </Section>
            <Section title="Ce que vous gagnez">
              <Stack gap={4}>
                <Text fz={32} fw={800} lh={1.1}>
                  {formatEuro(job.commissionAmount)}
                </Text>
                <Text size="sm" c="dimmed">
                  par vente conclue, soit {formatPercent(job.commissionRate)} du prix de la formation.
                </Text>
                {missions.length > 0 && (
                  <Badge variant="light" size="lg" tt="none" mt="xs">
                    {missions.length > 1 ? `${missions.length} missions ouvertes` : '1 mission ouverte'}
                  </Badge>
                )}
              </Stack>
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
