import {
  certificationLabels,
  certifications,
  financingMethodLabels,
  financingMethods,
  isCloser,
  isSetter,
  type MissionSearchResult,
  missionSortFields,
  missionTypeLabels,
  missionTypes,
} from '@closia/shared';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Collapse,
  Grid,
  Group,
  MultiSelect,
  Radio,
  RangeSlider,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconBriefcase, IconFilter, IconSend } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { SearchField } from '../../../components/search-field';
import { nameFilter } from '../../../lib/name-filter';
import { useUrlState } from '../../../lib/url-state';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { useMissionSearch } from '../api/search-missions';
import { MissionCard } from '../components/mission-card';
import { CardGridSkeleton, EmptyState, ListPagination, LoadError } from '../components/query-states';
import { SortSelect } from '../components/sort-select';
import { useWorkSectorOptions } from '../components/work-sector-options';
import { filterErrors, otherErrors } from '../utils/filter-errors';
import { countText, formatEuro } from '../utils/format';
import {
  countFilters,
  type MissionSearchState,
  missionSearch,
  missionSearchToQuery,
  sortValue,
} from '../utils/search-params';
import { useLastData } from '../utils/use-last-data';

// Loaded at its first opening: the page's first load holds no drawer (Mantine's modals).
const MyApplicationsDrawer = lazy(() =>
  import('../components/my-applications-drawer').then((m) => ({ default: m.MyApplicationsDrawer })),
);

const PER_PAGE = 12;
/** The price slider's top: at it, no upper bound (a very high one is sent). */
const SLIDER_MAX = 10_000;
const PRICE_CEILING = 1_000_000;
const PRICE_STEP = 100;

const SHOWN_FILTERS = [
  'query',
  'missionType',
  'priceRange',
  'workSectors',
  'certifications',
  'financingMethods',
  'sortBy',
  'sortOrder',
  'forMe',
];

type Facets = MissionSearchResult['facets'] | undefined;

function withCount(label: string, count: number | undefined) {
  return count === undefined ? label : `${label} (${count})`;
}

/** The slider's thumbs for a price range (the whole scale without one). */
function sliderValue(range: [number, number] | null): [number, number] {
  return range ? [Math.min(range[0], SLIDER_MAX), Math.min(range[1], SLIDER_MAX)] : [0, SLIDER_MAX];
}

function PriceFilter({
  value,
  onChange,
  error,
}: {
  value: [number, number] | null;
  onChange: (value: [number, number] | null) => void;
  error?: string;
}) {
  const [local, setLocal] = useState(sliderValue(value));
  useEffect(() => setLocal(sliderValue(value)), [value]);

  const label = (amount: number) =>
    amount >= SLIDER_MAX ? `${formatEuro(SLIDER_MAX)} et plus` : formatEuro(amount);
  const commit = ([min, max]: [number, number]) => {
    if (min <= 0 && max >= SLIDER_MAX) onChange(null);
    else onChange([min, max >= SLIDER_MAX ? PRICE_CEILING : max]);
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Prix de la formation
      </Text>
      <Text size="sm" c="dimmed" aria-live="polite">
        De {formatEuro(local[0])} à {label(local[1])}
      </Text>
      <RangeSlider
        min={0}
        max={SLIDER_MAX}
        step={PRICE_STEP}
        minRange={PRICE_STEP}
        value={local}
        onChange={setLocal}
        onChangeEnd={commit}
        label={label}
        thumbFromLabel="Prix minimum"
        thumbToLabel="Prix maximum"
        mx={8}
        mb="xs"
      />
      {error && (
        <Text size="xs" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function Filters({
  state,
  update,
  facets,
  errors,
}: {
  state: MissionSearchState;
  update: (changes: Partial<MissionSearchState>) => void;
  facets: Facets;
  errors: Record<string, string> | null;
}) {
  const sectors = useWorkSectorOptions();
  const sectorCounts = new Map((facets?.workSectors ?? []).map((sector) => [String(sector.id), sector]));
  const sectorOptions = [
    ...sectors.options.map((option) => ({
      value: option.value,
      label: withCount(option.label, facets ? (sectorCounts.get(option.value)?.count ?? 0) : undefined),
    })),
    // Sectors of the results not (yet) in the approved list.
    ...(facets?.workSectors ?? [])
      .filter((sector) => !sectors.options.some((option) => option.value === String(sector.id)))
      .map((sector) => ({ value: String(sector.id), label: withCount(sector.name, sector.count) })),
  ];
  const active = countFilters({
    missionType: state.missionType,
    priceRange: state.priceRange,
    workSectors: state.workSectors,
    certifications: state.certifications,
    financingMethods: state.financingMethods,
  });

  return (
    <Card padding="lg" component="section" aria-labelledby="filters-title">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={2} fz="h4" id="filters-title">
            Filtres
          </Title>
          {active > 0 && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() =>
                update({
                  missionType: null,
                  priceRange: null,
                  workSectors: [],
                  certifications: [],
                  financingMethods: [],
                })
              }
            >
              Réinitialiser ({active})
            </Button>
          )}
        </Group>

        <Radio.Group
          label="Profil recherché"
          value={state.missionType ?? 'all'}
          onChange={(value) =>
            update({ missionType: value === 'all' ? null : (value as MissionSearchState['missionType']) })
          }
          error={errors?.missionType}
        >
          <Stack gap={8} mt={6}>
            <Radio value="all" label="Tous les profils" />
            {missionTypes.map((type) => (
              <Radio
                key={type}
                value={type}
                label={withCount(missionTypeLabels[type], facets?.missionType?.[type])}
              />
            ))}
          </Stack>
        </Radio.Group>

        <PriceFilter
          value={state.priceRange}
          onChange={(priceRange) => update({ priceRange })}
          error={errors?.priceRange}
        />

        <MultiSelect
          label="Secteurs d’activité"
          placeholder={state.workSectors.length === 0 ? 'Tous les secteurs' : undefined}
          data={sectorOptions}
          value={state.workSectors.map(String)}
          onChange={(values) => update({ workSectors: values.map(Number) })}
          searchable
          filter={nameFilter}
          clearable
          nothingFoundMessage="Aucun secteur"
          error={errors?.workSectors}
          comboboxProps={{ withinPortal: true }}
          clearButtonProps={{ 'aria-label': 'Effacer les secteurs' }}
        />

        <Checkbox.Group
          label="Certifications"
          value={state.certifications}
          onChange={(values) => update({ certifications: values as MissionSearchState['certifications'] })}
          error={errors?.certifications}
        >
          <Stack gap={8} mt={6}>
            {certifications.map((certification) => (
              <Checkbox
                key={certification}
                value={certification}
                label={withCount(certificationLabels[certification], facets?.certifications?.[certification])}
              />
            ))}
          </Stack>
        </Checkbox.Group>

        <Checkbox.Group
          label="Financement"
          value={state.financingMethods}
          onChange={(values) =>
            update({ financingMethods: values as MissionSearchState['financingMethods'] })
          }
          error={errors?.financingMethods}
        >
          <Stack gap={8} mt={6}>
            {financingMethods.map((method) => (
              <Checkbox
                key={method}
                value={method}
                label={withCount(financingMethodLabels[method], facets?.financingMethods?.[method])}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      </Stack>
    </Card>
  );
}

const baseSortOptions = [
  { value: sortValue('newest', 'desc'), label: 'Plus récentes' },
  { value: sortValue('newest', 'asc'), label: 'Plus anciennes' },
  { value: sortValue('commissionAmount', 'desc'), label: 'Commission par vente la plus élevée' },
  { value: sortValue('commissionRate', 'desc'), label: 'Taux de commission le plus élevé' },
  { value: sortValue('price', 'asc'), label: 'Prix croissant' },
  { value: sortValue('price', 'desc'), label: 'Prix décroissant' },
];

/** `/app/missions`: search the open missions, filter with counts, sponsored first, "Pour moi" for freelancers. */
export function MissionsPage() {
  const [state, update] = useUrlState(missionSearch);
  const { data: me } = useCurrentUser();
  const freelancer = isSetter(me) || isCloser(me);
  const [applicationsOpened, applications] = useDisclosure(false);
  const [applicationsMounted, setApplicationsMounted] = useState(false);
  // On a phone the filters fold away above the results.
  const small = useMediaQuery('(max-width: 62em)', false, { getInitialValueInEffect: false });
  const [filtersOpened, filtersPanel] = useDisclosure(false);

  // "Pour moi" needs a freelancer's profile: others search without it.
  const effective: MissionSearchState =
    state.forMe && !freelancer
      ? { ...state, forMe: false, sortBy: state.sortBy === 'match' ? 'newest' : state.sortBy }
      : state;
  const search = useMissionSearch(missionSearchToQuery(effective, PER_PAGE));
  const errors = filterErrors(search.error);
  const shown = useLastData(search.data);
  const results = shown?.data ?? [];

  const sortOptions = effective.forMe
    ? [{ value: sortValue('match', 'desc'), label: 'Meilleure correspondance' }, ...baseSortOptions]
    : baseSortOptions;

  const lastPage = shown?.meta.lastPage ?? 1;
  // A page past the end (a stale address) falls back to the last one.
  useEffect(() => {
    if (search.data && state.page > 1 && state.page > search.data.meta.lastPage) {
      update({ page: Math.max(1, search.data.meta.lastPage) });
    }
  }, [search.data, state.page, update]);

  const activeFilters = countFilters({
    missionType: state.missionType,
    priceRange: state.priceRange,
    workSectors: state.workSectors,
    certifications: state.certifications,
    financingMethods: state.financingMethods,
  });
  const filtered = state.query !== '' || activeFilters > 0;
  const others = otherErrors(errors, SHOWN_FILTERS);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Recherche de Missions"
        description="Les missions ouvertes des infopreneurs : trouvez l’offre que vous avez envie de vendre, et postulez."
        actions={
          freelancer ? (
            <Button
              variant="default"
              leftSection={<IconSend size={16} />}
              onClick={() => {
                setApplicationsMounted(true);
                applications.open();
              }}
            >
              Mes candidatures
            </Button>
          ) : undefined
        }
      />

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          {small ? (
            <Stack gap="sm">
              <Button
                variant="default"
                leftSection={<IconFilter size={16} />}
                onClick={filtersPanel.toggle}
                aria-expanded={filtersOpened || errors !== null}
                aria-controls="mission-filters"
              >
                {filtersOpened ? 'Masquer les filtres' : 'Afficher les filtres'}
                {activeFilters > 0 ? ` (${activeFilters})` : ''}
              </Button>
              <Collapse in={filtersOpened || errors !== null} id="mission-filters">
                <Filters state={effective} update={update} facets={shown?.facets} errors={errors} />
              </Collapse>
            </Stack>
          ) : (
            <Filters state={effective} update={update} facets={shown?.facets} errors={errors} />
          )}
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Stack gap="md">
            <Group align="flex-end" gap="sm">
              <div style={{ flex: '1 1 260px' }}>
                <SearchField
                  label="Rechercher une mission"
                  placeholder="Titre, offre, thématique…"
                  value={state.query}
                  onCommit={(query) => update({ query })}
                  loading={search.isFetching && !search.isPending}
                  error={errors?.query}
                />
              </div>
              <SortSelect
                options={sortOptions}
                fields={missionSortFields}
                sortBy={effective.sortBy}
                sortOrder={effective.sortOrder}
                onChange={update}
                error={errors?.sortBy ?? errors?.sortOrder}
                w={{ base: '100%', xs: 270 }}
              />
            </Group>

            {freelancer && (
              <Switch
                checked={effective.forMe}
                onChange={(event) => {
                  const forMe = event.currentTarget.checked;
                  update({ forMe, sortBy: forMe ? 'match' : 'newest', sortOrder: 'desc' });
                }}
                label="Pour moi"
                description="Les missions classées selon votre profil, avec votre score de correspondance"
                error={errors?.forMe}
                data-testid="for-me"
              />
            )}

            {others.length > 0 && (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                {others.join(' ')}
              </Alert>
            )}
            {errors && (
              <Text size="sm" c="dimmed">
                Corrigez le filtre signalé : les résultats affichés sont ceux de la recherche précédente.
              </Text>
            )}

            {shown && (
              <Text size="sm" c="dimmed" aria-live="polite" data-testid="result-count">
                {/* A broad word's total is estimated by the server (meta.totalIsApproximate). */}
                {shown.meta.totalIsApproximate ? 'environ ' : ''}
                {countText(
                  shown.meta.total,
                  'mission trouvée',
                  'missions trouvées',
                  'Aucune mission trouvée',
                )}
              </Text>
            )}

            {search.isError && !errors ? (
              <LoadError error={search.error} onRetry={() => search.refetch()} title="Recherche impossible" />
            ) : null}

            {!shown ? (
              search.isPending ? (
                <CardGridSkeleton count={4} />
              ) : null
            ) : results.length === 0 ? (
              <EmptyState
                icon={IconBriefcase}
                title={
                  filtered
                    ? 'Aucune mission ne correspond à votre recherche'
                    : 'Aucune mission ouverte pour le moment'
                }
                action={
                  filtered ? (
                    <Button
                      variant="light"
                      onClick={() =>
                        update({
                          query: '',
                          missionType: null,
                          priceRange: null,
                          workSectors: [],
                          certifications: [],
                          financingMethods: [],
                        })
                      }
                    >
                      Effacer la recherche et les filtres
                    </Button>
                  ) : undefined
                }
              >
                {filtered
                  ? 'Essayez avec moins de filtres ou d’autres mots.'
                  : 'Les infopreneurs publient régulièrement de nouvelles missions : revenez bientôt.'}
              </EmptyState>
            ) : (
              <SimpleGrid
                cols={{ base: 1, lg: 2 }}
                spacing="md"
                aria-busy={search.isFetching}
                data-testid="mission-results"
              >
                {results.map((mission) => (
                  <MissionCard
                    key={`${mission.id}-${mission.sponsored ? 'ad' : ''}`}
                    mission={mission}
                    showMatch={effective.forMe}
                  />
                ))}
              </SimpleGrid>
            )}

            <ListPagination page={state.page} lastPage={lastPage} onChange={(page) => update({ page })} />
          </Stack>
        </Grid.Col>
      </Grid>

      {freelancer && applicationsMounted && (
        <Suspense fallback={null}>
          <MyApplicationsDrawer opened={applicationsOpened} onClose={applications.close} />
        </Suspense>
      )}
    </Stack>
  );
}
