import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useFaq } from '../api/faq';
import { searchWords } from '../utils/highlight';
import { FaqItem, FaqList } from './faq-item';

const SUGGESTED = 3;

/**
 * While the subject is typed (given here after a pause): the FAQ's answers that match it, before
 * the ticket is sent — often the question is already answered.
 */
export function FaqSuggestions({ subject }: { subject: string }) {
  const words = searchWords(subject);
  const faq = useFaq({ query: subject, perPage: SUGGESTED }, { enabled: words.length > 0 });
  const entries = words.length > 0 ? (faq.data?.data ?? []) : [];
  return (
    <div aria-live="polite">
      {entries.length > 0 && (
        <Paper withBorder radius="md" p="md" data-testid="faq-suggestions">
          <Stack gap="xs">
            <Group gap="xs" wrap="nowrap">
              <IconBulb size={18} aria-hidden="true" />
              <Text fw={600} size="sm">
                Ces réponses de la FAQ peuvent vous aider :
              </Text>
            </Group>
            <FaqList label="Réponses suggérées">
              {entries.map((entry) => (
                <FaqItem key={entry.id} entry={entry} words={words} order={3} showCategory size="sm" />
              ))}
            </FaqList>
            <Text size="xs" c="dimmed">
              Toujours bloqué ? Envoyez votre demande : notre équipe vous répond.
            </Text>
          </Stack>
        </Paper>
      )}
    </div>
  );
}
