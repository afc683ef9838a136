import { useForm } from '@mantine/form';
import { useRef } from 'react';
import { useCreateWorkSector } from '../../reference/api/create-work-sector';
import { useWorkSectors } from '../../reference/api/get-work-sectors';
import {
  addTypedThenSubmit,
  ReferenceMultiSelect,
  type ReferenceMultiSelectHandle,
  type ReferenceOption,
} from '../../reference/components/reference-multi-select';
import { ReferenceLoadError } from './reference-load-error';
import { StepLayout } from './step-layout';
import { type StepProps, validateStepPayload } from './step-props';
import { useSaveStep } from './use-save-step';

/**
 * Step "work-sectors": sectors picked from `GET /work-sectors`; "Proposer un secteur" creates one
 * (`POST /work-sectors`), selected at once and marked "à valider" until an admin approves it.
 */
export function WorkSectorsStep({ track, step, profile, finished }: StepProps) {
  const { save, saving, formError } = useSaveStep(track, step, finished);
  const sectors = useWorkSectors({ perPage: 100 });
  const propose = useCreateWorkSector();
  const picker = useRef<ReferenceMultiSelectHandle>(null);
  const infopreneur = track === 'infopreneur';
  const form = useForm({
    // The select works on strings; the API takes ids.
    initialValues: { workSectors: profile.workSectors.map(String) },
    validate: (values) => {
      const errors = validateStepPayload(track, { workSectors: values.workSectors.map(Number) });
      if (values.workSectors.length === 0) errors.workSectors = 'Choisissez au moins un secteur';
      return errors;
    },
  });

  const options: ReferenceOption[] = (sectors.data?.data ?? []).map((sector) => ({
    value: String(sector.id),
    label: sector.name,
    pending: !sector.approved,
  }));

  return (
    <StepLayout
      track={track}
      step={step}
      finished={finished}
      title="Vos secteurs d’activité"
      intro={
        infopreneur
          ? 'Les thématiques de vos formations : elles aident les setters et closers à vous trouver.'
          : 'Les thématiques de formation que vous aimez vendre : les infopreneurs vous trouvent par secteur.'
      }
      // A sector still typed in the field is added, not lost, when the step is sent.
      onSubmit={addTypedThenSubmit(
        picker,
        form.onSubmit((values) => save({ workSectors: values.workSectors.map(Number) }, form)),
      )}
      saving={saving}
      formError={formError}
    >
      {sectors.isError && (
        <ReferenceLoadError what="la liste des secteurs" onRetry={() => sectors.refetch()} />
      )}
      <ReferenceMultiSelect
        ref={picker}
        label="Secteurs d’activité"
        description="Votre secteur n’est pas dans la liste ? Tapez son nom pour le proposer."
        placeholder="Rechercher ou proposer un secteur"
        required
        options={options}
        loading={sectors.isPending}
        createLabel={(name) => `Proposer un secteur : « ${name} »`}
        onCreate={async (name) => {
          const sector = await propose.mutateAsync({ name });
          return { value: String(sector.id), label: sector.name, pending: !sector.approved };
        }}
        data-testid="work-sectors-select"
        {...form.getInputProps('workSectors')}
      />
    </StepLayout>
  );
}
