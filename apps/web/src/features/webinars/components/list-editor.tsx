import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Section } from '../../../components/section';

/**
 * An editable list of the webinar form (speakers, agenda, resources, interactive elements): each
 * item in its own box with "monter", "descendre" and "retirer", and "Ajouter" below, up to `max`.
 */
export function ListEditor({
  title,
  description,
  count,
  max,
  itemName,
  addLabel,
  onAdd,
  onRemove,
  onMove,
  renderItem,
  error,
  testId,
}: {
  title: string;
  description?: string;
  count: number;
  max: number;
  /** "Intervenant": the boxes are "Intervenant 1", "Intervenant 2"… */
  itemName: string;
  addLabel: string;
  onAdd: () => void;
  onRemove: (index: number) => void;
  onMove: (from: number, to: number) => void;
  renderItem: (index: number) => ReactNode;
  error?: ReactNode;
  testId?: string;
}) {
  return (
    <Section title={title} description={description} testId={testId}>
      {Array.from({ length: count }, (_, index) => {
        const name = `${itemName} ${index + 1}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the items are edited in place, by position
          <Paper key={index} withBorder p="md" radius="md" role="group" aria-label={name}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} size="sm">
                  {name}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Monter « ${name} »`}
                    disabled={index === 0}
                    onClick={() => onMove(index, index - 1)}
                  >
                    <IconArrowUp size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Descendre « ${name} »`}
                    disabled={index === count - 1}
                    onClick={() => onMove(index, index + 1)}
                  >
                    <IconArrowDown size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Retirer « ${name} »`}
                    onClick={() => onRemove(index)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Group>
              {renderItem(index)}
            </Stack>
          </Paper>
        );
      })}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={18} />} onClick={onAdd} disabled={count >= max}>
          {addLabel}
        </Button>
      </Group>
    </Section>
  );
}
