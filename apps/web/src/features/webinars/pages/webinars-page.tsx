import { isInfopreneur, type WebinarWhen, webinarLanguageLabels, webinarLanguages } from '@closia/shared';
import {
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconVideo } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ListPagination, LoadError } from '../../../components/query-states';
import { SearchField } from '../../../components/search-field';
import { paths } from '../../../config/paths';
import { useUrlState } from '../../../lib/url-state';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { useWebinars } from '../api/get-webinars';
import { CardGridSkeleton } from '../components/card-grid-skeleton';
import { useNow } from '../components/use-now';
import { WebinarCard } from '../components/webinar-card';
import { webinarSearch, webinarSearchQuery, whenLabels } from '../utils/search-params';

const languageOptions = webinarLanguages.map((value) => ({
  value,
  label: webinarLanguageLabels[value] ?? value,
}));

/** What an empty tab says, without and with a search. */
const emptyTexts: Record<WebinarWhen, { title: string; text: string }> = {
  upcoming: {
    title: 'Aucun webinaire à venir',
    text: 'Les prochains webinaires des infopreneurs apparaîtront ici : revenez bientôt.',
  },
  past: {
    title: 'Aucun webinaire passé',
    text: 'Les webinaires terminés et leurs replays apparaîtront ici.',
  },
  registered: {
    title: 'Vous n’êtes inscrit à aucun webinaire',
    text: 'Inscrivez-vous à un webinaire à venir : il apparaîtra ici avec votre lien pour le rejoindre.',
  },
  mine: {
    title: 'Vous n’avez créé aucun webinaire',
    text: 'Créez un webinaire pour présenter votre offre : chaque inscrit qui l’accepte devient un prospect.',
  },
};

/** `/app/our-webinars`: upcoming and past webinars, mine and those I registered to. */
export function WebinarsPage() {
  const [state, update] = useUrlState(webinarSearch);
  const { data: me } = useCurrentUser();
  const organiser = isInfopreneur(me) || Boolean(me?.admin);
  const when: WebinarWhen = state.when === 'mine' && me && !organiser ? 'upcoming' : state.when;
  const webinars = useWebinars(webinarSearchQuery({ ...state, when }));
  const now = useNow(30_000);
  const shown = webinars.data;
  const results = shown?.data ?? [];
  const filtered = state.query !== '' || state.language !== null || state.free;
  const tabs: WebinarWhen[] = organiser
    ? ['upcoming', 'past', 'registered', 'mine']
    : ['upcoming', 'past', 'registered'];

  useEffect(() => {
    if (shown && state.page > 1 && state.page > shown.meta.lastPage) {
      update({ page: Math.max(1, shown.meta.lastPage) });
    }
  }, [shown, state.page, update]);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Nos webinaires"
        description="Des webinaires pour découvrir les offres des infopreneurs, apprendre et rencontrer la communauté."
        actions={
          organiser && (
            <Button component={Link} to={paths.app.webinarCreate} leftSection={<IconPlus size={18} />}>
              Créer un webinaire
            </Button>
          )
        }
      />

      <Tabs
        value={when}
        onChange={(value) => value && update({ when: value as WebinarWhen })}
        keepMounted={false}
      >
        <Tabs.List aria-label="Quels webinaires">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {whenLabels[tab]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={when} pt="lg">
          <Stack gap="lg">
            <Card padding="lg" component="section" aria-label="Recherche et filtres" withBorder>
              <Group align="flex-end" gap="sm" wrap="wrap">
                <div style={{ flex: '1 1 260px' }}>
                  <SearchField
                    label="Rechercher un webinaire"
                    placeholder="Titre, thème, intervenant…"
                    value={state.query}
                    onCommit={(query) => update({ query })}
                    loading={webinars.isFetching && !webinars.isPending}
                  />
                </div>
                <Select
                  label="Langue"
                  placeholder="Toutes"
                  data={languageOptions}
                  value={state.language}
                  onChange={(value) => update({ language: (value as typeof state.language) ?? null })}
                  clearable
                  clearButtonProps={{ 'aria-label': 'Effacer la langue' }}
                  w={{ base: '100%', xs: 200 }}
                />
                <Checkbox
                  label="Gratuits uniquement"
                  checked={state.free}
                  onChange={(event) => update({ free: event.currentTarget.checked })}
                  mb={8}
                />
              </Group>
            </Card>

            <VisuallyHidden>
              <h2>{whenLabels[when]}</h2>
            </VisuallyHidden>
            {shown && results.length > 0 && (
              <Text size="sm" c="dimmed" aria-live="polite" data-testid="result-count">
                {shown.meta.total} webinaire{shown.meta.total > 1 ? 's' : ''}
              </Text>
            )}
            {webinars.isError && (
              <LoadError
                error={webinars.error}
                onRetry={() => webinars.refetch()}
                title="Chargement impossible"
              />
            )}

            {!shown ? (
              webinars.isPending ? (
                <CardGridSkeleton count={6} />
              ) : null
            ) : results.length === 0 ? (
              <EmptyState
                icon={IconVideo}
                title={filtered ? 'Aucun webinaire ne correspond à votre recherche' : emptyTexts[when].title}
                action={
                  filtered ? (
                    <Button
                      variant="light"
                      onClick={() => update({ query: '', language: null, free: false })}
                    >
                      Effacer la recherche et les filtres
                    </Button>
                  ) : when === 'mine' ? (
                    <Button component={Link} to={paths.app.webinarCreate} variant="light">
                      Créer un webinaire
                    </Button>
                  ) : when === 'registered' ? (
                    <Button variant="light" onClick={() => update({ when: 'upcoming' })}>
                      Voir les webinaires à venir
                    </Button>
                  ) : undefined
                }
              >
                {filtered ? 'Essayez avec moins de filtres ou d’autres mots.' : emptyTexts[when].text}
              </EmptyState>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy={webinars.isFetching}>
                {results.map((webinar) => (
                  <WebinarCard key={webinar.id} webinar={webinar} now={now} />
                ))}
              </SimpleGrid>
            )}

            <ListPagination
              page={state.page}
              lastPage={shown?.meta.lastPage ?? 1}
              onChange={(page) => update({ page })}
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
