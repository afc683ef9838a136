import { type ArticleKind, articleCategoriesByKind } from '@closia/shared';
import { Anchor, Badge, Button, CloseButton, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconNews, IconRss } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { EmptyState, ListPagination, LoadError } from '../../../components/query-states';
import { SearchField } from '../../../components/search-field';
import { toQuery, useUrlState } from '../../../lib/url-state';
import { useArticles } from '../api/get-articles';
import { ArticleCard } from '../components/article-card';
import { ArticleGridSkeleton } from '../components/article-grid-skeleton';
import { categoryLabel, listPath } from '../utils/format';
import { ARTICLES_PER_PAGE, articleListStates } from '../utils/list-state';

const texts = {
  blog: {
    title: 'Le blog',
    intro:
      'Prospection, closing, objections, financement : les méthodes concrètes des setters, closers et infopreneurs qui vendent des formations.',
    search: 'Rechercher un article',
    placeholder: 'Closing, relance, CPF…',
    noun: ['article', 'articles'],
    none: 'Aucun article publié pour le moment',
    noneText: 'Revenez bientôt : nos premiers articles arrivent.',
    noMatch: 'Aucun article ne correspond à votre recherche',
  },
  tutorial: {
    title: 'Tutoriels',
    intro:
      'Des guides pas à pas pour prendre Closia en main : votre profil, la marketplace, le CRM et le travail en équipe.',
    search: 'Rechercher un tutoriel',
    placeholder: 'Profil, pipeline, équipe…',
    noun: ['tutoriel', 'tutoriels'],
    none: 'Aucun tutoriel publié pour le moment',
    noneText: 'Revenez bientôt : nos premiers guides arrivent.',
    noMatch: 'Aucun tutoriel ne correspond à votre recherche',
  },
} as const;

/** The tags of the articles shown, most frequent first: the chips to filter by. */
function frequentTags(tags: readonly string[][], limit = 10): string[] {
  const counts = new Map<string, number>();
  for (const list of tags) for (const tag of list) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'fr'))
    .slice(0, limit)
    .map(([tag]) => tag);
}

/**
 * `/blog` and `/tutorials`: the published articles of a kind, newest first, as cards; category,
 * tag, search and page in the address.
 */
function ArticlesPage({ kind }: { kind: ArticleKind }) {
  const text = texts[kind];
  const [state, update, hrefFor] = useUrlState(articleListStates[kind]);
  const query = useMemo(() => ({ kind, ...toQuery(state), perPage: ARTICLES_PER_PAGE }), [kind, state]);
  const list = useArticles(query);
  const articles = list.data?.data ?? [];
  const total = list.data?.meta.total;
  const filtered = state.query !== '' || state.category !== null || state.tag !== null;
  const featured = !filtered && state.page === 1 && articles.length > 2;
  const tags = useMemo(() => frequentTags(articles.map((article) => article.tags)), [articles]);
  const base = listPath(kind);

  return (
    <Stack gap="xl">
      <Stack gap="sm" maw={760}>
        <Title order={1}>{text.title}</Title>
        <Text c="dimmed" size="lg">
          {text.intro}
        </Text>
        <Anchor href={`${base}/rss.xml`} size="sm" underline="hover" w="fit-content">
          <Group gap={4} component="span">
            <IconRss size={16} aria-hidden="true" />
            S’abonner au flux RSS
          </Group>
        </Anchor>
      </Stack>

      <Stack gap="md">
        <div style={{ maxWidth: 520 }}>
          <SearchField
            label={text.search}
            placeholder={text.placeholder}
            value={state.query}
            onCommit={(value) => update({ query: value })}
            loading={list.isFetching && !list.isPending}
          />
        </div>
        <Group component="nav" aria-label="Catégories" gap="xs">
          <Button
            component={Link}
            to={`${base}${hrefFor({ category: null })}`}
            size="xs"
            radius="xl"
            variant={state.category === null ? 'filled' : 'default'}
            aria-current={state.category === null ? 'true' : undefined}
          >
            Tout
          </Button>
          {articleCategoriesByKind[kind].map((category) => (
            <Button
              key={category}
              component={Link}
              to={`${base}${hrefFor({ category })}`}
              size="xs"
              radius="xl"
              variant={state.category === category ? 'filled' : 'default'}
              aria-current={state.category === category ? 'true' : undefined}
            >
              {categoryLabel(category)}
            </Button>
          ))}
        </Group>
        {(state.tag || tags.length > 0) && (
          <Group gap={6} data-testid="tag-chips">
            {state.tag && (
              <Badge
                size="lg"
                variant="filled"
                tt="none"
                rightSection={
                  <CloseButton
                    size="xs"
                    variant="transparent"
                    c="inherit"
                    aria-label={`Retirer le filtre #${state.tag}`}
                    onClick={() => update({ tag: null })}
                  />
                }
              >
                #{state.tag}
              </Badge>
            )}
            {tags
              .filter((tag) => tag !== state.tag)
              .map((tag) => (
                <Badge
                  key={tag}
                  size="lg"
                  variant="light"
                  color="gray"
                  tt="none"
                  component={Link}
                  to={`${base}${hrefFor({ tag })}`}
                  style={{ cursor: 'pointer' }}
                >
                  #{tag}
                </Badge>
              ))}
          </Group>
        )}
      </Stack>

      {total !== undefined && (
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="result-count">
          {total === 0 ? `Aucun ${text.noun[0]}` : `${total} ${total > 1 ? text.noun[1] : text.noun[0]}`}
        </Text>
      )}

      {list.isError && !list.data ? (
        <LoadError
          error={list.error}
          onRetry={() => void list.refetch()}
          title={`Les ${text.noun[1]} n’ont pas pu être chargés`}
        />
      ) : list.isPending ? (
        <ArticleGridSkeleton label={`Chargement des ${text.noun[1]}`} />
      ) : articles.length === 0 ? (
        <EmptyState
          icon={IconNews}
          title={filtered ? text.noMatch : text.none}
          action={
            filtered ? (
              <Button variant="light" component={Link} to={base}>
                Effacer les filtres
              </Button>
            ) : undefined
          }
        >
          {filtered ? 'Essayez d’autres mots, une autre catégorie ou une autre étiquette.' : text.noneText}
        </EmptyState>
      ) : (
        <Stack gap="lg" aria-busy={list.isFetching} data-testid="article-list">
          {featured && articles[0] && <ArticleCard article={articles[0]} featured />}
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {(featured ? articles.slice(1) : articles).map((article) => (
              <ArticleCard key={article.id} article={article} />
            ))}
          </SimpleGrid>
        </Stack>
      )}

      {list.data && (
        <ListPagination
          page={state.page}
          lastPage={list.data.meta.lastPage}
          onChange={(page) => update({ page })}
        />
      )}
    </Stack>
  );
}

export function BlogPage() {
  return <ArticlesPage kind="blog" />;
}

export function TutorialsPage() {
  return <ArticlesPage kind="tutorial" />;
}
