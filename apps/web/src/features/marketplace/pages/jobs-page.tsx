import {
  certificationOptions,
  financingMethodOptions,
  isCloser,
  isSetter,
  jobSortFields,
  type LocationType,
  locationTypeOptions,
} from '@closia/shared';
import {
  Alert,
  Button,
  Card,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconBuildingStore } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { SearchField } from '../../../components/search-field';
import { paths } from '../../../config/paths';
import { nameFilter } from '../../../lib/name-filter';
import { useUrlState } from '../../../lib/url-state';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { useJobs } from '../api/get-jobs';
import { useSellableServices } from '../api/get-sellable-services';
import { DebouncedNumberInput } from '../components/debounced-number-input';
import { JobCard } from '../components/job-card';
import { CardGridSkeleton, EmptyState, ListPagination, LoadError } from '../components/query-states';
import { SortSelect } from '../components/sort-select';
import { useWorkSectorOptions } from '../components/work-sector-options';
import { filterErrors, otherErrors } from '../utils/filter-errors';
import { countText, formatEuro } from '../utils/format';
import {
  countFilters,
  type JobSearchState,
  jobSearch,
  searchToQuery,
  sortValue,
} from '../utils/search-params';
import { useLastData } from '../utils/use-last-data';

const PER_PAGE = 12;

const SHOWN_FILTERS = [
  'query',
  'workSectors',
  'financingMethods',
  'certifications',
  'locationType',
  'commissionMin',
  'sortBy',
  'sortOrder',
];

const sortOptions = [
  { value: sortValue('commissionAmount', 'desc'), label: 'Commission par vente la plus élevée' },
  { value: sortValue('commissionRate', 'desc'), label: 'Taux de commission le plus élevé' },
  { value: sortValue('price', 'asc'), label: 'Prix croissant' },
  { value: sortValue('price', 'desc'), label: 'Prix décroissant' },
  { value: sortValue('newest', 'desc'), label: 'Plus récentes' },
];

const noFilters: Partial<JobSearchState> = {
  query: '',
  workSectors: [],
  financingMethods: [],
  certifications: [],
  locationType: null,
  commissionMin: null,
};

/** A freelancer's offers to sell already (accepted on one of their missions): shortcuts to them. */
function SellingNow() {
  const sellable = useSellableServices();
  const services = sellable.data?.data ?? [];
  if (services.length === 0) return null;
  return (
    <Card padding="md" component="section" aria-labelledby="selling-now-title" data-testid="selling-now">
      <Group gap="sm" align="center">
        <Text fw={700} id="selling-now-title">
          Vous vendez déjà :
        </Text>
        {services.map((service) => (
          <Button
            key={service.id}
            component={Link}
            to={paths.app.job(service.id)}
            variant="light"
            size="compact-sm"
            rightSection={
              <Text span size="xs">
                {formatEuro(service.commissionAmount)}/vente
              </Text>
            }
          >
            {service.name}
          </Button>
        ))}
      </Group>
    </Card>
  );
}

/** `/app/jobs`: the catalogue of approved training offers to sell, with the commission of a sale. */
export function JobsPage() {
  const [state, update] = useUrlState(jobSearch);
  const { data: me } = useCurrentUser();
  const freelancer = isSetter(me) || isCloser(me);
  const jobs = useJobs(searchToQuery(state, PER_PAGE));
  const errors = filterErrors(jobs.error);
  const shown = useLastData(jobs.data);
  const sectors = useWorkSectorOptions();
  const results = shown?.data ?? [];
  const others = otherErrors(errors, SHOWN_FILTERS);

  useEffect(() => {
    if (jobs.data && state.page > 1 && state.page > jobs.data.meta.lastPage) {
      update({ page: Math.max(1, jobs.data.meta.lastPage) });
    }
  }, [jobs.data, state.page, update]);

  const active = countFilters({
    workSectors: state.workSectors,
    financingMethods: state.financingMethods,
    certifications: state.certifications,
    locationType: state.locationType,
    commissionMin: state.commissionMin,
  });
  const filtered = active > 0 || state.query !== '';

  return (
    <Stack gap="lg">
      <PageHeader
        title="Offres à vendre"
        description="Les formations approuvées que vous pouvez vendre, avec ce que vous rapporte chaque vente."
      />
      {freelancer && <SellingNow />}

      <Card padding="lg" component="section" aria-label="Recherche et filtres">
        <Stack gap="md">
          <Group align="flex-end" gap="sm">
            <div style={{ flex: '1 1 280px' }}>
              <SearchField
                label="Rechercher une formation"
                placeholder="Nom, thématique, description…"
                value={state.query}
                onCommit={(query) => update({ query })}
                loading={jobs.isFetching && !jobs.isPending}
                error={errors?.query}
              />
            </div>
            <SortSelect
              options={sortOptions}
              fields={jobSortFields}
              sortBy={state.sortBy}
              sortOrder={state.sortOrder}
              onChange={update}
              error={errors?.sortBy ?? errors?.sortOrder}
              w={{ base: '100%', xs: 290 }}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
            <MultiSelect
              label="Secteurs d’activité"
              placeholder={state.workSectors.length === 0 ? 'Tous' : undefined}
              data={sectors.options}
              value={state.workSectors.map(String)}
              onChange={(values) => update({ workSectors: values.map(Number) })}
              searchable
              filter={nameFilter}
              nothingFoundMessage="Aucun secteur"
              error={errors?.workSectors}
            />
            <MultiSelect
              label="Financement"
              placeholder={state.financingMethods.length === 0 ? 'Tous' : undefined}
              data={financingMethodOptions}
              value={state.financingMethods}
              onChange={(values) =>
                update({ financingMethods: values as JobSearchState['financingMethods'] })
              }
              error={errors?.financingMethods}
            />
            <MultiSelect
              label="Certifications"
              placeholder={state.certifications.length === 0 ? 'Toutes' : undefined}
              data={certificationOptions}
              value={state.certifications}
              onChange={(values) => update({ certifications: values as JobSearchState['certifications'] })}
              error={errors?.certifications}
            />
            <Select
              label="Lieu"
              placeholder="Tous"
              data={locationTypeOptions}
              value={state.locationType}
              onChange={(value) => update({ locationType: (value as LocationType | null) ?? null })}
              clearable
              clearButtonProps={{ 'aria-label': 'Effacer le lieu' }}
              error={errors?.locationType}
            />
            <DebouncedNumberInput
              label="Commission minimale par vente"
              placeholder="Ex. 200"
              suffix=" €"
              min={0}
              step={50}
              thousandSeparator=" "
              value={state.commissionMin}
              onCommit={(commissionMin) => update({ commissionMin })}
              error={errors?.commissionMin}
            />
          </SimpleGrid>
          {active > 0 && (
            <Group>
              <Button variant="subtle" size="compact-sm" onClick={() => update(noFilters)}>
                Réinitialiser les filtres ({active})
              </Button>
            </Group>
          )}
        </Stack>
      </Card>

      {others.length > 0 && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {others.join(' ')}
        </Alert>
      )}
      {/* The cards' titles are h3s: the results have their heading (read, not seen). */}
      <VisuallyHidden>
        <h2>Résultats</h2>
      </VisuallyHidden>
      {shown && (
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="result-count">
          {countText(shown.meta.total, 'offre trouvée', 'offres trouvées', 'Aucune offre trouvée')}
          {errors && ' — résultats de la recherche précédente : corrigez le filtre signalé.'}
        </Text>
      )}
      {jobs.isError && !errors && (
        <LoadError error={jobs.error} onRetry={() => jobs.refetch()} title="Recherche impossible" />
      )}

      {!shown ? (
        jobs.isPending ? (
          <CardGridSkeleton count={6} cols={{ base: 1, sm: 2, lg: 3 }} />
        ) : null
      ) : results.length === 0 ? (
        <EmptyState
          icon={IconBuildingStore}
          title={
            filtered ? 'Aucune offre ne correspond à votre recherche' : 'Aucune offre à vendre pour le moment'
          }
          action={
            filtered ? (
              <Button variant="light" onClick={() => update(noFilters)}>
                Effacer la recherche et les filtres
              </Button>
            ) : undefined
          }
        >
          {filtered
            ? 'Essayez avec moins de filtres ou d’autres mots.'
            : 'Les offres apparaissent ici dès qu’un administrateur les a approuvées.'}
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy={jobs.isFetching}>
          {results.map((service) => (
            <JobCard key={service.id} service={service} />
          ))}
        </SimpleGrid>
      )}

      <ListPagination
        page={state.page}
        lastPage={shown?.meta.lastPage ?? 1}
        onChange={(page) => update({ page })}
      />
    </Stack>
  );
}
