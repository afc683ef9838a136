import { supportCategoryOptions, supportLimits } from '@closia/shared';
import { Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { FormError } from '../../../components/form-error';
import { describeFor } from '../../../lib/error-message';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useCreateTicket } from '../api/tickets';
import { type ContactValues, contactSchema, emptyContact, ticketInputOf } from '../utils/contact-form';
import { FaqSuggestions } from './faq-suggestions';

export interface SentTicket {
  id: number;
  reference: string;
  email: string;
  followable: boolean;
}

/**
 * "Contacter le support": subject, category, message — and, for a visitor, their e-mail and name.
 * While the subject is typed, the FAQ's matching answers are suggested.
 */
export function ContactForm({
  anonymous,
  onSent,
}: {
  anonymous: boolean;
  onSent: (ticket: SentTicket) => void;
}) {
  const create = useCreateTicket();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<ContactValues>({
    mode: 'controlled',
    initialValues: emptyContact,
    validate: zodResolver(contactSchema(anonymous)),
  });
  const values = form.getValues();
  const [subject] = useDebouncedValue(values.subject.trim(), 400);
  const length = values.message.trim().length;

  return (
    <form
      noValidate
      data-testid="contact-form"
      onSubmit={form.onSubmit((submitted) => {
        setMessage(null);
        create.mutate(ticketInputOf(submitted, anonymous), {
          onSuccess: (ticket) => {
            form.reset();
            onSent(ticket);
          },
          onError: (error) => showSubmitError(form, error, setMessage, describeFor(form)),
        });
      })}
    >
      <Stack gap="md">
        <FormError>{message}</FormError>
        {anonymous && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Votre adresse e-mail"
              description="Notre réponse vous sera envoyée à cette adresse."
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              {...form.getInputProps('email')}
            />
            <TextInput
              label="Votre nom"
              description="Facultatif"
              autoComplete="name"
              maxLength={supportLimits.nameMax}
              {...form.getInputProps('name')}
            />
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Sujet"
            placeholder="Ex. : Je ne trouve pas ma facture"
            required
            maxLength={supportLimits.subjectMax}
            {...form.getInputProps('subject')}
          />
          <Select
            label="Catégorie"
            placeholder="Choisissez une catégorie"
            data={supportCategoryOptions}
            required
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('category')}
          />
        </SimpleGrid>
        <FaqSuggestions subject={subject} />
        <Stack gap={4}>
          <Textarea
            label="Votre message"
            description="Décrivez votre situation : ce que vous avez fait, ce qui s’est passé, ce que vous attendiez."
            required
            autosize
            minRows={5}
            maxRows={14}
            maxLength={supportLimits.messageMax}
            {...form.getInputProps('message')}
          />
          <Text size="xs" c="dimmed" aria-live="polite">
            {length} / {supportLimits.messageMax} caractères
            {length < supportLimits.firstMessageMin ? ` (au moins ${supportLimits.firstMessageMin})` : ''}
          </Text>
        </Stack>
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconSend size={16} aria-hidden="true" />}
            loading={create.isPending}
          >
            Envoyer ma demande
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
