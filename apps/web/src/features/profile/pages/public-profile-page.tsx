import { activeProfile, type PublicSalesProfile, type PublicUser, userType } from '@closia/shared';
import { Alert, Button, Card, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-errors';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { usePublicUser } from '../api/get-public-user';
import { ProfileHeader } from '../components/profile-header';
import {
  BadgeList,
  FormationList,
  KeyFigures,
  MissionList,
  Section,
  ServiceList,
  SocialLinks,
  Video,
} from '../components/profile-sections';
import { isSafeHttpUrl } from '../utils/social-links';

function ProfileSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Chargement du profil">
      <Card padding={0} radius="lg">
        <Skeleton height={200} radius={0} />
        <Stack gap="sm" p="xl">
          <Skeleton circle height={112} mt={-80} />
          <Skeleton height={28} width="45%" />
          <Skeleton height={18} width="30%" />
        </Stack>
      </Card>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton height={220} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton height={160} radius="lg" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function unique(values: (string | null | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => !!value?.trim()))];
}

/** `/app/user/{id}`: a member's public profile. */
export function PublicProfilePage() {
  const params = useParams();
  const id = Number(params.id);
  const validId = Number.isInteger(id) && id > 0;
  const { data: me } = useCurrentUser();
  const query = usePublicUser(validId ? id : 0);

  // An unknown (or suspended) member: the app's 404 page.
  if (!validId) throw new Response('Page not found', { status: 404, statusText: 'Not Found' });
  if (query.isError && isApiError(query.error) && query.error.status === 404) throw query.error;

  if (query.isPending) return <ProfileSkeleton />;
  if (query.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Profil indisponible">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Ce profil n’a pas pu être chargé. ({errorText(query.error)})</Text>
          <Button size="xs" variant="light" color="red" onClick={() => query.refetch()}>
            Réessayer
          </Button>
        </Stack>
      </Alert>
    );
  }

  return <PublicProfile user={query.data} own={me?.id === query.data.id} />;
}

function PublicProfile({ user, own }: { user: PublicUser; own: boolean }) {
  const type = userType(user);
  const profile = activeProfile(user);
  const sales: PublicSalesProfile | null =
    type === 'setter' || type === 'closer' || type === 'setter_closer'
      ? (profile as PublicSalesProfile | null)
      : null;
  const socialLinks = unique([...user.socialLinks, ...(sales?.socialLinks ?? [])]).filter(isSafeHttpUrl);
  const videos = unique([sales?.videoUrl, user.videoUrl, user.loom]);
  const sectors = profile?.workSectors.map((sector) => sector.name) ?? [];
  const isInfopreneur = type === 'infopreneur';

  return (
    <Stack gap="lg">
      <ProfileHeader user={user} own={own} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Section title="Présentation" testId="profile-description">
              {profile?.description ? (
                <Text style={{ whiteSpace: 'pre-line' }}>{profile.description}</Text>
              ) : (
                <Text c="dimmed">
                  {own ? 'Vous n’avez pas encore rédigé de présentation.' : 'Pas encore de présentation.'}
                </Text>
              )}
            </Section>
            {videos.length > 0 && (
              <Section title="Vidéo de présentation">
                {videos.map((url) => (
                  <Video key={url} url={url} title={`Vidéo de présentation de ${user.fullName}`} />
                ))}
              </Section>
            )}
            {sales && sales.skills.length > 0 && (
              <Section title="Compétences" testId="profile-skills">
                <BadgeList items={sales.skills} />
              </Section>
            )}
            {sales && sales.formations.length > 0 && (
              <Section title="Formations suivies" testId="profile-formations">
                <FormationList formations={sales.formations} />
              </Section>
            )}
            {isInfopreneur && (
              <Section title="Offres de formation" testId="profile-services">
                {user.services.length > 0 ? (
                  <ServiceList services={user.services} />
                ) : (
                  <Text c="dimmed">Aucune offre publiée pour le moment.</Text>
                )}
              </Section>
            )}
            {isInfopreneur && (
              <Section title="Missions ouvertes" testId="profile-missions">
                {user.missions.length > 0 ? (
                  <MissionList missions={user.missions} />
                ) : (
                  <Text c="dimmed">Aucune mission ouverte pour le moment.</Text>
                )}
              </Section>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            {sales && <KeyFigures years={sales.experienceYears} rate={sales.conversionRate} />}
            {sectors.length > 0 && (
              <Section title="Secteurs d’activité" testId="profile-work-sectors">
                <BadgeList items={sectors} color="grape" />
              </Section>
            )}
            {socialLinks.length > 0 && (
              <Section title="Réseaux et liens">
                <SocialLinks links={socialLinks} />
              </Section>
            )}
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                Membre depuis{' '}
                {new Date(user.createdAt).toLocaleDateString('fr-FR', { month: 'long', year: 'numeric' })}
              </Text>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
