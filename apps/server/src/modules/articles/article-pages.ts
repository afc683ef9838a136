/**
 * The public site for machines that run no JavaScript (issue 22 §1): `/`, `/blog`, `/tutorials`,
 * `/blog/{slug…}` and `/tutorials/{slug…}` answer the built index.html with the page's head and
 * readable content (page-html.ts) — a missing article with status 404, an old slug with a 301 —
 * and `/sitemap.xml`, `/blog/rss.xml`, `/tutorials/rss.xml`. Drafts and scheduled articles read in
 * preview mode (a valid token in `?preview=` or the cookie), marked noindex and never cached.
 * The pages are compressed here (brotli or gzip as `Accept-Encoding` allows).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  type ArticleKind,
  articleCategoryLabels,
  articleKindPluralLabels,
  articleListQuerySchema,
  articleSlugField,
} from '@closia/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { articleCoverUrl, presentArticleAuthor } from './articles.presenter';
import {
  latestPublicArticles,
  listPublicArticles,
  lookUpArticlePage,
  publicArticleAddresses,
} from './articles.public';
import { redirect } from './articles.routes';
import { rssFeed, sitemap } from './feeds';
import {
  articleContent,
  breadcrumbJsonLd,
  type Crumb,
  listContent,
  listPath,
  type PageMeta,
  type PageShell,
  pageHtml,
  pageTexts,
  shellOf,
} from './page-html';
import { previewOf } from './preview-token';

/** Pages are checked with the server before each use, like index.html. */
const PAGE_CACHE = 'no-cache';
const PREVIEW_CACHE = 'private, no-store';
/** The sitemap and the feeds: a few minutes. */
const FEED_CACHE = 'public, max-age=300';
/** A list page for machines: this many articles. */
const LIST_PER_PAGE = 12;
/** Below this, compressing costs more than it saves. */
const COMPRESS_FROM = 1024;

/** The encoding to answer in: brotli, else gzip, else none (a `q=0` refuses one). */
export function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: string, type: string) {
  reply.type(type).header('vary', 'Accept-Encoding');
  const encoding = body.length >= COMPRESS_FROM ? encodingFor(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(body);
  const data =
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(body, { level: 6 });
  return reply.header('content-encoding', encoding).send(data);
}

/** A page's slug, checked like the API's (built once: a zod schema costs more to build than to run). */
const slugField = articleSlugField();

/** `/blog` and `/tutorials` serve these kinds. */
const kindOfSegment: Record<string, ArticleKind> = { blog: 'blog', tutorials: 'tutorial' };

export async function articlePagesRoutes(app: FastifyInstance) {
  const siteUrl = app.config.appUrl;
  const absolute = (p: string) => `${siteUrl}${p}`;
  const defaultImage = absolute('/og-default.png');
  const previewOptions = { appKey: app.config.appKey, secureCookies: app.config.secureCookies };
  const home: Crumb = { name: 'Accueil', url: absolute('/') };

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const rows = await publicArticleAddresses(app.db);
    reply.header('cache-control', FEED_CACHE);
    return sendCompressed(request, reply, sitemap(siteUrl, rows), 'application/xml; charset=utf-8');
  });

  for (const kind of ['blog', 'tutorial'] as const) {
    app.get(`${listPath(kind)}/rss.xml`, { schema: { hide: true } }, async (request, reply) => {
      const latest = await latestPublicArticles(app.db, kind, 20);
      reply.header('cache-control', FEED_CACHE);
      return sendCompressed(
        request,
        reply,
        rssFeed(siteUrl, kind, latest.data),
        'application/rss+xml; charset=utf-8',
      );
    });
  }

  // The pages need the built app: without it (the API alone) they are not served.
  const dist = app.config.webDist;
  if (!dist) return;
  let indexHtml: string;
  try {
    indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
  } catch {
    return;
  }
  const shell: PageShell | null = shellOf(indexHtml);
  if (!shell) return;

  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    meta: PageMeta,
    content: string,
    options: { status?: number; preview?: boolean } = {},
  ) => {
    reply.code(options.status ?? 200).header('cache-control', options.preview ? PREVIEW_CACHE : PAGE_CACHE);
    return sendCompressed(request, reply, pageHtml(shell, meta, content), 'text/html; charset=utf-8');
  };

  const missing = (request: FastifyRequest, reply: FastifyReply, kind: ArticleKind | null) => {
    const back =
      kind === 'blog'
        ? 'Retour au blog'
        : kind === 'tutorial'
          ? 'Retour aux tutoriels'
          : 'Retour à l’accueil';
    const content = `<main class="closia-static"><h1>${pageTexts.missing.title}</h1><p>${pageTexts.missing.description}</p><p><a href="${kind ? listPath(kind) : '/'}">${back}</a></p></main>`;
    const meta: PageMeta = {
      ...pageTexts.missing,
      canonical: absolute(request.url.split('?')[0] ?? '/'),
      image: defaultImage,
      type: 'website',
      noindex: true,
    };
    return send(request, reply, meta, content, { status: 404 });
  };

  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const latest = await latestPublicArticles(app.db, 'blog', 3);
    const content = listContent({
      heading: pageTexts.home.heading,
      intro: pageTexts.home.description,
      articles: latest.data,
      crumbs: [home],
      siteUrl,
      previousHref: null,
      nextHref: null,
      links: [
        { href: '/blog', text: 'Le blog' },
        { href: '/tutorials', text: 'Les tutoriels' },
      ],
    });
    const meta: PageMeta = {
      title: pageTexts.home.title,
      description: pageTexts.home.description,
      canonical: absolute('/'),
      image: defaultImage,
      type: 'website',
    };
    return send(request, reply, meta, content);
  });

  const listPage = async (request: FastifyRequest, reply: FastifyReply, kind: ArticleKind) => {
    const raw = request.query as Record<string, unknown>;
    const parsed = articleListQuerySchema.safeParse({
      kind,
      page: raw.page,
      category: raw.category,
      tag: raw.tag,
      perPage: LIST_PER_PAGE,
    });
    const query = parsed.success ? parsed.data : { kind, page: 1, perPage: LIST_PER_PAGE };
    const list = await listPublicArticles(app.db, query);
    const base = listPath(kind);
    const href = (page: number) => {
      const params = new URLSearchParams();
      if (query.category) params.set('category', query.category);
      if (query.tag) params.set('tag', query.tag);
      if (page > 1) params.set('page', String(page));
      const search = params.toString();
      return search ? `${base}?${search}` : base;
    };
    const texts = pageTexts[kind];
    const category = query.category ? articleCategoryLabels[query.category] : null;
    const heading = category ? `${texts.title} · ${category}` : texts.title;
    const crumbs: Crumb[] = [home, { name: texts.title, url: absolute(base) }];
    const content = listContent({
      heading,
      intro: texts.description,
      articles: list.data,
      crumbs,
      siteUrl,
      previousHref: query.page > 1 ? href(query.page - 1) : null,
      nextHref: query.page < list.meta.lastPage ? href(query.page + 1) : null,
    });
    const meta: PageMeta = {
      title: query.page > 1 ? `${heading} · page ${query.page}` : heading,
      description: texts.description,
      canonical: absolute(href(query.page)),
      image: defaultImage,
      type: 'website',
      jsonLd: [breadcrumbJsonLd(crumbs)],
    };
    return send(request, reply, meta, content);
  };

  const articlePage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: ArticleKind,
    raw: string,
  ) => {
    if (raw === '' || raw === '/') return listPage(request, reply, kind);
    const slug = slugField.safeParse(raw.replace(/\/$/, ''));
    if (!slug.success) return missing(request, reply, kind);
    const previewing = previewOf(request, reply, previewOptions) !== null;
    const found = await lookUpArticlePage(app.db, kind, slug.data, previewing);
    if ('movedTo' in found) return redirect(request, reply, `${listPath(kind)}/${found.movedTo}`);
    if ('missing' in found) return missing(request, reply, kind);
    const article = found.found;
    const pagePath = `${listPath(kind)}/${article.slug}`;
    const canonical = absolute(pagePath);
    const cover = articleCoverUrl(article.coverImage);
    const image = cover ? (cover.startsWith('http') ? cover : absolute(cover)) : defaultImage;
    const publishedAt = article.publishedAt ? new Date(article.publishedAt).toISOString() : null;
    const updatedAt = new Date(article.updatedAt).toISOString();
    const author = presentArticleAuthor(article.author);
    const crumbs: Crumb[] = [
      home,
      { name: articleKindPluralLabels[kind], url: absolute(listPath(kind)) },
      { name: article.title, url: canonical },
    ];
    const section = articleCategoryLabels[article.category as keyof typeof articleCategoryLabels] ?? null;
    const meta: PageMeta = {
      title: article.title,
      description: article.description,
      canonical,
      image,
      type: 'article',
      publishedTime: publishedAt,
      modifiedTime: updatedAt,
      section,
      tags: article.tags,
      noindex: found.preview,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: article.title,
          description: article.description,
          image: [image],
          datePublished: publishedAt ?? undefined,
          dateModified: updatedAt,
          inLanguage: 'fr-FR',
          articleSection: section ?? undefined,
          keywords: article.tags.join(', ') || undefined,
          author: { '@type': 'Person', name: author.fullName },
          publisher: {
            '@type': 'Organization',
            name: 'Closia',
            logo: { '@type': 'ImageObject', url: absolute('/favicon.svg') },
          },
          mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
        },
        breadcrumbJsonLd(crumbs),
      ],
    };
    const content = articleContent(
      {
        kind,
        title: article.title,
        description: article.description,
        html: article.html,
        authorName: author.fullName,
        publishedAt,
        readingMinutes: article.readingMinutes,
        category: article.category,
        tags: article.tags,
      },
      crumbs,
      siteUrl,
    );
    return send(request, reply, meta, content, { preview: found.preview });
  };

  for (const [segment, kind] of Object.entries(kindOfSegment)) {
    app.get(`/${segment}`, { schema: { hide: true } }, (request, reply) => listPage(request, reply, kind));
    app.get(`/${segment}/*`, { schema: { hide: true } }, (request, reply) =>
      articlePage(request, reply, kind, (request.params as { '*': string })['*'] ?? ''),
    );
  }
}
