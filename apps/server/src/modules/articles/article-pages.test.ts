/**
 * The public pages as a machine without JavaScript reads them (a crawler, a link preview): the
 * HTML of `/blog/{slug}` and the lists, the sitemap, the RSS feeds, robots.txt.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { LightMyRequestResponse } from 'fastify';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../plugins/security-headers';
import { createTestApp, signedInClient, TestClient, type TestContext } from '../../test/helpers';
import { encodingFor } from './article-pages';

/** The built index.html's shape (apps/web/index.html after `vite build`). */
const indexHtml = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="Closia, la marketplace et le CRM des infopreneurs et des setters & closers." />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>Closia</title>
    <script src="/color-scheme.js"></script>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
    <noscript>Closia a besoin de JavaScript pour fonctionner.</noscript>
  </body>
</html>
`;

const SITE = 'https://www.closia.fr';
let dist: string;
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedInClient>>;
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

const description =
  'Comment tenir un appel de découverte qui qualifie vraiment le prospect, en cinq étapes simples.';
async function write(values: Record<string, unknown>) {
  const res = await admin.client.post('/api/v1/admin/articles', {
    kind: 'blog',
    title: 'L’appel de découverte en 5 étapes',
    description,
    body: '## Préparer l’appel\n\nLe setter **prépare** ses questions.\n\n## Conclure\n\nUn texte lisible sans JavaScript.',
    category: 'closing',
    tags: ['decouverte', 'appel'],
    status: 'published',
    ...values,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The document's `<head>` tags and `#root`'s content, parsed. */
function read(html: string) {
  const document = parseDocument(html);
  const all = DomUtils.findAll(() => true, document.children);
  const meta = (key: string) =>
    all.find((el) => el.name === 'meta' && (el.attribs.name === key || el.attribs.property === key))?.attribs
      .content;
  const metas = (key: string) =>
    all.filter((el) => el.name === 'meta' && el.attribs.property === key).map((el) => el.attribs.content);
  const root = all.find((el) => el.attribs.id === 'root')!;
  const jsonLd = all
    .filter((el) => el.name === 'script' && el.attribs.type === 'application/ld+json')
    .map((el) => JSON.parse(DomUtils.textContent(el)));
  return {
    title: DomUtils.textContent(all.find((el) => el.name === 'title')!),
    titles: all.filter((el) => el.name === 'title').length,
    descriptions: all.filter((el) => el.name === 'meta' && el.attribs.name === 'description').length,
    canonical: all.find((el) => el.name === 'link' && el.attribs.rel === 'canonical')?.attribs.href,
    meta,
    metas,
    jsonLd,
    rootText: DomUtils.textContent(root).replace(/\s+/g, ' '),
    rootLinks: DomUtils.findAll((el) => el.name === 'a', root.children).map((el) => el.attribs.href),
    scripts: all.filter((el) => el.name === 'script' && el.attribs.src).map((el) => el.attribs.src),
  };
}

function decoded(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(raw).toString('utf8');
    case 'gzip':
      return gunzipSync(raw).toString('utf8');
    default:
      return raw.toString('utf8');
  }
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'closia-pages-dist-'));
  writeFileSync(path.join(dist, 'index.html'), indexHtml);
  ctx = await createTestApp({ webDist: dist, appUrl: SITE });
  admin = await signedInClient(ctx.app, { admin: true, firstName: 'Alice', lastName: 'Admin' });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('an article’s page without JavaScript', () => {
  it('carries the title, description, canonical URL, Open Graph, Twitter card, JSON-LD and the text', async () => {
    const created = await write({ slug: 'closing/appel-de-decouverte' });
    const res = await get('/blog/closing/appel-de-decouverte');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(contentSecurityPolicy);
    expect(res.headers['cache-control']).toBe('no-cache');
    const page = read(res.body);
    expect(page.title).toBe('L’appel de découverte en 5 étapes · Closia');
    expect(page.titles).toBe(1);
    expect(page.descriptions).toBe(1);
    expect(page.meta('description')).toBe(description);
    expect(page.canonical).toBe(`${SITE}/blog/closing/appel-de-decouverte`);
    expect(page.meta('og:type')).toBe('article');
    expect(page.meta('og:title')).toBe('L’appel de découverte en 5 étapes');
    expect(page.meta('og:description')).toBe(description);
    expect(page.meta('og:url')).toBe(`${SITE}/blog/closing/appel-de-decouverte`);
    expect(page.meta('og:image')).toBe(`${SITE}/og-default.png`);
    expect(page.meta('og:locale')).toBe('fr_FR');
    expect(page.meta('article:published_time')).toBe(created.publishedAt);
    expect(page.metas('article:tag')).toEqual(['decouverte', 'appel']);
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect(page.meta('twitter:title')).toBe('L’appel de découverte en 5 étapes');
    expect(page.meta('twitter:image')).toBe(`${SITE}/og-default.png`);
    expect(page.meta('robots')).toBeUndefined();
    const [articleLd, breadcrumbs] = page.jsonLd;
    expect(articleLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'L’appel de découverte en 5 étapes',
      datePublished: created.publishedAt,
      author: { '@type': 'Person', name: 'Alice Admin' },
      inLanguage: 'fr-FR',
    });
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Accueil', item: `${SITE}/` },
        { position: 2, name: 'Blog', item: `${SITE}/blog` },
        {
          position: 3,
          name: 'L’appel de découverte en 5 étapes',
          item: `${SITE}/blog/closing/appel-de-decouverte`,
        },
      ],
    });
    expect(page.rootText).toContain('L’appel de découverte en 5 étapes');
    expect(page.rootText).toContain('Le setter prépare ses questions.');
    expect(page.rootText).toContain('Un texte lisible sans JavaScript.');
    expect(page.rootText).toContain('Par Alice Admin');
    expect(page.rootText).toContain('1 min de lecture');
    // The app's script is still there to take the page over.
    expect(page.scripts).toEqual(['/color-scheme.js', '/assets/index-abc123.js']);
    expect(res.body).toContain('<h2 id="user-content-préparer-lappel">Préparer l’appel</h2>');
  });

  it('gives the cover as the image once there is one', async () => {
    const created = await write({ slug: 'avec-couverture' });
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const cover = await admin.client.upload(`/api/v1/admin/articles/${created.id}/cover`, 'photo', {
      name: 'c.png',
      type: 'image/png',
      data: png,
    });
    const page = read((await get('/blog/avec-couverture')).body);
    expect(page.meta('og:image')).toBe(`${SITE}${cover.json().coverUrl}`);
    expect(page.jsonLd[0].image).toEqual([`${SITE}${cover.json().coverUrl}`]);
  });

  it('escapes everything an admin wrote', async () => {
    await write({
      slug: 'echappement',
      title: 'Des <script>alert(1)</script> & "guillemets" </title>',
      description: `${description} </script><script>alert(2)</script> "quote" <b>`,
      tags: ['x"><script>'],
    });
    const res = await get('/blog/echappement');
    const page = read(res.body);
    expect(page.title).toBe('Des <script>alert(1)</script> & "guillemets" </title> · Closia');
    expect(page.meta('og:description')).toContain('</script><script>alert(2)</script> "quote" <b>');
    expect(page.jsonLd[0].headline).toBe('Des <script>alert(1)</script> & "guillemets" </title>');
    // Only the build's scripts and the JSON-LD data blocks are script elements.
    const scripts = DomUtils.findAll((el) => el.name === 'script', parseDocument(res.body).children);
    expect(scripts.map((s) => s.attribs.type ?? s.attribs.src)).toEqual([
      '/color-scheme.js',
      'module',
      'application/ld+json',
      'application/ld+json',
    ]);
    expect(res.body).not.toContain('<script>alert');
  });

  it('answers the app with a real 404 for a missing article, and 301 from an old slug', async () => {
    const missing = await get('/blog/cet-article-n-existe-pas');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = read(missing.body);
    expect(page.title).toBe('Page introuvable · Closia');
    expect(page.meta('robots')).toBe('noindex, nofollow');
    expect(page.scripts).toContain('/assets/index-abc123.js');
    for (const url of [
      '/tutorials/nulle/part',
      '/blog/Pas_Un_Slug!',
      `/blog/${'a'.repeat(300)}`,
      '/blog/a//b',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }

    const created = await write({ slug: 'ancien-nom' });
    await admin.client.put(`/api/v1/admin/articles/${created.id}`, { slug: 'nouveau-nom' });
    const moved = await get('/blog/ancien-nom?utm_source=x');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/blog/nouveau-nom?utm_source=x');
    // The other kind has no such article.
    expect((await get('/tutorials/ancien-nom')).statusCode).toBe(404);
  });

  it('shows a draft only in preview mode, not indexed and not cached', async () => {
    await write({ slug: 'brouillon-cache', status: 'draft', title: 'Un brouillon secret' });
    expect((await get('/blog/brouillon-cache')).statusCode).toBe(404);
    const token = (await admin.client.post('/api/v1/admin/articles/preview-token')).json().token;
    const res = await get(`/blog/brouillon-cache?preview=${encodeURIComponent(token)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const page = read(res.body);
    expect(page.rootText).toContain('Un brouillon secret');
    expect(page.meta('robots')).toBe('noindex, nofollow');
    expect(res.cookies.find((c) => c.name === 'closia_preview')?.value).toBe(token);
    const viaCookie = await ctx.app.inject({
      url: '/blog/brouillon-cache',
      cookies: { closia_preview: token },
    });
    expect(viaCookie.statusCode).toBe(200);
    expect((await get('/blog/brouillon-cache?preview=forged.1.abc')).statusCode).toBe(404);
  });

  it('is compressed as the browser allows', async () => {
    await write({ slug: 'compresse' });
    const plain = await get('/blog/compresse');
    for (const [accept, expected] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await get('/blog/compresse', { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe(expected);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(res)).toBe(plain.body);
    }
    expect(encodingFor('gzip;q=0, br;q=0')).toBeNull();
  });
});

describe('the lists and the home page without JavaScript', () => {
  it('/blog lists titles, descriptions and links, newest first, with pages', async () => {
    for (let i = 1; i <= 13; i += 1) {
      await write({
        slug: `liste/article-${i}`,
        title: `Article de liste numéro ${i}`,
        publishedAt: new Date(Date.UTC(2024, 0, i)).toISOString(),
      });
    }
    const res = await get('/blog');
    expect(res.statusCode).toBe(200);
    const page = read(res.body);
    expect(page.title).toBe('Blog · Closia');
    expect(page.canonical).toBe(`${SITE}/blog`);
    expect(page.meta('og:type')).toBe('website');
    expect(page.meta('article:published_time')).toBeUndefined();
    expect(page.jsonLd[0]['@type']).toBe('BreadcrumbList');
    expect(page.rootText).toContain(description);
    expect(page.rootLinks).toContain('/blog/closing/appel-de-decouverte');
    expect(page.rootLinks).toContain('/blog?page=2');
    const second = read((await get('/blog?page=2')).body);
    expect(second.canonical).toBe(`${SITE}/blog?page=2`);
    expect(second.rootLinks).toContain('/blog');
    // A query it cannot read shows the first page rather than failing.
    for (const url of ['/blog?page=-3', '/blog?page=abc&category=zzz', '/blog?tag=%00', '/blog/']) {
      const odd = await get(url);
      expect(odd.statusCode, url).toBe(200);
    }
    const tutorials = read((await get('/tutorials')).body);
    expect(tutorials.title).toBe('Tutoriels · Closia');
    expect(tutorials.rootText).toContain('Aucun article publié pour le moment.');
  });

  it('/ has the site’s head and a readable content, /index.html stays the build’s file', async () => {
    const home = read((await get('/')).body);
    expect(home.title).toBe('Closia');
    expect(home.canonical).toBe(`${SITE}/`);
    expect(home.meta('og:type')).toBe('website');
    expect(home.rootLinks).toEqual(expect.arrayContaining(['/blog', '/tutorials']));
    expect((await get('/index.html')).body).toBe(indexHtml);
  });
});

describe('sitemap, feeds and robots.txt', () => {
  const parser = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => ['url', 'item'].includes(name),
  });

  it('/sitemap.xml lists the public pages and every published article with its lastmod', async () => {
    await write({ slug: 'sitemap/brouillon', status: 'draft' });
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(XMLValidator.validate(res.body)).toBe(true);
    const urls = parser.parse(res.body).urlset.url as { loc: string; lastmod?: string }[];
    const locs = urls.map((u) => u.loc);
    expect(locs).toEqual(
      expect.arrayContaining([`${SITE}/`, `${SITE}/blog`, `${SITE}/tutorials`, `${SITE}/road-map`]),
    );
    expect(locs).toContain(`${SITE}/blog/closing/appel-de-decouverte`);
    expect(locs).not.toContain(`${SITE}/blog/sitemap/brouillon`);
    for (const url of urls.filter((u) => u.loc.includes('/blog/'))) {
      expect(new Date(url.lastmod!).toISOString()).toBe(url.lastmod);
    }
  });

  it('/blog/rss.xml and /tutorials/rss.xml are RSS 2.0 with the latest 20', async () => {
    await write({
      kind: 'tutorial',
      category: 'premiers_pas',
      slug: 'rss/tutoriel',
      title: 'Créer son profil & <le> remplir',
    });
    // More than 20 published blog articles in all (the earlier tests wrote some).
    for (let i = 1; i <= 8; i += 1) await write({ slug: `rss/article-${i}` });
    const blog = await get('/blog/rss.xml');
    expect(blog.statusCode).toBe(200);
    expect(blog.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(XMLValidator.validate(blog.body)).toBe(true);
    const rss = parser.parse(blog.body).rss;
    expect(rss['@_version']).toBe('2.0');
    expect(rss.channel.link).toBe(`${SITE}/blog`);
    expect(rss.channel.language).toBe('fr-FR');
    const items = rss.channel.item as { title: string; link: string; pubDate: string }[];
    expect(items.length).toBe(20);
    const dates = items.map((i) => new Date(i.pubDate).getTime());
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(items.every((i) => i.link.startsWith(`${SITE}/blog/`))).toBe(true);
    const tutorials = parser.parse((await get('/tutorials/rss.xml')).body).rss.channel;
    expect(tutorials.item.map((i: { title: string }) => i.title)).toContain(
      'Créer son profil & <le> remplir',
    );
  });

  it('robots.txt keeps the app, the admin and the API out and points to the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.body).toContain('Disallow: /dashboard\nDisallow: /admin\n');
    expect(res.body).toContain('Disallow: /api\n');
    expect(res.body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  it('never answers 5xx to odd addresses', async () => {
    const visitor = new TestClient(ctx.app);
    for (const url of [
      '/blog/%00',
      '/blog/%E0%A4%A',
      '/blog/..%2F..%2Fetc',
      '/tutorials/a/b/c/d/e/f/g',
      `/blog/x?preview=${'a'.repeat(5000)}`,
      '/blog?page=99999999999999999999',
      '/sitemap.xml?x=1',
      '/blog/rss.xml?page=2',
    ]) {
      const res = await visitor.get(url);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});
