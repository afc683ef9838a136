import { type FaqEntry, supportCategories, supportCategoryLabels } from '@closia/shared';
import { Stack, Title } from '@mantine/core';
import { FaqItem, FaqList } from './faq-item';

/**
 * The FAQ as accordions: by category under their headings (h3, questions h4), or — search results,
 * the most relevant first — one list with each entry's category (questions h3). With a search,
 * every entry starts open, so that the lit-up words show.
 */
export function FaqAccordion({ entries, words }: { entries: FaqEntry[]; words: string[] }) {
  if (words.length > 0) {
    return (
      <FaqList key={words.join(' ')}>
        {entries.map((entry) => (
          <FaqItem key={entry.id} entry={entry} words={words} order={3} showCategory defaultOpen />
        ))}
      </FaqList>
    );
  }
  const groups = supportCategories
    .map((category) => ({ category, items: entries.filter((entry) => entry.category === category) }))
    .filter((group) => group.items.length > 0);
  return (
    <Stack gap="lg">
      {groups.map(({ category, items }) => (
        <Stack key={category} gap="xs" component="section" aria-labelledby={`faq-${category}`}>
          <Title order={3} fz="h5" id={`faq-${category}`}>
            {supportCategoryLabels[category]}
          </Title>
          <FaqList>
            {items.map((entry) => (
              <FaqItem key={entry.id} entry={entry} words={[]} order={4} />
            ))}
          </FaqList>
        </Stack>
      ))}
    </Stack>
  );
}
