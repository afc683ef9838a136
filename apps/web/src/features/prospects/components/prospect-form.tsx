import {
  leadStageOptions,
  type Prospect,
  type ProspectWithDuplicates,
  prospectLimits,
  prospectStateOptions,
} from '@closia/shared';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { DateTimeField } from '../../../components/date-time-field';
import { FormError } from '../../../components/form-error';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { fieldErrorFr } from '../../../lib/form-errors';
import { useCreateProspect } from '../api/create-prospect';
import { useUpdateProspect } from '../api/update-prospect';
import { fieldLabel, prospectWording } from '../utils/error-wording';
import { formatDue } from '../utils/format';
import {
  addCustomFieldRow,
  changedFields,
  type ProspectFormValues,
  prospectFormValues,
  removeRow,
  spreadErrors,
  toProspectInput,
  updateCustomFieldRow,
  validateProspectValues,
} from '../utils/prospect-form';

const errorColor = 'var(--mantine-color-error)';

/** A fieldset that reads like the inputs around it: its legend styled as their labels. */
const fieldsetStyles = {
  root: { padding: 0, margin: 0, border: 0 },
  legend: { padding: 0, marginBottom: 6, fontWeight: 500, fontSize: 'var(--mantine-font-size-sm)' },
};

/** The links of a prospect, one input each, added and removed at will. */
function ContactLinksEditor({ form }: { form: UseFormReturnType<ProspectFormValues> }) {
  const links = form.values.contactLinks;
  const full = links.length >= prospectLimits.contactLinksMax;
  return (
    <Fieldset legend="Liens de contact" variant="unstyled" styles={fieldsetStyles}>
      <Stack gap="xs">
        {links.length === 0 && (
          <Text size="sm" c="dimmed">
            LinkedIn, Instagram, site web… : ajoutez les profils où joindre ce prospect.
          </Text>
        )}
        {links.map((_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their order is their identity
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              style={{ flex: 1, minWidth: 0 }}
              type="url"
              aria-label={`Lien de contact ${index + 1}`}
              placeholder="https://www.linkedin.com/in/…"
              {...form.getInputProps(`contactLinks.${index}`)}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={`Retirer le lien ${index + 1}`}
              onClick={() => form.setFieldValue('contactLinks', removeRow(links, index))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {typeof form.errors.contactLinks === 'string' && (
          <Text size="xs" c={errorColor} role="alert">
            {form.errors.contactLinks}
          </Text>
        )}
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            disabled={full}
            onClick={() => form.setFieldValue('contactLinks', [...links, ''])}
          >
            Ajouter un lien
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

/** Free key/value pairs: "Budget" → "3 000 €", "Source" → "Salon"… */
function CustomFieldsEditor({ form }: { form: UseFormReturnType<ProspectFormValues> }) {
  const rows = form.values.customFields;
  const full = rows.length >= prospectLimits.customFieldsMax;
  return (
    <Fieldset legend="Champs personnalisés" variant="unstyled" styles={fieldsetStyles}>
      <Stack gap="xs">
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            Ajoutez ce que vous voulez retenir de ce prospect : budget, source, entreprise…
          </Text>
        )}
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their order is their identity
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start" data-testid="custom-field-row">
            <TextInput
              style={{ flex: '1 1 40%', minWidth: 0 }}
              aria-label={`Nom du champ ${index + 1}`}
              placeholder="Nom (ex. Budget)"
              maxLength={prospectLimits.customFieldKeyMaxLength}
              value={row.key}
              error={form.errors[`customFields.${index}.key`]}
              onChange={(event) =>
                form.setFieldValue(
                  'customFields',
                  updateCustomFieldRow(rows, index, { key: event.currentTarget.value }),
                )
              }
            />
            <TextInput
              style={{ flex: '1 1 60%', minWidth: 0 }}
              aria-label={`Valeur du champ ${index + 1}`}
              placeholder="Valeur"
              maxLength={prospectLimits.customFieldValueMaxLength}
              value={row.value}
              error={form.errors[`customFields.${index}.value`]}
              onChange={(event) =>
                form.setFieldValue(
                  'customFields',
                  updateCustomFieldRow(rows, index, { value: event.currentTarget.value }),
                )
              }
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={`Retirer le champ ${row.key.trim() ? `« ${row.key.trim()} »` : index + 1}`}
              onClick={() => form.setFieldValue('customFields', removeRow(rows, index))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {typeof form.errors.customFields === 'string' && (
          <Text size="xs" c={errorColor} role="alert">
            {form.errors.customFields}
          </Text>
        )}
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            disabled={full}
            onClick={() => form.setFieldValue('customFields', addCustomFieldRow(rows))}
          >
            Ajouter un champ
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

/** Every field of a prospect; creates it (`prospect` null) or saves what changed. */
export function ProspectForm({
  prospect,
  onSaved,
  onCancel,
}: {
  prospect: Prospect | null;
  onSaved: (saved: ProspectWithDuplicates, created: boolean) => void;
  onCancel: () => void;
}) {
  const create = useCreateProspect();
  const update = useUpdateProspect();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ProspectFormValues>({
    initialValues: prospectFormValues(prospect),
    validate: validateProspectValues,
  });
  const { setValues, resetDirty, clearErrors, isDirty } = form;
  const shownId = useRef<number | null>(prospect?.id ?? null);
  const justSaved = useRef(false);

  // Another prospect, or this one saved: the form shows what is stored. A change made elsewhere
  // (an activity moving the next date) does not wipe what the user is typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: its id and version identify the prospect
  useEffect(() => {
    const id = prospect?.id ?? null;
    const sameProspect = shownId.current === id;
    shownId.current = id;
    if (sameProspect && isDirty() && !justSaved.current) return;
    justSaved.current = false;
    const values = prospectFormValues(prospect);
    setValues(values);
    resetDirty(values);
    clearErrors();
    setFormError(null);
  }, [prospect?.id, prospect?.updatedAt, setValues, resetDirty, clearErrors]);

  const pending = create.isPending || update.isPending;
  const scheduledByActivity = prospect?.nextActivity ?? null;

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    const input = toProspectInput(values);
    try {
      if (!prospect) {
        onSaved(await create.mutateAsync(input), true);
        return;
      }
      const changes = changedFields(toProspectInput(prospectFormValues(prospect)), input);
      if (Object.keys(changes).length === 0) {
        notifications.show({ color: 'gray', message: 'Aucune modification à enregistrer.' });
        return;
      }
      // What the save answers replaces the form's values, however soon it arrives.
      justSaved.current = true;
      onSaved(await update.mutateAsync({ id: prospect.id, input: changes }), false);
    } catch (error) {
      justSaved.current = false;
      if (isApiError(error) && error.status === 422 && error.errors?.length) {
        const { fields, rest } = spreadErrors(error.errors, values, fieldErrorFr);
        form.setErrors(fields);
        if (rest.length > 0) {
          setFormError(rest.map((item) => `${fieldLabel(item.field)} : ${fieldErrorFr(item)}`).join(' '));
        }
        return;
      }
      setFormError(errorMessage(error, prospectWording));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={prospect ? 'Fiche du prospect' : 'Nouveau prospect'}>
      <Stack gap="md">
        <FormError>{formError}</FormError>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Prénom"
            required
            data-autofocus
            maxLength={50}
            autoComplete="off"
            {...form.getInputProps('firstName')}
          />
          <TextInput label="Nom" maxLength={50} autoComplete="off" {...form.getInputProps('lastName')} />
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="off"
            placeholder="prenom.nom@exemple.fr"
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Téléphone"
            type="tel"
            autoComplete="off"
            placeholder="06 12 34 56 78"
            maxLength={prospectLimits.phoneMaxLength}
            {...form.getInputProps('phone')}
          />
          <Select
            label="Statut"
            placeholder="Aucun"
            data={prospectStateOptions}
            clearable
            clearButtonProps={{ 'aria-label': 'Effacer le statut' }}
            comboboxProps={{ zIndex: 500 }}
            {...form.getInputProps('state')}
          />
          <Select
            label="Qualification"
            placeholder="Aucune"
            data={leadStageOptions}
            clearable
            clearButtonProps={{ 'aria-label': 'Effacer la qualification' }}
            comboboxProps={{ zIndex: 500 }}
            {...form.getInputProps('leadStage')}
          />
        </SimpleGrid>
        <DateTimeField
          label="Prochaine activité"
          description={
            scheduledByActivity
              ? `Fixée par l’activité « ${scheduledByActivity.title} » (${formatDue(scheduledByActivity.dueAt)}) : terminez-la ou changez sa date.`
              : 'Quand recontacter ce prospect. Une activité planifiée ci-dessous la remplace.'
          }
          clearable
          disabled={scheduledByActivity !== null}
          {...form.getInputProps('nextActivityAt')}
        />
        <ContactLinksEditor form={form} />
        <Textarea
          label="Observations"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={prospectLimits.observationsMaxLength}
          {...form.getInputProps('observations')}
        />
        <CustomFieldsEditor form={form} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {prospect ? 'Fermer' : 'Annuler'}
          </Button>
          <Button type="submit" loading={pending}>
            {prospect ? 'Enregistrer' : 'Créer le prospect'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
