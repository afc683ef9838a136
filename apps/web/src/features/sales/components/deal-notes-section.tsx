import { type Deal, dealCan } from '@closia/shared';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { useUpdateDeal } from '../api/update-deal';
import { saleWording } from '../utils/error-wording';
import { Section } from './sale-section';

/** The observations: notes on the prospect and the deal. */
export function DealNotesSection({ deal }: { deal: Deal }) {
  const update = useUpdateDeal();
  const [notes, setNotes] = useState(deal.observations ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setNotes(deal.observations ?? ''), [deal.observations]);
  const dirty = notes !== (deal.observations ?? '');

  const save = async () => {
    setError(null);
    try {
      await update.mutateAsync({ id: deal.id, observations: notes });
      notifications.show({
        color: 'green',
        title: 'Notes enregistrées',
        message: `Les notes de « ${deal.title} » sont à jour.`,
      });
    } catch (failure) {
      setError(errorMessage(failure, saleWording));
    }
  };

  if (!dealCan(deal, 'edit')) {
    return (
      <Section title="Notes">
        <Text
          size="sm"
          c={deal.observations ? undefined : 'dimmed'}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {deal.observations || 'Aucune note.'}
        </Text>
      </Section>
    );
  }
  return (
    <Section title="Notes">
      <Stack gap="sm">
        <Textarea
          label="Observations"
          description="Contexte, besoins du prospect, objections, prochaines étapes."
          autosize
          minRows={4}
          maxRows={14}
          maxLength={2500}
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
          error={error}
        />
        <Group justify="flex-end">
          <Button variant="light" disabled={!dirty} loading={update.isPending} onClick={save}>
            Enregistrer les notes
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}
