import { Card, Group, type MantineSpacing, Stack, Text, Title } from '@mantine/core';
import { type CSSProperties, type ReactNode, useId } from 'react';

export interface SectionProps {
  /** The card's h2; it names the section (a region landmark). */
  title: ReactNode;
  children: ReactNode;
  /** Right of the title: a link or a button ("Voir le pipeline", "Nouvel événement"). */
  action?: ReactNode;
  /** A short dimmed text under the title. */
  description?: ReactNode;
  /** Space between the title and each block of the content. */
  gap?: MantineSpacing;
  /** The section's own id (an anchor such as `#photos`). */
  id?: string;
  /** The title's id (default: a generated one). */
  titleId?: string;
  testId?: string;
  style?: CSSProperties;
  /** Data attributes of the title, e.g. what a table of contents looks for. */
  titleAttributes?: Record<`data-${string}`, string>;
}

/** A titled card of a page: `<section>` labelled by its h2, then the content. */
export function Section({
  title,
  children,
  action,
  description,
  gap = 'md',
  id,
  titleId,
  testId,
  style,
  titleAttributes,
}: SectionProps) {
  const generatedId = useId();
  const headingId = titleId ?? generatedId;
  const heading = (
    <Title order={2} fz="h4" id={headingId} {...titleAttributes}>
      {title}
    </Title>
  );
  const header = description ? (
    <Stack gap={4}>
      {heading}
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </Stack>
  ) : (
    heading
  );
  return (
    <Card
      component="section"
      id={id}
      aria-labelledby={headingId}
      padding="lg"
      withBorder
      data-testid={testId}
      style={style}
    >
      <Stack gap={gap}>
        {action ? (
          <Group justify="space-between">
            {header}
            {action}
          </Group>
        ) : (
          header
        )}
        {children}
      </Stack>
    </Card>
  );
}
