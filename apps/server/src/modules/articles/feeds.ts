/** `/sitemap.xml` (sitemaps.org 0.9) and the RSS 2.0 feeds of the blog and the tutorials. */
import {
  type ArticleKind,
  type ArticleSummary,
  articleCategoryLabels,
  articleKindPluralLabels,
  articlePath,
} from '@closia/shared';
import { listPath, pageTexts } from './page-html';

/** Text for XML: escaped, and without the control characters XML 1.0 cannot hold. */
export function escapeXml(value: string): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what XML 1.0 refuses.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[&<>"']/g, (c) =>
        c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;',
      )
  );
}

/** The public pages that are not articles (spec §1: the public site). */
export const PUBLIC_PAGES = [
  '/',
  '/blog',
  '/tutorials',
  '/pricing',
  '/road-map',
  '/support',
  '/cgu',
  '/privacy-policy',
];

interface Address {
  kind: string;
  slug: string;
  updatedAt: Date | string;
  publishedAt: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function sitemap(siteUrl: string, articles: Address[]): string {
  const latest = (kind: string | null) => {
    let max: number | null = null;
    for (const a of articles) {
      if (kind && a.kind !== kind) continue;
      const t = new Date(a.updatedAt).getTime();
      if (max === null || t > max) max = t;
    }
    return max === null ? null : new Date(max).toISOString();
  };
  const lastmodOf: Record<string, string | null> = {
    '/': latest(null),
    '/blog': latest('blog'),
    '/tutorials': latest('tutorial'),
  };
  const url = (loc: string, lastmod: string | null) =>
    `  <url><loc>${escapeXml(`${siteUrl}${loc}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((page) => url(page, lastmodOf[page] ?? null)),
    ...articles.map((a) => url(articlePath(a.kind as ArticleKind, a.slug), iso(a.updatedAt))),
    '</urlset>',
    '',
  ].join('\n');
}

export function rssFeed(siteUrl: string, kind: ArticleKind, articles: ArticleSummary[]): string {
  const channelUrl = `${siteUrl}${listPath(kind)}`;
  const lastBuild = articles[0]?.publishedAt ?? null;
  const items = articles.map((a) => {
    const link = `${siteUrl}${a.path}`;
    return [
      '    <item>',
      `      <title>${escapeXml(a.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <description>${escapeXml(a.description)}</description>`,
      a.publishedAt ? `      <pubDate>${new Date(a.publishedAt).toUTCString()}</pubDate>` : '',
      `      <category>${escapeXml(articleCategoryLabels[a.category])}</category>`,
      `      <dc:creator>${escapeXml(a.author.fullName)}</dc:creator>`,
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(`Closia · ${articleKindPluralLabels[kind]}`)}</title>`,
    `    <link>${escapeXml(channelUrl)}</link>`,
    `    <description>${escapeXml(pageTexts[kind].description)}</description>`,
    '    <language>fr-FR</language>',
    lastBuild ? `    <lastBuildDate>${new Date(lastBuild).toUTCString()}</lastBuildDate>` : '',
    `    <atom:link href="${escapeXml(`${channelUrl}/rss.xml`)}" rel="self" type="application/rss+xml" />`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}
