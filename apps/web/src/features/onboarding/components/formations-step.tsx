import { nameKey } from '@closia/shared';
import {
  ActionIcon,
  Autocomplete,
  Badge,
  Button,
  Fieldset,
  Group,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { nameFilter } from '../../../lib/name-filter';
import { useCreateFormation } from '../../reference/api/create-formation';
import { useFormations } from '../../reference/api/get-formations';
import { StepLayout } from './step-layout';
import { asSalesProfile, type StepProps, validateStepPayload } from './step-props';
import { useSaveStep } from './use-save-step';

interface FormationRow {
  key: string;
  name: string;
  link: string;
}

interface FormationsValues {
  formations: FormationRow[];
}

const emptyRow = (): FormationRow => ({ key: randomId(), name: '', link: '' });

/** The rows to send (blank rows left out) and, for each, the index of its row in the form. */
function toPayload(rows: FormationRow[]) {
  const formations: { name: string; link?: string }[] = [];
  const rowIndex: number[] = [];
  rows.forEach((row, index) => {
    const name = row.name.trim();
    const link = row.link.trim();
    if (!name && !link) return;
    formations.push(link ? { name, link } : { name });
    rowIndex.push(index);
  });
  return { formations, rowIndex };
}

/** `formations.2.link` of the payload → the same field of the form's row. */
function toFormPath(path: string, rowIndex: number[]): string {
  const match = /^formations\.(\d+)(\..*)?$/.exec(path);
  if (!match) return path;
  const row = rowIndex[Number(match[1])];
  return row === undefined ? 'formations' : `formations.${row}${match[2] ?? ''}`;
}

/**
 * Step "formations": the sales trainings followed, as rows { name, link? }. Names are suggested from
 * the catalogue; a name it does not know is proposed to it (`POST /formations`) when saving.
 */
export function FormationsStep({ track, step, profile, finished }: StepProps) {
  const { save, saving, formError } = useSaveStep(track, step, finished);
  const catalogue = useFormations({ perPage: 100 });
  const propose = useCreateFormation();
  const items = catalogue.data?.data ?? [];
  // By name as the API compares them (accents, case, punctuation): a name it holds is not proposed.
  const known = new Map(items.map((item) => [nameKey(item.name), item]));

  const saved = asSalesProfile(profile).formations ?? [];
  const form = useForm<FormationsValues>({
    initialValues: {
      formations:
        saved.length > 0
          ? saved.map((formation) => ({ key: randomId(), name: formation.name, link: formation.link ?? '' }))
          : [emptyRow()],
    },
    validate: (values) => {
      const { formations, rowIndex } = toPayload(values.formations);
      const errors: Record<string, string> = {};
      for (const [path, message] of Object.entries(validateStepPayload(track, { formations }))) {
        errors[toFormPath(path, rowIndex)] = message;
      }
      formations.forEach((formation, index) => {
        if (!formation.name) errors[`formations.${rowIndex[index]}.name`] = 'Indiquez le nom de la formation';
      });
      return errors;
    },
  });

  const submit = form.onSubmit(async (values) => {
    const { formations, rowIndex } = toPayload(values.formations);
    // New names join the catalogue as proposals; a failed proposal does not block the profile.
    const unknown = formations
      .map((formation) => formation.name)
      .filter((name) => name.length >= 2 && name.length <= 100 && !known.has(nameKey(name)));
    await Promise.allSettled([...new Set(unknown)].map((name) => propose.mutateAsync({ name })));
    save(
      { formations },
      {
        getValues: () => ({ formations }),
        setFieldError: (path, error) => form.setFieldError(toFormPath(path, rowIndex), error),
      },
    );
  });

  const rows = form.values.formations;
  return (
    <StepLayout
      track={track}
      step={step}
      finished={finished}
      title="Vos formations"
      intro="Les formations en vente que vous avez suivies (setting, closing, prospection…). Facultatif, mais rassurant pour les infopreneurs."
      onSubmit={submit}
      saving={saving || propose.isPending}
      formError={formError}
    >
      <Stack gap="md">
        {rows.map((row, index) => {
          const name = row.name.trim();
          const match = name ? known.get(nameKey(name)) : undefined;
          return (
            <Fieldset
              key={row.key}
              legend={`Formation ${index + 1}`}
              radius="md"
              p={{ base: 'sm', sm: 'md' }}
              data-testid={`formation-row-${index}`}
            >
              <Group align="flex-start" gap="sm" wrap="nowrap">
                <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
                  <Autocomplete
                    label="Nom"
                    placeholder="Ex. : Closing Academy"
                    data={items.map((item) => item.name)}
                    filter={nameFilter}
                    renderOption={({ option }) => (
                      <Group gap="xs" justify="space-between" wrap="nowrap" w="100%">
                        <span>{option.value}</span>
                        {known.get(nameKey(option.value))?.isValidated === false && (
                          <Badge size="xs" variant="light" color="orange">
                            à valider
                          </Badge>
                        )}
                      </Group>
                    )}
                    limit={20}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    description={
                      name && !match && !catalogue.isPending
                        ? 'Nouvelle formation : elle sera proposée au catalogue.'
                        : undefined
                    }
                    {...form.getInputProps(`formations.${index}.name`)}
                  />
                  <TextInput
                    label="Lien (facultatif)"
                    type="url"
                    inputMode="url"
                    placeholder="https://"
                    {...form.getInputProps(`formations.${index}.link`)}
                  />
                </Stack>
                <Tooltip label="Retirer">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={26}
                    aria-label={`Retirer la formation ${index + 1}`}
                    onClick={() => form.removeListItem('formations', index)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Fieldset>
          );
        })}
        {rows.length === 0 && (
          <Text c="dimmed" size="sm">
            Aucune formation pour le moment. Vous pouvez passer cette étape.
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem('formations', emptyRow())}
          >
            Ajouter une formation
          </Button>
        </Group>
      </Stack>
    </StepLayout>
  );
}
