import { type ArticleSummary, articleStatusLabels } from '@closia/shared';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { articleDate, categoryLabel, readingTimeText } from '../utils/format';
import classes from './article-card.module.css';
import { ArticleCover } from './article-cover';

/**
 * An article in a list: its picture (or its category's colours), category, title (the one link,
 * which covers the card), description, date and reading time.
 */
export function ArticleCard({
  article,
  headingOrder = 2,
  featured = false,
}: {
  article: ArticleSummary;
  /** The title's level under the list's heading. */
  headingOrder?: 2 | 3;
  /** The first article of a list, drawn larger. */
  featured?: boolean;
}) {
  return (
    <Card
      component="article"
      padding={0}
      className={featured ? `${classes.card} ${classes.featured}` : classes.card}
      data-testid="article-card"
    >
      <div className={classes.coverSlot}>
        <ArticleCover article={article} priority={featured} />
      </div>
      <Stack gap="xs" p="lg" style={{ flex: 1 }}>
        <Group gap={6}>
          <Badge variant="light" radius="sm" tt="none">
            {categoryLabel(article.category)}
          </Badge>
          {article.status !== 'published' && (
            <Badge variant="light" color="orange" radius="sm" tt="none">
              {articleStatusLabels[article.status]}
            </Badge>
          )}
        </Group>
        <Title order={headingOrder} fz={featured ? 'h2' : 'h4'} style={{ overflowWrap: 'anywhere' }}>
          <Link to={article.path} className={classes.titleLink}>
            {article.title}
          </Link>
        </Title>
        <Text size="sm" c="dimmed" lineClamp={featured ? 4 : 3}>
          {article.description}
        </Text>
        <Group gap="xs" mt="auto" pt="xs" c="dimmed" fz="xs" wrap="wrap">
          {article.publishedAt && (
            <time dateTime={article.publishedAt}>{articleDate(article.publishedAt)}</time>
          )}
          {article.publishedAt && <span aria-hidden="true">·</span>}
          <Group gap={4} component="span" wrap="nowrap">
            <IconClockHour4 size={14} aria-hidden="true" />
            {readingTimeText(article.readingMinutes)}
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
