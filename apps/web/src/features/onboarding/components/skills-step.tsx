import { useForm } from '@mantine/form';
import { useRef } from 'react';
import { useCreateSkill } from '../../reference/api/create-skill';
import { useSkills } from '../../reference/api/get-skills';
import {
  addTypedThenSubmit,
  ReferenceMultiSelect,
  type ReferenceMultiSelectHandle,
  type ReferenceOption,
} from '../../reference/components/reference-multi-select';
import { ReferenceLoadError } from './reference-load-error';
import { StepLayout } from './step-layout';
import { asSalesProfile, type StepProps, validateStepPayload } from './step-props';
import { useSaveStep } from './use-save-step';

/**
 * Step "skills": skill names picked from `GET /skills`, or typed: a new name is proposed
 * (`POST /skills`) and usable at once, marked "à valider" until an admin validates it.
 */
export function SkillsStep({ track, step, profile, finished }: StepProps) {
  const { save, saving, formError } = useSaveStep(track, step, finished);
  const skills = useSkills({ perPage: 100 });
  const propose = useCreateSkill();
  const picker = useRef<ReferenceMultiSelectHandle>(null);
  const form = useForm({
    initialValues: { skills: asSalesProfile(profile).skills ?? [] },
    validate: (values) => {
      const errors = validateStepPayload(track, { skills: values.skills });
      if (values.skills.length === 0) errors.skills = 'Choisissez au moins une compétence';
      return errors;
    },
  });

  const options: ReferenceOption[] = (skills.data?.data ?? []).map((skill) => ({
    value: skill.name,
    label: skill.name,
    pending: !skill.isValidated,
  }));

  return (
    <StepLayout
      track={track}
      step={step}
      finished={finished}
      title="Vos compétences"
      intro="Choisissez-les dans la liste, ou tapez-en une nouvelle : elle sera ajoutée à votre profil et proposée à l’équipe Closia."
      // A skill still typed in the field is added, not lost, when the step is sent.
      onSubmit={addTypedThenSubmit(
        picker,
        form.onSubmit((values) => save({ skills: values.skills }, form)),
      )}
      saving={saving}
      formError={formError}
    >
      {skills.isError && (
        <ReferenceLoadError what="la liste des compétences" onRetry={() => skills.refetch()} />
      )}
      <ReferenceMultiSelect
        ref={picker}
        label="Compétences"
        description="Ex. : prospection LinkedIn, découverte, traitement des objections…"
        placeholder="Rechercher ou ajouter une compétence"
        required
        options={options}
        loading={skills.isPending}
        createLabel={(name) => `Ajouter la compétence « ${name} »`}
        onCreate={async (name) => {
          const skill = await propose.mutateAsync({ name });
          return { value: skill.name, label: skill.name, pending: !skill.isValidated };
        }}
        data-testid="skills-select"
        {...form.getInputProps('skills')}
      />
    </StepLayout>
  );
}
