import { webinarListLimits } from '@closia/shared';
import { NumberInput, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { Section } from '../../../components/section';
import { emptyAgendaItem, emptyResource, emptySpeaker, type WebinarFormValues } from '../utils/webinar-form';
import { ListEditor } from './list-editor';

type WebinarForm = UseFormReturnType<WebinarFormValues>;

/** The list's own error (too many items, duplicates), not one of its items'. */
const listError = (form: WebinarForm, path: string) => form.errors[path];

function listHandlers(form: WebinarForm, path: keyof WebinarFormValues) {
  return {
    onRemove: (index: number) => form.removeListItem(path, index),
    onMove: (from: number, to: number) => form.reorderListItem(path, { from, to }),
  };
}

export function SpeakersEditor({ form }: { form: WebinarForm }) {
  return (
    <ListEditor
      title="Intervenants"
      description="Qui anime le webinaire : leur nom, leur photo (lien) et quelques mots sur eux."
      testId="speakers-editor"
      count={form.values.speakers.length}
      max={webinarListLimits.speakers}
      itemName="Intervenant"
      addLabel="Ajouter un intervenant"
      onAdd={() => form.insertListItem('speakers', { ...emptySpeaker })}
      {...listHandlers(form, 'speakers')}
      error={listError(form, 'speakers')}
      renderItem={(index) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Nom" required {...form.getInputProps(`speakers.${index}.name`)} />
            <TextInput
              label="Photo (lien)"
              placeholder="https://…"
              type="url"
              {...form.getInputProps(`speakers.${index}.photoUrl`)}
            />
          </SimpleGrid>
          <Textarea
            label="Biographie"
            autosize
            minRows={2}
            {...form.getInputProps(`speakers.${index}.bio`)}
          />
        </>
      )}
    />
  );
}

export function AgendaEditor({ form }: { form: WebinarForm }) {
  return (
    <ListEditor
      title="Programme"
      description="Les temps du webinaire, dans l’ordre, avec leur durée."
      testId="agenda-editor"
      count={form.values.agenda.length}
      max={webinarListLimits.agenda}
      itemName="Séquence"
      addLabel="Ajouter une séquence"
      onAdd={() => form.insertListItem('agenda', { ...emptyAgendaItem })}
      {...listHandlers(form, 'agenda')}
      error={listError(form, 'agenda')}
      renderItem={(index) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label="Titre"
              required
              style={{ gridColumn: 'span 2' }}
              {...form.getInputProps(`agenda.${index}.title`)}
            />
            <NumberInput
              label="Durée (minutes)"
              required
              min={1}
              max={480}
              {...form.getInputProps(`agenda.${index}.duration`)}
            />
          </SimpleGrid>
          <Textarea
            label="Description"
            autosize
            minRows={1}
            {...form.getInputProps(`agenda.${index}.description`)}
          />
        </>
      )}
    />
  );
}

export function ResourcesEditor({ form }: { form: WebinarForm }) {
  return (
    <ListEditor
      title="Ressources"
      description="Supports, modèles, liens utiles partagés avec les participants."
      count={form.values.resources.length}
      max={webinarListLimits.resources}
      itemName="Ressource"
      addLabel="Ajouter une ressource"
      onAdd={() => form.insertListItem('resources', { ...emptyResource })}
      {...listHandlers(form, 'resources')}
      error={listError(form, 'resources')}
      renderItem={(index) => (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="Titre" required {...form.getInputProps(`resources.${index}.title`)} />
          <TextInput
            label="Lien"
            required
            type="url"
            placeholder="https://…"
            {...form.getInputProps(`resources.${index}.url`)}
          />
          <TextInput
            label="Type"
            required
            placeholder="PDF, vidéo, lien…"
            {...form.getInputProps(`resources.${index}.type`)}
          />
        </SimpleGrid>
      )}
    />
  );
}

export function InteractiveEditor({ form }: { form: WebinarForm }) {
  return (
    <ListEditor
      title="Éléments interactifs"
      description="Questions-réponses, sondages, quiz… ce que les participants pourront faire."
      count={form.values.interactiveElements.length}
      max={webinarListLimits.interactiveElements}
      itemName="Élément"
      addLabel="Ajouter un élément"
      onAdd={() => form.insertListItem('interactiveElements', '')}
      {...listHandlers(form, 'interactiveElements')}
      error={listError(form, 'interactiveElements')}
      renderItem={(index) => (
        <TextInput
          label="Nom de l’élément"
          required
          placeholder="Questions-réponses"
          {...form.getInputProps(`interactiveElements.${index}`)}
        />
      )}
    />
  );
}

export function ReplayFields({ form }: { form: WebinarForm }) {
  return (
    <Section title="Replay">
      <Switch label="Un replay sera disponible" {...form.getInputProps('hasReplay', { type: 'checkbox' })} />
      {form.values.hasReplay && (
        <TextInput
          label="Lien du replay"
          description="YouTube, Vimeo ou Loom s’affichent dans la page ; tout autre lien s’ouvre à part. Visible des inscrits après le webinaire."
          placeholder="https://…"
          type="url"
          {...form.getInputProps('replayUrl')}
        />
      )}
    </Section>
  );
}
