import {
  type ArticleKind,
  type ArticlePublic,
  articleKindPluralLabels,
  articlePath,
  articleStatusLabels,
  isArticleSlug,
} from '@closia/shared';
import {
  Anchor,
  Avatar,
  Badge,
  Box,
  Divider,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { LoadError } from '../../../components/query-states';
import { isApiError } from '../../../lib/api-client';
import { useArticle } from '../api/get-article';
import { ArticleBody } from '../components/article-body';
import { ArticleCard } from '../components/article-card';
import { ArticleCover } from '../components/article-cover';
import { ArticleToc } from '../components/article-toc';
import { PreviewBanner } from '../components/preview-banner';
import { ShareButtons } from '../components/share-buttons';
import { TutorialNeighbours } from '../components/tutorial-neighbours';
import { useActiveHeading } from '../components/use-active-heading';
import { useArticleHead } from '../components/use-article-head';
import { type PreviewMode, usePreviewMode } from '../components/use-preview-mode';
import { articleDate, categoryLabel, filteredListPath, listPath, readingTimeText } from '../utils/format';
import classes from './article-page.module.css';

/** The slug of the address (`/blog/{slug…}`, several segments), or the 404 page when it cannot be one. */
function useSlug(): string {
  const raw = (useParams()['*'] ?? '').replace(/\/+$/, '');
  let slug = raw;
  try {
    slug = decodeURIComponent(raw);
  } catch {
    slug = '';
  }
  if (!isArticleSlug(slug)) throw new Response('Page not found', { status: 404, statusText: 'Not Found' });
  return slug;
}

function ArticleSkeleton() {
  return (
    <Stack gap="lg" maw={1080} mx="auto" w="100%" aria-busy="true" aria-label="Chargement de l’article">
      <Skeleton height={14} width={220} />
      <Skeleton height={40} width="80%" />
      <Skeleton height={18} width="60%" />
      <Skeleton height={36} width={280} />
      <Skeleton style={{ aspectRatio: '1200 / 630' }} radius="lg" />
      <Skeleton height={14} />
      <Skeleton height={14} width="90%" />
      <Skeleton height={14} width="95%" />
    </Stack>
  );
}

/**
 * `/blog/{slug}` and `/tutorials/{slug}`: the article (its sanitised HTML), its table of contents
 * following the reading, tags, sharing, related articles and a tutorial's neighbours; drafts in
 * preview mode with the banner. A missing article is the 404 page.
 */
function ArticlePage({ kind }: { kind: ArticleKind }) {
  const slug = useSlug();
  const preview = usePreviewMode();
  const query = useArticle(kind, slug, preview.token);
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  const moved = query.data && query.data.slug !== slug ? query.data.slug : null;

  // An old address (the server answered 301): the address bar shows the new one.
  useEffect(() => {
    if (moved) navigate(`${articlePath(kind, moved)}${search}${hash}`, { replace: true });
  }, [moved, kind, search, hash, navigate]);

  useArticleHead(query.data?.title ?? null, query.data?.description ?? null);

  if (query.isPending) return <ArticleSkeleton />;
  if (query.isError) {
    // Missing, or a draft without a valid preview token: the error page.
    if (isApiError(query.error) && query.error.status === 404) throw query.error;
    return (
      <Stack maw={760} mx="auto" w="100%">
        <LoadError
          error={query.error}
          onRetry={() => void query.refetch()}
          title="L’article n’a pas pu être chargé"
        />
      </Stack>
    );
  }
  return <ArticleView article={query.data} preview={preview} />;
}

function Byline({ article }: { article: ArticlePublic }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={article.author.avatarUrl} alt="" radius="xl" size={40} color="green">
        {article.author.fullName.slice(0, 1)}
      </Avatar>
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {article.author.fullName}
        </Text>
        <Group gap={6} c="dimmed" fz="sm" wrap="wrap">
          {article.publishedAt && (
            <>
              <time dateTime={article.publishedAt}>{articleDate(article.publishedAt)}</time>
              <span aria-hidden="true">·</span>
            </>
          )}
          <Group gap={4} component="span" wrap="nowrap">
            <IconClockHour4 size={14} aria-hidden="true" />
            {readingTimeText(article.readingMinutes)}
          </Group>
        </Group>
      </Stack>
    </Group>
  );
}

function ArticleView({ article, preview }: { article: ArticlePublic; preview: PreviewMode }) {
  const { hash } = useLocation();
  const ids = article.toc.map((entry) => entry.id);
  const [active, setActive] = useActiveHeading(ids);
  const url = `${window.location.origin}${articlePath(article.kind, article.slug)}`;
  const base = listPath(article.kind);
  const scrolledTo = useRef<string | null>(null);

  // Reached with `#heading` (a shared link): the heading exists once the article is drawn.
  useEffect(() => {
    if (!hash || scrolledTo.current === `${article.id}${hash}`) return;
    scrolledTo.current = `${article.id}${hash}`;
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // as written
    }
    document.getElementById(id)?.scrollIntoView();
  }, [hash, article.id]);

  const toc = (variant: 'aside' | 'collapsible') => (
    <ArticleToc toc={article.toc} active={active} onPick={setActive} variant={variant} />
  );

  return (
    <Stack gap="xl" maw={1080} mx="auto" w="100%">
      {preview.active && <PreviewBanner preview={preview} isDraft={article.preview} />}
      <Stack gap="md" maw={760}>
        <nav aria-label="Fil d’Ariane">
          <ol className={classes.crumbs}>
            <li>
              <Anchor component={Link} to="/" underline="hover" size="sm">
                Accueil
              </Anchor>
            </li>
            <li>
              <Anchor component={Link} to={base} underline="hover" size="sm">
                {articleKindPluralLabels[article.kind]}
              </Anchor>
            </li>
            <li>
              <Anchor
                component={Link}
                to={filteredListPath(article.kind, { category: article.category })}
                underline="hover"
                size="sm"
              >
                {categoryLabel(article.category)}
              </Anchor>
            </li>
          </ol>
        </nav>
        <Group gap={6}>
          <Badge variant="light" radius="sm" tt="none">
            {categoryLabel(article.category)}
          </Badge>
          {article.status !== 'published' && (
            <Badge variant="light" color="orange" radius="sm" tt="none" data-testid="article-status">
              {articleStatusLabels[article.status]}
            </Badge>
          )}
        </Group>
        <Title order={1} style={{ overflowWrap: 'anywhere' }} fz={{ base: 'h2', sm: 'h1' }}>
          {article.title}
        </Title>
        <Text size="lg" c="dimmed">
          {article.description}
        </Text>
        <Byline article={article} />
      </Stack>

      {article.coverUrl && (
        <Box style={{ borderRadius: 'var(--mantine-radius-lg)', overflow: 'hidden' }}>
          <ArticleCover article={article} priority />
        </Box>
      )}

      <Grid gutter={{ base: 'lg', md: 48 }}>
        <Grid.Col span={{ base: 12, md: 8 }} style={{ minWidth: 0 }}>
          <Stack gap="lg">
            <Box hiddenFrom="md">{toc('collapsible')}</Box>
            <ArticleBody html={article.html} />
            {article.tags.length > 0 && (
              <Group gap={6} data-testid="article-tags">
                <Text size="sm" fw={600} mr={4}>
                  Étiquettes
                </Text>
                {article.tags.map((tag) => (
                  <Badge
                    key={tag}
                    component={Link}
                    to={filteredListPath(article.kind, { tag })}
                    variant="light"
                    color="gray"
                    size="lg"
                    tt="none"
                    style={{ cursor: 'pointer' }}
                  >
                    #{tag}
                  </Badge>
                ))}
              </Group>
            )}
            <Divider />
            <ShareButtons url={url} title={article.title} description={article.description} />
            {article.kind === 'tutorial' && (
              <TutorialNeighbours previous={article.previous} next={article.next} />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} visibleFrom="md">
          {toc('aside')}
        </Grid.Col>
      </Grid>

      {article.related.length > 0 && (
        <Stack gap="md" component="section" aria-labelledby="related-title">
          <Title order={2} id="related-title" fz="h3">
            Articles liés
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {article.related.map((related) => (
              <ArticleCard key={related.id} article={related} headingOrder={3} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}

export function BlogArticlePage() {
  return <ArticlePage kind="blog" />;
}

export function TutorialPage() {
  return <ArticlePage kind="tutorial" />;
}
