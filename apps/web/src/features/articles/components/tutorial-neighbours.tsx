import type { ArticleLink } from '@closia/shared';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './article-card.module.css';

function Neighbour({ link, direction }: { link: ArticleLink; direction: 'previous' | 'next' }) {
  const next = direction === 'next';
  return (
    <Card padding="md" className={classes.card} style={{ textAlign: next ? 'right' : 'left' }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={4}>
        {next ? 'Tutoriel suivant' : 'Tutoriel précédent'}
      </Text>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        <Link to={link.path} className={classes.titleLink} rel={next ? 'next' : 'prev'}>
          {!next && (
            <IconArrowLeft
              size={16}
              aria-hidden="true"
              style={{ verticalAlign: '-0.15em', marginRight: 6 }}
            />
          )}
          {link.title}
          {next && (
            <IconArrowRight
              size={16}
              aria-hidden="true"
              style={{ verticalAlign: '-0.15em', marginLeft: 6 }}
            />
          )}
        </Link>
      </Text>
    </Card>
  );
}

/** A tutorial's previous and next in its category. */
export function TutorialNeighbours({
  previous,
  next,
}: {
  previous: ArticleLink | null;
  next: ArticleLink | null;
}) {
  if (!previous && !next) return null;
  return (
    <nav aria-label="Tutoriels de la même catégorie" data-testid="tutorial-neighbours">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {previous ? <Neighbour link={previous} direction="previous" /> : <div />}
        {next ? <Neighbour link={next} direction="next" /> : null}
      </SimpleGrid>
    </nav>
  );
}
