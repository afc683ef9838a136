import { type Deal, formatEuro, selectablePipelineStageOptions } from '@closia/shared';
import { Anchor, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useProspectOptions } from '../api/get-prospect-options';
import { useSellableServices } from '../api/get-sellable-services';
import type { DealFormValues } from '../utils/deal-form';
import { DateField } from './date-field';

interface Option {
  value: string;
  label: string;
}

/** `options` with `extra` added when it is not among them (the current choice stays shown). */
function withOption(options: Option[], extra: Option | null): Option[] {
  if (!extra || options.some((option) => option.value === extra.value)) return options;
  return [extra, ...options];
}

/**
 * My prospects, searched on the server as the user types. An option's label is the prospect's name
 * (what the box shows once chosen); its e-mail is shown under it in the list.
 */
function ProspectSelect({
  form,
  current,
}: {
  form: UseFormReturnType<DealFormValues>;
  current: Option | null;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<Option | null>(current);
  // Once chosen, the search box shows the prospect's name: list from the start, not by that name.
  const query = chosen && search === chosen.label ? '' : debounced;
  const prospects = useProspectOptions(query);
  const emails = new Map(
    (prospects.data?.data ?? []).map((prospect) => [String(prospect.id), prospect.email]),
  );
  const options = withOption(
    (prospects.data?.data ?? []).map((prospect) => ({
      value: String(prospect.id),
      label: prospect.fullName,
    })),
    chosen,
  );
  const none = prospects.isSuccess && prospects.data.meta.total === 0 && !query;
  return (
    <Select
      label="Prospect"
      placeholder="Rechercher un prospect"
      required
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      data={options}
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text size="sm">{option.label}</Text>
          {emails.get(option.value) && (
            <Text size="xs" c="dimmed">
              {emails.get(option.value)}
            </Text>
          )}
        </Stack>
      )}
      nothingFoundMessage={prospects.isFetching ? 'Recherche…' : 'Aucun prospect trouvé'}
      description={
        none ? (
          <>
            Vous n’avez pas encore de prospect :{' '}
            <Anchor component={Link} to={paths.dashboard.prospects} size="xs">
              ajoutez-en un
            </Anchor>
            .
          </>
        ) : undefined
      }
      {...form.getInputProps('prospectId')}
      onChange={(value, option) => {
        setChosen(value ? { value, label: option.label } : null);
        form.setFieldValue('prospectId', value);
      }}
    />
  );
}

/** The offers I may sell. */
function ServiceSelect({
  form,
  current,
  disabled,
}: {
  form: UseFormReturnType<DealFormValues>;
  current: Option | null;
  disabled?: boolean;
}) {
  const services = useSellableServices();
  const options = withOption(
    (services.data?.data ?? []).map((service) => ({
      value: String(service.id),
      label: `${service.name} · ${formatEuro(service.price)}`,
    })),
    current,
  );
  const none = services.isSuccess && services.data.data.length === 0;
  return (
    <Select
      label="Offre vendue"
      placeholder={services.isPending ? 'Chargement des offres…' : 'Choisir une offre'}
      required
      searchable
      disabled={disabled}
      data={options}
      nothingFoundMessage="Aucune offre"
      description={
        none ? (
          <>
            Aucune offre à vendre pour l’instant :{' '}
            <Anchor component={Link} to={paths.app.missions} size="xs">
              faites-vous accepter sur une mission
            </Anchor>
            .
          </>
        ) : undefined
      }
      {...form.getInputProps('infopreneurFormationId')}
    />
  );
}

/**
 * The fields of a deal: title, prospect, offer, stage (creation only), expected close date,
 * probability and observations. A closed deal keeps its prospect, offer, date and probability.
 */
export function DealFields({
  form,
  deal,
  withStage,
  withObservations = true,
  autoFocus,
}: {
  form: UseFormReturnType<DealFormValues>;
  /** The deal edited (its prospect and offer stay among the choices); none to create one. */
  deal?: Deal;
  withStage?: boolean;
  /** The deal's page edits them apart, as its notes. */
  withObservations?: boolean;
  autoFocus?: boolean;
}) {
  const closed = deal ? deal.status === 'Closed' || deal.status === 'Lost' : false;
  const closedHint = closed ? 'Rouvrez la vente pour changer ce champ.' : undefined;
  return (
    <Stack gap="md">
      <TextInput
        label="Titre"
        placeholder="Ex. Formation immobilier – Julie D."
        required
        maxLength={100}
        data-autofocus={autoFocus || undefined}
        {...form.getInputProps('title')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {closed && deal ? (
          <TextInput label="Prospect" value={deal.prospect.fullName} readOnly description={closedHint} />
        ) : (
          <ProspectSelect
            form={form}
            current={deal ? { value: String(deal.prospectId), label: deal.prospect.fullName } : null}
          />
        )}
        <ServiceSelect
          form={form}
          disabled={closed}
          current={
            deal?.service
              ? {
                  value: String(deal.service.id),
                  label: `${deal.service.name} · ${formatEuro(deal.service.price)}`,
                }
              : null
          }
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: withStage ? 3 : 2 }} spacing="md">
        {withStage && (
          <Select
            label="Étape"
            required
            allowDeselect={false}
            data={selectablePipelineStageOptions}
            {...form.getInputProps('status')}
          />
        )}
        <DateField
          label="Clôture prévue"
          placeholder="Choisir une date"
          required
          disabled={closed}
          description={closedHint}
          {...form.getInputProps('expectedCloseDate')}
        />
        <NumberInput
          label="Probabilité"
          description={closedHint ?? 'Chance de conclure, de 1 à 100 %'}
          placeholder="Ex. 60"
          min={1}
          max={100}
          suffix=" %"
          allowDecimal={false}
          allowNegative={false}
          disabled={closed}
          {...form.getInputProps('probability')}
        />
      </SimpleGrid>
      {withObservations && (
        <Textarea
          label="Observations"
          description="Contexte, besoins du prospect, objections, prochaines étapes."
          autosize
          minRows={3}
          maxRows={8}
          maxLength={2500}
          {...form.getInputProps('observations')}
        />
      )}
    </Stack>
  );
}
