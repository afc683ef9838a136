import { postSorts } from '@closia/shared';
import { Badge, Button, CloseButton, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconMessages, IconPencil } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, LoadError } from '../../../components/query-states';
import { SearchField } from '../../../components/search-field';
import { paths } from '../../../config/paths';
import { toQuery, useUrlState } from '../../../lib/url-state';
import { usePosts } from '../api/get-posts';
import { FeedSkeleton } from '../components/feed-skeleton';
import { LoadMore } from '../components/load-more';
import { PostCard } from '../components/post-card';
import { feedCountLabel, feedState, sortLabels } from '../utils/feed-state';

/** The tags seen in the loaded posts, most frequent first: the chips to filter by. */
function frequentTags(tags: string[][], limit = 12): string[] {
  const counts = new Map<string, number>();
  for (const list of tags) for (const tag of list) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'fr'))
    .slice(0, limit)
    .map(([tag]) => tag);
}

/** `/app/posts`: the community's posts, newest or most liked first, by word or tag, page after page. */
export function PostsPage() {
  const [state, update, hrefFor] = useUrlState(feedState);
  const query = useMemo(() => toQuery(state), [state]);
  const feed = usePosts(query);
  const posts = useMemo(() => feed.data?.pages.flatMap((page) => page.data) ?? [], [feed.data]);
  const total = feed.data?.pages[0]?.meta.total;
  const tags = useMemo(() => frequentTags(posts.map((post) => post.tags)), [posts]);
  const filtered = state.query !== '' || state.tag !== null;
  const tagHref = (tag: string) => `${paths.app.posts}${hrefFor({ tag })}`;

  return (
    <Stack gap="lg" maw={820} mx="auto" w="100%">
      <PageHeader
        title="Communauté"
        description="Les retours d’expérience, questions et conseils des setters, closers et infopreneurs."
        actions={
          <Button component={Link} to={paths.app.postCreate} leftSection={<IconPencil size={16} />}>
            Écrire une publication
          </Button>
        }
      />

      <Group align="flex-end" gap="sm">
        <div style={{ flex: '1 1 260px' }}>
          <SearchField
            label="Rechercher une publication"
            placeholder="Titre, contenu, étiquette…"
            value={state.query}
            onCommit={(text) => update({ query: text })}
            loading={feed.isFetching && !feed.isPending && !feed.isFetchingNextPage}
          />
        </div>
        <SegmentedControl
          aria-label="Ordre des publications"
          value={state.sort}
          onChange={(sort) => update({ sort: sort as (typeof postSorts)[number] })}
          data={postSorts.map((sort) => ({ value: sort, label: sortLabels[sort] }))}
        />
      </Group>

      {(state.tag || tags.length > 0) && (
        <Group gap={6} data-testid="tag-chips">
          {state.tag && (
            <Badge
              size="lg"
              variant="filled"
              style={{ textTransform: 'none' }}
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
                component={Link}
                to={tagHref(tag)}
                style={{ textTransform: 'none', cursor: 'pointer' }}
              >
                #{tag}
              </Badge>
            ))}
        </Group>
      )}

      {total !== undefined && (
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="result-count">
          {feedCountLabel(total, filtered)}
        </Text>
      )}

      {feed.isError && !feed.data ? (
        <LoadError error={feed.error} onRetry={() => feed.refetch()} title="Le fil n’a pas pu être chargé" />
      ) : feed.isPending ? (
        <FeedSkeleton />
      ) : posts.length === 0 ? (
        <EmptyState
          icon={IconMessages}
          title={
            filtered
              ? 'Aucune publication ne correspond à votre recherche'
              : 'Aucune publication pour le moment'
          }
          action={
            filtered ? (
              <Button variant="light" onClick={() => update({ query: '', tag: null })}>
                Effacer la recherche
              </Button>
            ) : (
              <Button component={Link} to={paths.app.postCreate} variant="light">
                Écrire la première publication
              </Button>
            )
          }
        >
          {filtered
            ? 'Essayez d’autres mots ou une autre étiquette.'
            : 'Partagez une expérience, une question ou un conseil avec la communauté.'}
        </EmptyState>
      ) : (
        <Stack gap="md" data-testid="post-feed">
          {posts.map((post) => (
            <PostCard key={post.id} post={post} tagHref={tagHref} />
          ))}
        </Stack>
      )}

      {feed.isError && feed.data && (
        <LoadError
          error={feed.error}
          onRetry={() => feed.fetchNextPage()}
          title="La suite n’a pas pu être chargée"
        />
      )}
      {!feed.isError && (
        <LoadMore
          hasMore={feed.hasNextPage}
          loading={feed.isFetchingNextPage}
          onLoad={() => void feed.fetchNextPage()}
        />
      )}
    </Stack>
  );
}
