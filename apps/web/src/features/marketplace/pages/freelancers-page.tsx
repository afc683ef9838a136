import {
  type FreelancerRole,
  freelancerRoles,
  isInfopreneur,
  prospectingRolePreferenceLabels,
} from '@closia/shared';
import {
  Alert,
  Button,
  Card,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconTargetArrow, IconUsers } from '@tabler/icons-react';
import { useEffect } from 'react';
import { PageHeader } from '../../../components/page-header';
import { SearchField } from '../../../components/search-field';
import { nameFilter } from '../../../lib/name-filter';
import { useUrlState } from '../../../lib/url-state';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { useSkills } from '../../reference/api/get-skills';
import { useMyMissions } from '../api/get-my-missions';
import { useFreelancerSearch } from '../api/search-freelancers';
import { DebouncedNumberInput } from '../components/debounced-number-input';
import { FreelancerResultCard } from '../components/freelancer-card';
import { CardGridSkeleton, EmptyState, ListPagination, LoadError } from '../components/query-states';
import { useWorkSectorOptions } from '../components/work-sector-options';
import { filterErrors, otherErrors } from '../utils/filter-errors';
import { countText } from '../utils/format';
import { countFilters, freelancerSearch, searchToQuery } from '../utils/search-params';
import { useLastData } from '../utils/use-last-data';

const PER_PAGE = 12;

const SHOWN_FILTERS = [
  'role',
  'query',
  'workSectors',
  'skills',
  'minConversionRate',
  'minExperience',
  'available',
  'online',
  'location',
  'missionId',
];

/** "Tous" first, then each kind. */
const roleOptions = (['all', ...freelancerRoles.filter((role) => role !== 'all')] as FreelancerRole[]).map(
  (role) => ({ value: role, label: prospectingRolePreferenceLabels[role] }),
);

/** Every filter back to its default (search-params.ts); the ranked mission stays, the page restarts. */
const { missionId: _missionId, page: _page, ...noFilters } = freelancerSearch.defaults;

/** The infopreneur's published missions, to rank the freelancers by their match with one. */
function MissionPicker({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (missionId: number | null) => void;
  error?: string;
}) {
  const missions = useMyMissions({ perPage: 100 });
  const options = (missions.data?.data ?? [])
    .filter((mission) => mission.status === 'published')
    .map((mission) => ({ value: String(mission.id), label: mission.title }));
  return (
    <Select
      label="Classer pour ma mission"
      description="Les profils les plus adaptés à la mission d’abord, avec les raisons de leur score"
      placeholder={
        missions.isPending
          ? 'Chargement de vos missions…'
          : options.length
            ? 'Choisir une mission'
            : 'Aucune mission publiée'
      }
      data={options}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next ? Number(next) : null)}
      clearable
      clearButtonProps={{ 'aria-label': 'Ne plus classer pour une mission' }}
      disabled={!missions.isPending && options.length === 0 && value === null}
      leftSection={<IconTargetArrow size={16} aria-hidden="true" />}
      error={error ?? (missions.isError ? 'Vos missions n’ont pas pu être chargées.' : undefined)}
      data-testid="rank-for-mission"
    />
  );
}

/** `/app/search`: find setters and closers; an infopreneur can rank them for one of their missions. */
export function FreelancersPage() {
  const [state, update] = useUrlState(freelancerSearch);
  const { data: me } = useCurrentUser();
  const infopreneur = isInfopreneur(me);
  const effective = infopreneur ? state : { ...state, missionId: null };
  const search = useFreelancerSearch(searchToQuery(effective, PER_PAGE));
  const errors = filterErrors(search.error);
  const shown = useLastData(search.data);
  const results = shown?.data ?? [];
  const sectors = useWorkSectorOptions();
  const skills = useSkills({ perPage: 100 });
  const skillOptions = [
    ...new Set([
      ...(skills.data?.data ?? []).filter((skill) => skill.isValidated).map((skill) => skill.name),
      ...state.skills,
    ]),
  ];
  const others = otherErrors(errors, SHOWN_FILTERS);

  useEffect(() => {
    if (search.data && state.page > 1 && state.page > search.data.meta.lastPage) {
      update({ page: Math.max(1, search.data.meta.lastPage) });
    }
  }, [search.data, state.page, update]);

  const active = countFilters({
    role: state.role === 'all' ? null : state.role,
    workSectors: state.workSectors,
    skills: state.skills,
    minConversionRate: state.minConversionRate,
    minExperience: state.minExperience,
    available: state.available,
    online: state.online,
    location: state.location,
  });
  const filtered = active > 0 || state.query !== '';

  return (
    <Stack gap="lg">
      <PageHeader
        title="Recherche Setter & Closer"
        description="Trouvez les setters et closers qui vendront vos formations : expérience, taux de conversion, secteurs, disponibilité."
      />

      <Card padding="lg" component="section" aria-label="Recherche et filtres">
        <Stack gap="md">
          <SegmentedControl
            aria-label="Profil"
            data={roleOptions}
            value={state.role}
            onChange={(role) => update({ role: role as FreelancerRole })}
            w={{ base: '100%', sm: 'auto' }}
            style={{ alignSelf: 'flex-start' }}
          />
          {errors?.role && (
            <Text size="xs" c="var(--mantine-color-error)" role="alert">
              {errors.role}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            <SearchField
              label="Nom ou mot-clé"
              placeholder="Prénom, nom, compétence…"
              value={state.query}
              onCommit={(query) => update({ query })}
              loading={search.isFetching && !search.isPending}
              error={errors?.query}
            />
            <SearchField
              label="Localisation"
              placeholder="Ville, région…"
              value={state.location}
              onCommit={(location) => update({ location })}
              error={errors?.location}
            />
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
              label="Compétences"
              placeholder={state.skills.length === 0 ? 'Toutes' : undefined}
              data={skillOptions}
              value={state.skills}
              onChange={(values) => update({ skills: values })}
              searchable
              filter={nameFilter}
              nothingFoundMessage="Aucune compétence"
              error={errors?.skills}
            />
            <DebouncedNumberInput
              label="Taux de conversion minimum"
              description="Sur 10 (ventes pour 10 appels)"
              placeholder="Ex. 5"
              suffix="/10"
              min={0}
              max={10}
              step={0.5}
              decimalScale={1}
              clampBehavior="strict"
              value={state.minConversionRate}
              onCommit={(minConversionRate) => update({ minConversionRate })}
              error={errors?.minConversionRate}
            />
            <DebouncedNumberInput
              label="Expérience minimum"
              description="En années"
              placeholder="Ex. 2"
              suffix=" ans"
              min={0}
              max={100}
              allowDecimal={false}
              clampBehavior="strict"
              value={state.minExperience}
              onCommit={(minExperience) => update({ minExperience })}
              error={errors?.minExperience}
            />
          </SimpleGrid>
          <Group gap="xl">
            <Switch
              label="Disponibles uniquement"
              checked={state.available}
              onChange={(event) => update({ available: event.currentTarget.checked })}
              error={errors?.available}
            />
            <Switch
              label="En ligne maintenant"
              checked={state.online}
              onChange={(event) => update({ online: event.currentTarget.checked })}
              error={errors?.online}
            />
            {active > 0 && (
              <Button variant="subtle" size="compact-sm" onClick={() => update(noFilters)}>
                Réinitialiser les filtres ({active})
              </Button>
            )}
          </Group>
          {infopreneur && (
            <MissionPicker
              value={state.missionId}
              onChange={(missionId) => update({ missionId })}
              error={errors?.missionId}
            />
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
          {/* Past 2,000 profiles the server estimates the total (meta.totalIsApproximate). */}
          {shown.meta.totalIsApproximate ? 'environ ' : ''}
          {countText(shown.meta.total, 'profil trouvé', 'profils trouvés', 'Aucun profil trouvé')}
          {effective.missionId !== null && ' — classés selon votre mission'}
          {errors && ' — résultats de la recherche précédente : corrigez le filtre signalé.'}
        </Text>
      )}
      {search.isError && !errors && (
        <LoadError error={search.error} onRetry={() => search.refetch()} title="Recherche impossible" />
      )}

      {!shown ? (
        search.isPending ? (
          <CardGridSkeleton count={6} cols={{ base: 1, sm: 2, lg: 3 }} />
        ) : null
      ) : results.length === 0 ? (
        <EmptyState
          icon={IconUsers}
          title={filtered ? 'Aucun profil ne correspond à votre recherche' : 'Aucun profil pour le moment'}
          action={
            filtered ? (
              <Button variant="light" onClick={() => update(noFilters)}>
                Effacer la recherche et les filtres
              </Button>
            ) : undefined
          }
        >
          {filtered
            ? 'Essayez avec moins de filtres : un taux de conversion ou une expérience plus bas, par exemple.'
            : 'Les setters et closers apparaissent ici dès que leur profil est terminé.'}
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy={search.isFetching}>
          {results.map((freelancer) => (
            <FreelancerResultCard
              key={freelancer.id}
              freelancer={freelancer}
              favorite={freelancer.id !== me?.id}
            />
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
