import { type Favorite, type FavoriteKind, favoriteListQuerySchema } from '@closia/shared';
import { Button, Card, Group, SimpleGrid, Stack, Tabs, Text, VisuallyHidden } from '@mantine/core';
import { IconBriefcase, IconSchool, IconStar, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { urlState, useUrlState } from '../../../lib/url-state';
import { useFavorites } from '../api/get-favorites';
import { FavoriteButton } from '../components/favorite-button';
import { FreelancerResultCard } from '../components/freelancer-card';
import { JobCard } from '../components/job-card';
import { MissionCard } from '../components/mission-card';
import { CardGridSkeleton, EmptyState, ListPagination, LoadError } from '../components/query-states';
import { countText } from '../utils/format';

const kinds = ['user', 'mission', 'service'] as const satisfies readonly FavoriteKind[];

/** The tab and its page in the address (`?kind=mission&page=2`). */
const favoritesState = urlState(favoriteListQuerySchema, { kind: 'user', page: 1 });

const tabs: Record<
  FavoriteKind,
  {
    label: string;
    /** The list's heading. */
    heading: string;
    icon: typeof IconUser;
    empty: string;
    hint: string;
    browse: string;
    browseLabel: string;
  }
> = {
  user: {
    label: 'Profils',
    heading: 'Profils favoris',
    icon: IconUser,
    empty: 'Aucun profil en favori',
    hint: 'Ajoutez des setters et closers à vos favoris depuis la recherche pour les retrouver ici.',
    browse: paths.app.search,
    browseLabel: 'Rechercher des setters et closers',
  },
  mission: {
    label: 'Missions',
    heading: 'Missions favorites',
    icon: IconBriefcase,
    empty: 'Aucune mission en favori',
    hint: 'Mettez une étoile aux missions qui vous intéressent pour y revenir plus tard.',
    browse: paths.app.missions,
    browseLabel: 'Parcourir les missions',
  },
  service: {
    label: 'Offres',
    heading: 'Offres favorites',
    icon: IconSchool,
    empty: 'Aucune offre en favori',
    hint: 'Les formations que vous aimeriez vendre, étoilées dans le catalogue, apparaîtront ici.',
    browse: paths.app.jobs,
    browseLabel: 'Voir les offres à vendre',
  },
};

/** A starred item that is no longer visible (deleted, closed, suspended): say so, and let it be unstarred. */
function GoneCard({ favorite }: { favorite: Favorite }) {
  return (
    <Card padding="lg" data-testid="favorite-gone">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text c="dimmed" size="sm">
          Cet élément n’est plus disponible.
        </Text>
        <FavoriteButton kind={favorite.kind} id={favorite.targetId} favorite name="élément indisponible" />
      </Group>
    </Card>
  );
}

function FavoriteItem({ favorite }: { favorite: Favorite }) {
  if (favorite.kind === 'user' && favorite.user) return <FreelancerResultCard freelancer={favorite.user} />;
  if (favorite.kind === 'mission' && favorite.mission) return <MissionCard mission={favorite.mission} />;
  if (favorite.kind === 'service' && favorite.service) return <JobCard service={favorite.service} />;
  return <GoneCard favorite={favorite} />;
}

function FavoriteList({
  kind,
  page,
  onPage,
}: {
  kind: FavoriteKind;
  page: number;
  onPage: (page: number) => void;
}) {
  const list = useFavorites(kind, page);
  const tab = tabs[kind];
  if (list.isPending) return <CardGridSkeleton count={4} cols={{ base: 1, md: 2, lg: 3 }} />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => list.refetch()} />;
  if (list.data.data.length === 0) {
    return (
      <EmptyState
        icon={IconStar}
        title={tab.empty}
        action={
          <Button component={Link} to={tab.browse} variant="light">
            {tab.browseLabel}
          </Button>
        }
      >
        {tab.hint}
      </EmptyState>
    );
  }
  return (
    <Stack gap="md">
      {/* The cards' titles are h3s: the list has its heading (read, not seen: the tab shows it). */}
      <VisuallyHidden>
        <h2>{tab.heading}</h2>
      </VisuallyHidden>
      <Text size="sm" c="dimmed" aria-live="polite">
        {countText(list.data.meta.total, 'favori')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="md" aria-busy={list.isFetching}>
        {list.data.data.map((favorite) => (
          <FavoriteItem key={`${favorite.kind}-${favorite.targetId}`} favorite={favorite} />
        ))}
      </SimpleGrid>
      <ListPagination page={page} lastPage={list.data.meta.lastPage} onChange={onPage} />
    </Stack>
  );
}

/** `/dashboard/favorites`: what the user starred, by kind; unstar from the card. */
export function FavoritesPage() {
  const [{ kind, page }, go] = useUrlState(favoritesState);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Favoris"
        description="Les profils, missions et offres que vous avez mis de côté pour y revenir plus tard."
      />
      <Tabs value={kind} onChange={(value) => go({ kind: (value as FavoriteKind | null) ?? 'user' })}>
        <Tabs.List>
          {kinds.map((value) => {
            const TabIcon = tabs[value].icon;
            return (
              <Tabs.Tab key={value} value={value} leftSection={<TabIcon size={16} aria-hidden="true" />}>
                {tabs[value].label}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {kinds.map((value) => (
          <Tabs.Panel key={value} value={value} pt="lg">
            {value === kind && (
              <FavoriteList kind={value} page={page} onPage={(next) => go({ page: next })} />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
