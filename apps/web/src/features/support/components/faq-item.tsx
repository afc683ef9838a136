import { type FaqEntry, supportCategoryLabels } from '@closia/shared';
import { Badge, Box, Collapse, Group, Highlight, Paper, Stack, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { matchesIn } from '../utils/highlight';

/**
 * One question of the FAQ, its answer folded under it (a disclosure: the question is a heading
 * holding a button that says whether it is open). Mantine's Accordion is not used: the signed-in
 * frame's NavLink imports its modules, so using it would weigh on every signed-in page.
 */
export function FaqItem({
  entry,
  words,
  order,
  showCategory = false,
  defaultOpen = false,
  size = 'md',
}: {
  entry: FaqEntry;
  /** Search words to light up (folded, `searchWords`). */
  words: string[];
  /** The heading level of the question. */
  order: 3 | 4;
  showCategory?: boolean;
  defaultOpen?: boolean;
  size?: 'sm' | 'md';
}) {
  const [opened, setOpened] = useState(defaultOpen);
  const panelId = useId();
  return (
    <Paper component="li" withBorder radius="md" data-testid="faq-entry">
      <Title order={order} fz={size} fw={600} lh={1.4} m={0}>
        <UnstyledButton
          w="100%"
          px="md"
          py="sm"
          aria-expanded={opened}
          aria-controls={panelId}
          onClick={() => setOpened((open) => !open)}
        >
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={4} align="flex-start" style={{ minWidth: 0 }}>
              {showCategory && (
                <Badge variant="light" size="sm" tt="none" component="span">
                  {supportCategoryLabels[entry.category]}
                </Badge>
              )}
              <Highlight component="span" inherit highlight={matchesIn(entry.question, words)}>
                {entry.question}
              </Highlight>
            </Stack>
            <IconChevronDown
              size={18}
              aria-hidden="true"
              style={{
                flexShrink: 0,
                transition: 'transform 150ms',
                transform: opened ? 'rotate(180deg)' : undefined,
              }}
            />
          </Group>
        </UnstyledButton>
      </Title>
      <Collapse in={opened} id={panelId}>
        <Box px="md" pb="md">
          <Highlight
            size="sm"
            highlight={matchesIn(entry.answer, words)}
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {entry.answer}
          </Highlight>
        </Box>
      </Collapse>
    </Paper>
  );
}

/** A list of questions (`<ul>`). */
export function FaqList({ children, label }: { children: React.ReactNode; label?: string }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}
