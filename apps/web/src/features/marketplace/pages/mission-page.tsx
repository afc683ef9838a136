import { avatarUrl, initials, isCloser, isSetter, type Mission, missionTypeLabels } from '@closia/shared';
import { Anchor, Avatar, Button, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconDoorExit, IconExternalLink, IconSchool, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Section } from '../../../components/section';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dayjs';
import { errorMessage } from '../../../lib/error-message';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { useCloseMission } from '../api/close-mission';
import { useMission } from '../api/get-mission';
import { usePublishMission } from '../api/publish-mission';
import { ApplicantList } from '../components/applicant-list';
import { ApplyPanel } from '../components/apply-panel';
import { DetailLoadError, useRouteId } from '../components/detail-page';
import { FavoriteButton } from '../components/favorite-button';
import { MatchDetails } from '../components/match-details';
import { OfferFacts } from '../components/offer-facts';
import { LifecycleBadge, MissionStatusBadge, MissionTypeBadge } from '../components/status-badges';
import { marketplaceWording } from '../utils/error-wording';
import { formatEuro, formatPercent, formatYears } from '../utils/format';

function MissionSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Chargement de la mission">
      <Skeleton height={18} width={160} />
      <Skeleton height={36} width="60%" />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Skeleton height={160} radius="lg" />
            <Skeleton height={260} radius="lg" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton height={280} radius="lg" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** `/app/missions/{id}`: the mission, the offer it sells, its infopreneur; apply, or (owner) the applicants. */
export function MissionPage() {
  const id = useRouteId();
  const query = useMission(id);
  if (query.isPending) return <MissionSkeleton />;
  if (query.isError) {
    return (
      <DetailLoadError
        error={query.error}
        title="Mission indisponible"
        what="Cette mission"
        retry={() => query.refetch()}
      />
    );
  }
  return <MissionView mission={query.data} />;
}

function requirementsText(mission: Mission) {
  const items: string[] = [
    `Profil recherché : ${missionTypeLabels[mission.missionType] ?? mission.missionType}`,
  ];
  if (mission.minConversionRate !== null && mission.minConversionRate > 0) {
    items.push(
      `Taux de conversion d’au moins ${formatPercent(mission.minConversionRate)} (soit ${(mission.minConversionRate / 10).toLocaleString('fr-FR')}/10 sur le profil du vendeur)`,
    );
  }
  if (mission.minExperience !== null && mission.minExperience > 0) {
    items.push(`Au moins ${formatYears(mission.minExperience)} d’expérience`);
  }
  if (mission.ticket !== null) items.push(`Panier moyen des ventes : ${formatEuro(mission.ticket)}`);
  return items;
}

function OwnerActions({ mission }: { mission: Mission }) {
  const publish = usePublishMission();
  const close = useCloseMission();
  const done = (title: string, message: string) => notifications.show({ color: 'green', title, message });
  const failed = (error: unknown) =>
    notifications.show({
      color: 'red',
      title: 'Action impossible',
      message: errorMessage(error, marketplaceWording),
    });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Vous êtes l’auteur de cette mission.
      </Text>
      {mission.status === 'draft' && (
        <Button
          leftSection={<IconSend size={16} />}
          loading={publish.isPending}
          onClick={() =>
            publish.mutate(mission.id, {
              onSuccess: () =>
                done('Mission publiée', 'Les setters et closers peuvent maintenant y postuler.'),
              onError: failed,
            })
          }
        >
          Publier la mission
        </Button>
      )}
      {mission.status === 'published' && mission.missionStatus !== 'closed' && (
        <Button
          variant="default"
          leftSection={<IconDoorExit size={16} />}
          loading={close.isPending}
          onClick={() =>
            close.mutate(mission.id, {
              onSuccess: () => done('Mission fermée', 'Elle n’accepte plus de candidatures.'),
              onError: failed,
            })
          }
        >
          Fermer la mission
        </Button>
      )}
      <Button component={Link} to={paths.dashboard.services} variant="light">
        Gérer mes offres et missions
      </Button>
    </Stack>
  );
}

function MissionView({ mission }: { mission: Mission }) {
  const { data: me } = useCurrentUser();
  const owner = me?.id === mission.infopreneurId;
  const freelancer = isSetter(me) || isCloser(me);
  const { service, infopreneur } = mission;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.app.missions} size="sm" underline="hover">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden="true" />
          Toutes les missions
        </Group>
      </Anchor>

      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap="xs" style={{ minWidth: 0 }}>
          <Group gap={6}>
            <MissionTypeBadge type={mission.missionType} size="lg" />
            <MissionStatusBadge status={mission.missionStatus} size="lg" />
            {owner && mission.status !== 'published' && <LifecycleBadge status={mission.status} size="lg" />}
          </Group>
          <Title order={1}>{mission.title}</Title>
          <Text c="dimmed" size="sm">
            Publiée le {formatDateTime(mission.createdAt)} · pour « {service.name} »
          </Text>
        </Stack>
        {!owner && (
          <FavoriteButton
            kind="mission"
            id={mission.id}
            favorite={mission.favorite}
            name={mission.title}
            size="xl"
          />
        )}
      </Group>

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Section title="La mission" testId="mission-description">
              {mission.description ? (
                <Text style={{ whiteSpace: 'pre-line' }}>{mission.description}</Text>
              ) : (
                <Text c="dimmed">L’infopreneur n’a pas ajouté de description.</Text>
              )}
              <Stack gap={4} component="ul" style={{ paddingLeft: 18, margin: 0 }}>
                {requirementsText(mission).map((item) => (
                  <Text component="li" key={item} size="sm">
                    {item}
                  </Text>
                ))}
              </Stack>
            </Section>

            <Section title="L’offre à vendre" testId="mission-offer">
              <Group gap="xs" wrap="nowrap">
                <IconSchool size={20} aria-hidden="true" style={{ flexShrink: 0 }} />
                <Anchor component={Link} to={paths.app.job(service.id)} fw={700} fz="lg">
                  {service.name}
                </Anchor>
              </Group>
              <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-line' }}>
                {service.description}
              </Text>
              <OfferFacts service={service} />
              <Anchor href={service.link} target="_blank" rel="noopener noreferrer" size="sm">
                <Group gap={4} component="span">
                  Voir la page de la formation
                  <IconExternalLink size={14} aria-hidden="true" />
                </Group>
              </Anchor>
            </Section>

            {owner && (
              <Section
                title={`Candidatures${mission.applicationCount ? ` (${mission.applicationCount})` : ''}`}
                testId="mission-applicants"
              >
                <ApplicantList missionId={mission.id} cols={{ base: 1, lg: 2 }} />
              </Section>
            )}
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Section title={owner ? 'Gérer la mission' : 'Postuler'} testId="mission-apply">
              {owner ? (
                <OwnerActions mission={mission} />
              ) : (
                <ApplyPanel mission={mission} freelancer={freelancer} />
              )}
            </Section>

            {!owner && mission.match && (
              <Section title="Votre correspondance">
                <MatchDetails match={mission.match} max={8} />
              </Section>
            )}

            <Section title="L’infopreneur">
              <Group gap="sm" wrap="nowrap">
                <Avatar
                  src={avatarUrl(infopreneur)}
                  alt={infopreneur.fullName}
                  size={48}
                  radius="xl"
                  color="green"
                >
                  {initials(infopreneur)}
                </Avatar>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={paths.app.user(infopreneur.id)} fw={700}>
                    {infopreneur.fullName}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    Infopreneur
                  </Text>
                </Stack>
              </Group>
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
