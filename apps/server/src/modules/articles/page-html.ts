/**
 * The HTML of the public pages for machines that run no JavaScript (issue 22 §1: crawlers, link
 * previews): the built `index.html` with the page's `<head>` (title, description, canonical URL,
 * Open Graph and Twitter card, JSON-LD) and its readable content inside `#root`, which the React
 * app replaces when it starts (`createRoot`, not hydration: nothing has to match). Pure functions:
 * every text is escaped here.
 *
 * The JSON-LD `<script type="application/ld+json">` is a data block, never executed: the
 * Content-Security-Policy (`script-src 'self'`, no inline script) does not apply to it and stays as it is.
 */
import {
  type ArticleKind,
  type ArticleSummary,
  articleCategoryLabels,
  articleKindPluralLabels,
  articleKindSegments,
  articlePath,
} from '@closia/shared';

const SITE_NAME = 'Closia';

/** Text and attribute values: `& < > " '` escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;',
  );
}

/** JSON inside `<script>`: nothing in it can close the element or start a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const frenchDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });
export const dateFr = (iso: string) => frenchDate.format(new Date(iso));

/** The built index.html cut where a page's head and content go. */
export interface PageShell {
  /** Up to `</head>`, without the build's `<title>` and meta description. */
  head: string;
  /** From `</head>` to the inside of `<div id="root">`. */
  bodyStart: string;
  /** From the root's `</div>` to the end. */
  bodyEnd: string;
}

const ROOT = '<div id="root"></div>';

/** Cuts the built index.html; null when it has no empty `#root` or no `</head>` (then it is served as is). */
export function shellOf(indexHtml: string): PageShell | null {
  const headEnd = indexHtml.indexOf('</head>');
  const root = indexHtml.indexOf(ROOT);
  if (headEnd === -1 || root === -1 || root < headEnd) return null;
  const head = indexHtml
    .slice(0, headEnd)
    .replace(/\s*<title>[^<]*<\/title>/i, '')
    .replace(/\s*<meta\s+name="description"[^>]*>/i, '');
  return {
    head,
    bodyStart: `${indexHtml.slice(headEnd, root)}<div id="root">`,
    bodyEnd: `</div>${indexHtml.slice(root + ROOT.length)}`,
  };
}

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute. */
  canonical: string;
  /** Absolute. */
  image: string;
  type: 'website' | 'article';
  publishedTime?: string | null;
  modifiedTime?: string | null;
  section?: string | null;
  tags?: string[];
  jsonLd?: unknown[];
  /** Drafts in preview and missing pages: not to be indexed. */
  noindex?: boolean;
}

/** A little layout for the content before the app's script has run (inline styles are allowed). */
const STYLE =
  '<style>.closia-static{max-width:760px;margin:0 auto;padding:24px 16px;font-family:system-ui,sans-serif;line-height:1.6}.closia-static img{max-width:100%;height:auto}.closia-static pre{overflow:auto}</style>';

export function headTags(meta: PageMeta): string {
  const tag = (name: string, content: string, attribute: 'name' | 'property' = 'name') =>
    `<meta ${attribute}="${name}" content="${escapeHtml(content)}" />`;
  const fullTitle = meta.title === SITE_NAME ? SITE_NAME : `${meta.title} · ${SITE_NAME}`;
  const lines = [
    `<title>${escapeHtml(fullTitle)}</title>`,
    tag('description', meta.description),
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}" />`,
    meta.noindex ? tag('robots', 'noindex, nofollow') : '',
    tag('og:site_name', SITE_NAME, 'property'),
    tag('og:locale', 'fr_FR', 'property'),
    tag('og:type', meta.type, 'property'),
    tag('og:title', meta.title, 'property'),
    tag('og:description', meta.description, 'property'),
    tag('og:url', meta.canonical, 'property'),
    tag('og:image', meta.image, 'property'),
    meta.publishedTime ? tag('article:published_time', meta.publishedTime, 'property') : '',
    meta.modifiedTime && meta.type === 'article'
      ? tag('article:modified_time', meta.modifiedTime, 'property')
      : '',
    meta.section ? tag('article:section', meta.section, 'property') : '',
    ...(meta.tags ?? []).map((t) => tag('article:tag', t, 'property')),
    tag('twitter:card', 'summary_large_image'),
    tag('twitter:title', meta.title),
    tag('twitter:description', meta.description),
    tag('twitter:image', meta.image),
    ...(meta.jsonLd ?? []).map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
    STYLE,
  ];
  return lines.filter(Boolean).join('\n    ');
}

export function pageHtml(shell: PageShell, meta: PageMeta, content: string): string {
  return `${shell.head}  ${headTags(meta)}\n  ${shell.bodyStart}${content}${shell.bodyEnd}`;
}

export interface Crumb {
  name: string;
  /** Absolute. */
  url: string;
}

export function breadcrumbJsonLd(crumbs: Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

function breadcrumbNav(crumbs: Crumb[], siteUrl: string): string {
  const items = crumbs.map((crumb, index) => {
    const href = crumb.url.startsWith(siteUrl) ? crumb.url.slice(siteUrl.length) || '/' : crumb.url;
    return index === crumbs.length - 1
      ? `<span aria-current="page">${escapeHtml(crumb.name)}</span>`
      : `<a href="${escapeHtml(href)}">${escapeHtml(crumb.name)}</a>`;
  });
  return `<nav aria-label="Fil d’Ariane">${items.join(' › ')}</nav>`;
}

export interface ArticlePageInput {
  kind: ArticleKind;
  title: string;
  description: string;
  html: string;
  authorName: string;
  publishedAt: string | null;
  readingMinutes: number;
  category: string;
  tags: string[];
}

/** The content of an article's page: breadcrumbs, title, byline, the rendered HTML, tags. */
export function articleContent(article: ArticlePageInput, crumbs: Crumb[], siteUrl: string): string {
  const date = article.publishedAt
    ? ` · <time datetime="${escapeHtml(article.publishedAt)}">${escapeHtml(dateFr(article.publishedAt))}</time>`
    : '';
  const category = articleCategoryLabels[article.category as keyof typeof articleCategoryLabels] ?? '';
  const tags =
    article.tags.length > 0
      ? `<p>${article.tags.map((t) => `<a href="/${articleKindSegments[article.kind]}?tag=${encodeURIComponent(t)}">#${escapeHtml(t)}</a>`).join(' ')}</p>`
      : '';
  return [
    '<main class="closia-static">',
    breadcrumbNav(crumbs, siteUrl),
    '<article>',
    `<h1>${escapeHtml(article.title)}</h1>`,
    `<p>${escapeHtml(article.description)}</p>`,
    `<p>${escapeHtml(category)} · Par ${escapeHtml(article.authorName)}${date} · ${article.readingMinutes} min de lecture</p>`,
    // Rendered and sanitised on write (markdown-pipeline.ts): already safe HTML.
    article.html,
    tags,
    '</article>',
    '</main>',
  ].join('\n');
}

/** A list of articles: titles as links, descriptions, dates; links to the pages before and after. */
export function listContent(options: {
  heading: string;
  intro: string;
  articles: ArticleSummary[];
  crumbs: Crumb[];
  siteUrl: string;
  previousHref: string | null;
  nextHref: string | null;
  links?: { href: string; text: string }[];
}): string {
  const items = options.articles.map((article) => {
    const date = article.publishedAt
      ? ` <time datetime="${escapeHtml(article.publishedAt)}">${escapeHtml(dateFr(article.publishedAt))}</time>`
      : '';
    return `<li><h2><a href="${escapeHtml(article.path)}">${escapeHtml(article.title)}</a></h2><p>${escapeHtml(article.description)}</p><p>${escapeHtml(articleCategoryLabels[article.category])} ·${date}</p></li>`;
  });
  const pager = [
    options.previousHref
      ? `<a href="${escapeHtml(options.previousHref)}" rel="prev">Page précédente</a>`
      : '',
    options.nextHref ? `<a href="${escapeHtml(options.nextHref)}" rel="next">Page suivante</a>` : '',
  ].filter(Boolean);
  const links = (options.links ?? []).map((l) => `<a href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a>`);
  return [
    '<main class="closia-static">',
    options.crumbs.length > 1 ? breadcrumbNav(options.crumbs, options.siteUrl) : '',
    `<h1>${escapeHtml(options.heading)}</h1>`,
    `<p>${escapeHtml(options.intro)}</p>`,
    links.length > 0 ? `<p>${links.join(' · ')}</p>` : '',
    items.length > 0 ? `<ul>${items.join('')}</ul>` : '<p>Aucun article publié pour le moment.</p>',
    pager.length > 0 ? `<nav aria-label="Pagination">${pager.join(' · ')}</nav>` : '',
    '</main>',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The texts of the pages for machines. */
export const pageTexts = {
  home: {
    title: SITE_NAME,
    heading: 'Vendez plus de formations avec les bons setters et closers',
    description:
      'Closia réunit les infopreneurs et les commerciaux indépendants : trouvez vos partenaires de vente, suivez vos prospects et vos deals, et partagez les commissions en toute transparence.',
  },
  blog: {
    title: articleKindPluralLabels.blog,
    description:
      'Le blog de Closia : prospection, closing, objections, financement CPF et prix des offres, des méthodes concrètes pour vendre des formations.',
  },
  tutorial: {
    title: articleKindPluralLabels.tutorial,
    description:
      'Les tutoriels de Closia : premiers pas, CRM et pipeline, marketplace et équipes, pas à pas pour bien utiliser la plateforme.',
  },
  missing: {
    title: 'Page introuvable',
    description: 'Cette page n’existe pas ou plus sur Closia.',
  },
} as const;

/** `/blog` or `/tutorials`. */
export const listPath = (kind: ArticleKind) => `/${articleKindSegments[kind]}`;
export { articlePath };
