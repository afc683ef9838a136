import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { articleSlugRedirects, articles } from '../../db/schema';
import { setClock } from '../../lib/clock';
import { createTestApp, signedInClient, TestClient, type TestContext } from '../../test/helpers';

let ctx: TestContext;
type Signed = Awaited<ReturnType<typeof signedInClient>>;
let admin: Signed;
let member: Signed;
const anonymous = () => new TestClient(ctx.app);

const description =
  'Une description assez longue pour un moteur de recherche : plus de cinquante caractères ici.';
const article = (values: Record<string, unknown> = {}) => ({
  kind: 'blog',
  title: 'Prospection téléphonique : la méthode',
  description,
  body: '## Préparer\n\nUn texte sur la **prospection** téléphonique.\n\n## Appeler\n\nEt la suite.',
  category: 'prospection',
  tags: ['appel', 'methode'],
  status: 'published',
  ...values,
});

async function write(values: Record<string, unknown> = {}) {
  const res = await admin.client.post('/api/v1/admin/articles', article(values));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function previewToken(): Promise<string> {
  const res = await admin.client.post('/api/v1/admin/articles/preview-token');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

beforeAll(async () => {
  ctx = await createTestApp({ previewStagingUrl: 'https://staging.closia.fr' });
  admin = await signedInClient(ctx.app, { admin: true, firstName: 'Alice', lastName: 'Admin' });
  member = await signedInClient(ctx.app, { kind: 'setter' });
}, 60_000);
afterAll(() => ctx.close());
afterEach(() => setClock(null));

describe('writing articles (admins only)', () => {
  it('refuses anyone but an admin: 401 signed out, 403 signed in', async () => {
    const created = await write({ slug: 'reserve-aux-admins' });
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/v1/admin/articles', article()],
      ['GET', '/api/v1/admin/articles'],
      ['GET', `/api/v1/admin/articles/${created.id}`],
      ['PUT', `/api/v1/admin/articles/${created.id}`, { title: 'Autre titre' }],
      ['DELETE', `/api/v1/admin/articles/${created.id}`],
      ['DELETE', `/api/v1/admin/articles/${created.id}/cover`],
      ['POST', '/api/v1/admin/articles/preview-token'],
      ['POST', '/api/v1/admin/articles/render', { body: '# Titre' }],
    ];
    for (const [method, url, payload] of calls) {
      const signedOut = await anonymous().request(method as 'GET', url, payload as never);
      expect(signedOut.statusCode, `${method} ${url}`).toBe(401);
      const notAdmin = await member.client.request(method as 'GET', url, payload as never);
      expect(notAdmin.statusCode, `${method} ${url}`).toBe(403);
    }
    const cover = await member.client.upload(`/api/v1/admin/articles/${created.id}/cover`, 'photo', {
      name: 'c.png',
      type: 'image/png',
      data: Buffer.from('x'),
    });
    expect(cover.statusCode).toBe(403);
    // Nothing changed.
    expect((await admin.client.get(`/api/v1/admin/articles/${created.id}`)).json().title).toBe(
      'Prospection téléphonique : la méthode',
    );
  });

  it('creates an article: slug from the title, Markdown rendered with its table of contents and reading time', async () => {
    const created = await write({ title: 'Bien démarrer : les 5 étapes clés !' });
    expect(created).toMatchObject({
      kind: 'blog',
      slug: 'bien-demarrer-les-5-etapes-cles',
      path: '/blog/bien-demarrer-les-5-etapes-cles',
      status: 'published',
      category: 'prospection',
      tags: ['appel', 'methode'],
      readingMinutes: 1,
      coverUrl: null,
      author: { id: admin.user.id, fullName: 'Alice Admin', avatarUrl: null },
      toc: [
        { id: 'user-content-préparer', text: 'Préparer', depth: 2 },
        { id: 'user-content-appeler', text: 'Appeler', depth: 2 },
      ],
    });
    expect(created.html).toContain('<h2 id="user-content-préparer">Préparer</h2>');
    expect(created.html).toContain('<strong>prospection</strong>');
    expect(created.publishedAt).not.toBeNull();
  });

  it('counts the reading time at 230 words a minute', async () => {
    const created = await write({ slug: 'long-article', body: 'mot '.repeat(230 * 7) });
    expect(created.readingMinutes).toBe(7);
  });

  it('takes a multi-segment slug; the same slug twice in a kind is 409 ARTICLE_SLUG_TAKEN, in another kind it is free', async () => {
    await write({ slug: 'prospection/appel-a-froid' });
    const again = await admin.client.post(
      '/api/v1/admin/articles',
      article({ slug: 'prospection/appel-a-froid' }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'E_CONFLICT', reason: 'ARTICLE_SLUG_TAKEN' });
    const tutorial = await write({
      kind: 'tutorial',
      category: 'premiers_pas',
      slug: 'prospection/appel-a-froid',
    });
    expect(tutorial.path).toBe('/tutorials/prospection/appel-a-froid');
  });

  it('refuses a category of the other kind (422 ARTICLE_CATEGORY_MISMATCH), and bad slugs (422)', async () => {
    const wrong = await admin.client.post('/api/v1/admin/articles', article({ category: 'premiers_pas' }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      reason: 'ARTICLE_CATEGORY_MISMATCH',
      errors: [{ field: 'category' }],
    });
    for (const slug of ['Avec Espace', 'a//b', '-tiret', 'é', 'a.b']) {
      const bad = await admin.client.post('/api/v1/admin/articles', article({ slug }));
      expect(bad.statusCode, slug).toBe(422);
      expect(bad.json().errors[0].field).toBe('slug');
    }
    const noSlug = await admin.client.post('/api/v1/admin/articles', article({ title: '!!!!! ?????' }));
    expect(noSlug.statusCode).toBe(422);
    expect(noSlug.json().errors[0]).toMatchObject({ field: 'slug', rule: 'required' });
  });

  it('needs a future date to schedule, and no future date to publish', async () => {
    const past = await admin.client.post(
      '/api/v1/admin/articles',
      article({ slug: 'programme-passe', status: 'scheduled', publishedAt: '2020-01-01T10:00:00Z' }),
    );
    expect(past.statusCode).toBe(422);
    expect(past.json()).toMatchObject({
      reason: 'ARTICLE_SCHEDULE_DATE_INVALID',
      errors: [{ field: 'publishedAt' }],
    });
    const none = await admin.client.post(
      '/api/v1/admin/articles',
      article({ slug: 'sans-date', status: 'scheduled' }),
    );
    expect(none.json().reason).toBe('ARTICLE_SCHEDULE_DATE_INVALID');
    const future = await admin.client.post(
      '/api/v1/admin/articles',
      article({ slug: 'publie-demain', status: 'published', publishedAt: inFuture(1) }),
    );
    expect(future.statusCode).toBe(422);
    expect(future.json().reason).toBe('ARTICLE_PUBLISHED_IN_FUTURE');
    const backdated = await write({ slug: 'antidate', publishedAt: '2024-03-01T08:00:00Z' });
    expect(backdated.publishedAt).toBe('2024-03-01T08:00:00.000Z');
  });

  it('changes an article; publishing a draft dates it, a draft keeps its planned date', async () => {
    const draft = await write({ slug: 'brouillon-a-publier', status: 'draft', publishedAt: inFuture(3) });
    expect(draft.status).toBe('draft');
    const changed = await admin.client.put(`/api/v1/admin/articles/${draft.id}`, {
      title: 'Un titre changé',
      body: '### Seul titre',
      tags: ['neuf'],
    });
    expect(changed.json()).toMatchObject({
      title: 'Un titre changé',
      status: 'draft',
      tags: ['neuf'],
      toc: [{ id: 'user-content-seul-titre', text: 'Seul titre', depth: 3 }],
    });
    const published = await admin.client.put(`/api/v1/admin/articles/${draft.id}`, { status: 'published' });
    expect(published.json().status).toBe('published');
    expect(new Date(published.json().publishedAt).getTime()).toBeLessThanOrEqual(Date.now());
    const category = await admin.client.put(`/api/v1/admin/articles/${draft.id}`, { category: 'equipes' });
    expect(category.json().reason).toBe('ARTICLE_CATEGORY_MISMATCH');
  });

  it('404s for an article that does not exist', async () => {
    expect((await admin.client.get('/api/v1/admin/articles/999999')).statusCode).toBe(404);
    expect(
      (await admin.client.put('/api/v1/admin/articles/999999', { title: 'Un autre titre' })).statusCode,
    ).toBe(404);
    expect((await admin.client.delete('/api/v1/admin/articles/999999')).statusCode).toBe(404);
  });

  it('lists every status for admins, filtered by kind, status and text', async () => {
    await write({ slug: 'liste-admin-brouillon', status: 'draft', title: 'Brouillon zygomatique' });
    const drafts = await admin.client.get('/api/v1/admin/articles?status=draft&query=zygomatique');
    expect(drafts.json().data.map((a: { slug: string }) => a.slug)).toEqual(['liste-admin-brouillon']);
    const tutorials = await admin.client.get('/api/v1/admin/articles?kind=tutorial');
    expect(tutorials.json().data.every((a: { kind: string }) => a.kind === 'tutorial')).toBe(true);
    const page = await admin.client.get('/api/v1/admin/articles?perPage=2&page=1');
    expect(page.json().meta).toMatchObject({ perPage: 2, currentPage: 1 });
    expect(page.json().meta.total).toBeGreaterThan(2);
  });

  it('renders Markdown for the editor’s preview', async () => {
    const res = await admin.client.post('/api/v1/admin/articles/render', {
      body: '## Un titre\n\n<script>alert(1)</script>\n\n```js\nconst a = 1;\n```',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      toc: [{ id: 'user-content-un-titre', text: 'Un titre', depth: 2 }],
      readingMinutes: 1,
    });
    expect(res.json().html).not.toContain('<script');
    expect(res.json().html).toContain('<span class="hljs-keyword">const</span>');
  });
});

describe('reading articles (everyone)', () => {
  it('lists published articles only, newest first, by kind, category, tag and accent-tolerant text', async () => {
    await write({
      slug: 'lecture/ancien',
      title: 'Les objections au téléphone',
      category: 'objections',
      tags: ['objection'],
      publishedAt: '2023-01-01T00:00:00Z',
    });
    await write({
      slug: 'lecture/recent',
      title: 'Relancer un prospect sans le lasser',
      category: 'prospection',
      tags: ['relance'],
    });
    await write({ slug: 'lecture/brouillon', status: 'draft' });
    await write({ slug: 'lecture/programme', status: 'scheduled', publishedAt: inFuture(2) });
    const all = (await anonymous().get('/api/v1/articles?kind=blog&perPage=50')).json();
    const slugs = all.data.map((a: { slug: string }) => a.slug);
    expect(slugs).toContain('lecture/ancien');
    expect(slugs).not.toContain('lecture/brouillon');
    expect(slugs).not.toContain('lecture/programme');
    expect(slugs.indexOf('lecture/recent')).toBeLessThan(slugs.indexOf('lecture/ancien'));
    expect(all.data[0]).not.toHaveProperty('body');
    expect(all.data[0]).not.toHaveProperty('html');
    const dates = all.data.map((a: { publishedAt: string }) => a.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const byCategory = (await anonymous().get('/api/v1/articles?category=objections')).json();
    expect(byCategory.data.map((a: { slug: string }) => a.slug)).toEqual(['lecture/ancien']);
    const byTag = (await anonymous().get('/api/v1/articles?tag=%23Relance')).json();
    expect(byTag.data.map((a: { slug: string }) => a.slug)).toEqual(['lecture/recent']);
    const text = (await anonymous().get('/api/v1/articles?query=telephone%20objection')).json();
    expect(text.data.map((a: { slug: string }) => a.slug)).toEqual(['lecture/ancien']);
    const tutorials = (await anonymous().get('/api/v1/articles?kind=tutorial')).json();
    expect(tutorials.data.every((a: { kind: string }) => a.kind === 'tutorial')).toBe(true);
    const beyond = (await anonymous().get('/api/v1/articles?kind=blog&page=500')).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(all.meta.total);
  });

  it('pages a filtered list newest first, its total counting every public match', async () => {
    for (const [slug, date] of [
      ['pages/un', '2024-01-01T00:00:00Z'],
      ['pages/deux', '2024-02-01T00:00:00Z'],
      ['pages/trois', '2024-03-01T00:00:00Z'],
    ])
      await write({ slug, tags: ['pagination-filtre'], publishedAt: date });
    await write({ slug: 'pages/brouillon', tags: ['pagination-filtre'], status: 'draft' });
    const page = async (n: number) =>
      (await anonymous().get(`/api/v1/articles?tag=pagination-filtre&perPage=2&page=${n}`)).json();
    const slugsOf = (body: { data: { slug: string }[] }) => body.data.map((a) => a.slug);
    const [first, second, beyond] = [await page(1), await page(2), await page(5)];
    expect(slugsOf(first)).toEqual(['pages/trois', 'pages/deux']);
    expect(slugsOf(second)).toEqual(['pages/un']);
    expect(beyond.data).toEqual([]);
    expect([first.meta.total, second.meta.total, beyond.meta.total]).toEqual([3, 3, 3]);
    expect(first.meta.lastPage).toBe(2);
  });

  it('keeps the filtered lists in step with every change: tags, category, title, status, deletion', async () => {
    const slugsAt = async (query: string) =>
      ((await anonymous().get(`/api/v1/articles?${query}`)).json().data as { slug: string }[]).map(
        (a) => a.slug,
      );
    const { id } = await write({
      slug: 'suivi/changements',
      title: 'Un titre sur la visioconférence',
      category: 'outils',
      tags: ['suivi-avant'],
    });
    expect(await slugsAt('tag=suivi-avant')).toEqual(['suivi/changements']);
    expect(await slugsAt('query=visioconference')).toEqual(['suivi/changements']);

    const changed = await admin.client.put(
      `/api/v1/admin/articles/${id}`,
      article({
        slug: 'suivi/changements',
        title: 'Un titre sur le podcast',
        category: 'closing',
        tags: ['suivi-apres'],
      }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await slugsAt('tag=suivi-avant')).toEqual([]);
    expect(await slugsAt('tag=suivi-apres')).toEqual(['suivi/changements']);
    expect(await slugsAt('query=visioconference')).toEqual([]);
    expect(await slugsAt('query=podcast')).toEqual(['suivi/changements']);
    expect(await slugsAt('category=closing&tag=suivi-apres')).toEqual(['suivi/changements']);
    expect(await slugsAt('category=outils&tag=suivi-apres')).toEqual([]);

    // Back to a draft: out of every list; published again: back in.
    const draft = article({
      slug: 'suivi/changements',
      title: 'Un titre sur le podcast',
      tags: ['suivi-apres'],
    });
    await admin.client.put(`/api/v1/admin/articles/${id}`, { ...draft, status: 'draft' });
    expect(await slugsAt('tag=suivi-apres')).toEqual([]);
    await admin.client.put(`/api/v1/admin/articles/${id}`, draft);
    expect(await slugsAt('query=podcast')).toEqual(['suivi/changements']);

    const deleted = await admin.client.delete(`/api/v1/admin/articles/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await slugsAt('tag=suivi-apres')).toEqual([]);
  });

  it('reads a published article by its multi-segment slug, with related articles', async () => {
    const main = await write({ slug: 'relies/principal', tags: ['closing', 'cpf'] });
    await write({ slug: 'relies/un', tags: ['closing', 'cpf'] });
    await write({ slug: 'relies/deux', tags: ['cpf'] });
    await write({ slug: 'relies/sans-rapport', tags: ['autre'] });
    await write({ slug: 'relies/brouillon', tags: ['closing', 'cpf'], status: 'draft' });
    const res = await anonymous().get('/api/v1/articles/blog/relies/principal');
    expect(res.statusCode, res.body).toBe(200);
    const read = res.json();
    expect(read).toMatchObject({
      id: main.id,
      slug: 'relies/principal',
      preview: false,
      previous: null,
      next: null,
    });
    expect(read.html).toContain('<h2');
    expect(read.related.map((a: { slug: string }) => a.slug)).toEqual(['relies/un', 'relies/deux']);
  });

  it('gives a tutorial its previous and next in its category', async () => {
    const first = await write({
      kind: 'tutorial',
      category: 'equipes',
      slug: 'equipes/un',
      publishedAt: '2024-01-01T00:00:00Z',
    });
    const second = await write({
      kind: 'tutorial',
      category: 'equipes',
      slug: 'equipes/deux',
      publishedAt: '2024-01-02T00:00:00Z',
    });
    const third = await write({
      kind: 'tutorial',
      category: 'equipes',
      slug: 'equipes/trois',
      publishedAt: '2024-01-03T00:00:00Z',
    });
    await write({
      kind: 'tutorial',
      category: 'marketplace',
      slug: 'ailleurs',
      publishedAt: '2024-01-02T12:00:00Z',
    });
    const middle = (await anonymous().get('/api/v1/articles/tutorial/equipes/deux')).json();
    expect(middle.id).toBe(second.id);
    expect(middle.previous).toEqual({
      id: first.id,
      title: first.title,
      slug: 'equipes/un',
      path: '/tutorials/equipes/un',
    });
    expect(middle.next).toMatchObject({ id: third.id, path: '/tutorials/equipes/trois' });
    expect((await anonymous().get('/api/v1/articles/tutorial/equipes/un')).json().previous).toBeNull();
  });

  it('answers 404 ARTICLE_NOT_FOUND for a missing article, and for a draft or scheduled one without a token', async () => {
    await write({ slug: 'cache/brouillon', status: 'draft' });
    await write({ slug: 'cache/programme', status: 'scheduled', publishedAt: inFuture(2) });
    for (const url of [
      '/api/v1/articles/blog/nulle-part',
      '/api/v1/articles/blog/cache/brouillon',
      '/api/v1/articles/blog/cache/programme',
      '/api/v1/articles/tutorial/cache/brouillon',
    ]) {
      const res = await anonymous().get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'E_NOT_FOUND', reason: 'ARTICLE_NOT_FOUND' });
    }
    // Signed in (even as an admin), the public API still needs the token.
    expect((await admin.client.get('/api/v1/articles/blog/cache/brouillon')).statusCode).toBe(404);
  });

  it('shows a scheduled article once its time has passed, as published, with no job', async () => {
    const when = inFuture(2);
    const scheduled = await write({ slug: 'bientot/en-ligne', status: 'scheduled', publishedAt: when });
    expect(scheduled.status).toBe('scheduled');
    const listed = async () =>
      (await anonymous().get('/api/v1/articles?kind=blog&perPage=50'))
        .json()
        .data.map((a: { slug: string }) => a.slug);
    expect(await listed()).not.toContain('bientot/en-ligne');
    setClock(() => new Date(new Date(when).getTime() + 60_000));
    expect(await listed()).toContain('bientot/en-ligne');
    const read = (await anonymous().get('/api/v1/articles/blog/bientot/en-ligne')).json();
    expect(read).toMatchObject({
      status: 'published',
      publishedAt: new Date(when).toISOString(),
      preview: false,
    });
    const adminView = (await admin.client.get(`/api/v1/admin/articles/${scheduled.id}`)).json();
    expect(adminView.status).toBe('published');
    const published = (await admin.client.get('/api/v1/admin/articles?status=published&perPage=100')).json();
    expect(published.data.map((a: { id: number }) => a.id)).toContain(scheduled.id);
    // Changed afterwards, it stays published (no "date in the past" refusal).
    const edited = await admin.client.put(`/api/v1/admin/articles/${scheduled.id}`, { publishedAt: when });
    expect(edited.json().status).toBe('published');
  });

  it('counts each kind’s public articles through every change: written, scheduled, its time passed, kind, draft, deletion', async () => {
    const totals = async () => {
      const total = async (query: string) =>
        (await anonymous().get(`/api/v1/articles?perPage=1${query}`)).json().meta.total as number;
      return {
        blog: await total('&kind=blog'),
        tutorial: await total('&kind=tutorial'),
        all: await total(''),
      };
    };
    const before = await totals();
    const after = async (blog: number, tutorial: number) =>
      expect(await totals()).toEqual({
        blog: before.blog + blog,
        tutorial: before.tutorial + tutorial,
        all: before.all + blog + tutorial,
      });
    const { id } = await write({ slug: 'compte/un' });
    await after(1, 0);
    // Ten minutes ahead: sooner than the other tests' scheduled articles, which stay in the future.
    const when = inFuture(1 / 144);
    const scheduled = await write({ slug: 'compte/plus-tard', status: 'scheduled', publishedAt: when });
    const draft = await write({ slug: 'compte/brouillon', status: 'draft' });
    await after(1, 0);
    setClock(() => new Date(new Date(when).getTime() + 60_000));
    await after(2, 0);
    setClock(null);
    // The API keeps an article's kind; the count follows any writer that changes it.
    await ctx.app.db
      .update(articles)
      .set({ kind: 'tutorial', category: 'equipes' })
      .where(eq(articles.id, id));
    await after(0, 1);
    await admin.client.put(`/api/v1/admin/articles/${draft.id}`, { status: 'published' });
    await after(1, 1);
    await admin.client.put(`/api/v1/admin/articles/${draft.id}`, { status: 'draft' });
    await after(0, 1);
    for (const gone of [id, scheduled.id, draft.id]) {
      const deleted = await admin.client.delete(`/api/v1/admin/articles/${gone}`);
      expect(deleted.statusCode, deleted.body).toBe(204);
    }
    await after(0, 0);
  });

  it('counts a category’s and a tag’s public articles through every change: written, scheduled, its time passed, kind, category, tags, draft, deletion', async () => {
    const tag = `facette${Date.now()}`;
    const totals = async () => {
      const total = async (query: string) =>
        (await anonymous().get(`/api/v1/articles?perPage=1&${query}`)).json().meta.total as number;
      return {
        tag: await total(`tag=${tag}`),
        tagBlog: await total(`tag=${tag}&kind=blog`),
        outils: await total('category=outils'),
        outilsBlog: await total('category=outils&kind=blog'),
      };
    };
    const before = await totals();
    const after = async (tagged: number, taggedBlog: number, outils: number) =>
      expect(await totals()).toEqual({
        tag: before.tag + tagged,
        tagBlog: before.tagBlog + taggedBlog,
        outils: before.outils + outils,
        outilsBlog: before.outilsBlog + outils,
      });
    const { id } = await write({ slug: 'facettes/un', category: 'outils', tags: [tag] });
    await after(1, 1, 1);
    const when = inFuture(1 / 144);
    const scheduled = await write({
      slug: 'facettes/plus-tard',
      category: 'outils',
      tags: [tag, 'appel'],
      status: 'scheduled',
      publishedAt: when,
    });
    const draft = await write({
      slug: 'facettes/brouillon',
      category: 'outils',
      tags: [tag],
      status: 'draft',
    });
    await after(1, 1, 1);
    setClock(() => new Date(new Date(when).getTime() + 60_000));
    await after(2, 2, 2);
    setClock(null);
    // Kind and category changed by any writer: the tag still counts, no longer in the blog's.
    await ctx.app.db
      .update(articles)
      .set({ kind: 'tutorial', category: 'equipes' })
      .where(eq(articles.id, id));
    await after(1, 0, 0);
    await admin.client.put(`/api/v1/admin/articles/${id}`, { tags: ['appel'] });
    await after(0, 0, 0);
    await admin.client.put(`/api/v1/admin/articles/${draft.id}`, { status: 'published' });
    await after(1, 1, 1);
    for (const gone of [id, scheduled.id, draft.id]) {
      const deleted = await admin.client.delete(`/api/v1/admin/articles/${gone}`);
      expect(deleted.statusCode, deleted.body).toBe(204);
    }
    await after(0, 0, 0);
  });

  it('answers 301 from an old slug to the new one; the old slug can be taken back', async () => {
    const created = await write({ slug: 'ancienne/adresse' });
    const renamed = await admin.client.put(`/api/v1/admin/articles/${created.id}`, {
      slug: 'nouvelle/adresse',
    });
    expect(renamed.json().slug).toBe('nouvelle/adresse');
    const old = await anonymous().get('/api/v1/articles/blog/ancienne/adresse');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/api/v1/articles/blog/nouvelle/adresse');
    expect((await anonymous().get('/api/v1/articles/blog/nouvelle/adresse')).statusCode).toBe(200);
    // Renamed again: both earlier slugs lead to the current one (no chain).
    await admin.client.put(`/api/v1/admin/articles/${created.id}`, { slug: 'troisieme-adresse' });
    expect((await anonymous().get('/api/v1/articles/blog/ancienne/adresse')).headers.location).toBe(
      '/api/v1/articles/blog/troisieme-adresse',
    );
    // Back to the first: it is live again, no longer a redirect.
    await admin.client.put(`/api/v1/admin/articles/${created.id}`, { slug: 'ancienne/adresse' });
    expect((await anonymous().get('/api/v1/articles/blog/ancienne/adresse')).statusCode).toBe(200);
    const redirects = await ctx.app.db
      .select()
      .from(articleSlugRedirects)
      .where(eq(articleSlugRedirects.articleId, created.id));
    expect(redirects.map((r) => r.slug).sort()).toEqual(['nouvelle/adresse', 'troisieme-adresse']);
    // Another article may not take the live slug, but may take an old one (the redirect then ends).
    const taken = await admin.client.post('/api/v1/admin/articles', article({ slug: 'ancienne/adresse' }));
    expect(taken.statusCode).toBe(409);
    await write({ slug: 'troisieme-adresse' });
    expect((await anonymous().get('/api/v1/articles/blog/troisieme-adresse')).json().id).not.toBe(created.id);
  });
});

describe('preview mode', () => {
  it('reads drafts and scheduled articles with a valid token, in the query or the cookie', async () => {
    const draft = await write({ slug: 'apercu/brouillon', status: 'draft' });
    const token = await previewToken();
    const visitor = anonymous();
    const withQuery = await visitor.get(
      `/api/v1/articles/blog/apercu/brouillon?preview=${encodeURIComponent(token)}`,
    );
    expect(withQuery.statusCode).toBe(200);
    expect(withQuery.json()).toMatchObject({ id: draft.id, status: 'draft', preview: true });
    expect(withQuery.headers['cache-control']).toBe('private, no-store');
    // The token is kept in the cookie: the next request needs no parameter.
    expect(visitor.cookies.closia_preview).toBe(token);
    expect((await visitor.get('/api/v1/articles/blog/apercu/brouillon')).statusCode).toBe(200);
    const status = await visitor.get('/api/v1/articles/preview');
    expect(status.json()).toMatchObject({ active: true, stagingUrl: null });
    const staging = await visitor.get('/api/v1/articles/preview?staging=1');
    expect(staging.json().stagingUrl).toBe('https://staging.closia.fr');
    // « Quitter l’aperçu »: the cookie is cleared, drafts are 404 again.
    expect((await visitor.delete('/api/v1/articles/preview')).statusCode).toBe(204);
    expect(visitor.cookies.closia_preview).toBeUndefined();
    expect((await visitor.get('/api/v1/articles/blog/apercu/brouillon')).statusCode).toBe(404);
    expect((await visitor.get('/api/v1/articles/preview?staging=1')).json()).toEqual({
      active: false,
      expiresAt: null,
      stagingUrl: null,
    });
  });

  it('treats an expired or forged token as absent', async () => {
    await write({ slug: 'apercu/perime', status: 'draft' });
    const token = await previewToken();
    const [expires, adminId, signature] = token.split('.') as [string, string, string];
    const forged = [
      `${Number(expires) + 3600}.${adminId}.${signature}`,
      `${expires}.${Number(adminId) + 1}.${signature}`,
      `${expires}.${adminId}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      'n-importe-quoi',
      '',
    ];
    for (const bad of forged) {
      const res = await anonymous().get(
        `/api/v1/articles/blog/apercu/perime?preview=${encodeURIComponent(bad)}`,
      );
      expect(res.statusCode, bad).toBe(404);
      const viaCookie = new TestClient(ctx.app);
      viaCookie.cookies.closia_preview = bad;
      expect((await viaCookie.get('/api/v1/articles/blog/apercu/perime')).statusCode, bad).toBe(404);
      expect(
        (await anonymous().get(`/api/v1/articles/preview?preview=${encodeURIComponent(bad)}`)).json().active,
      ).toBe(false);
    }
    expect((await anonymous().get(`/api/v1/articles/blog/apercu/perime?preview=${token}`)).statusCode).toBe(
      200,
    );
    setClock(() => new Date(Date.now() + 3600_000 + 1000));
    expect((await anonymous().get(`/api/v1/articles/blog/apercu/perime?preview=${token}`)).statusCode).toBe(
      404,
    );
    expect((await anonymous().get(`/api/v1/articles/preview?preview=${token}`)).json().active).toBe(false);
  });

  it('gives the token an hour', async () => {
    const res = await admin.client.post('/api/v1/admin/articles/preview-token');
    const expiresAt = new Date(res.json().expiresAt).getTime();
    expect(expiresAt - Date.now()).toBeGreaterThan(3590_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(3600_000);
  });
});

describe('covers', () => {
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#2f9e44' } })
      .png()
      .toBuffer();
  });

  it('re-encodes the picture as a 1200×630 WebP, serves it, and deletes the old file when replaced or the article deleted', async () => {
    const created = await write({ slug: 'couverture' });
    const upload = () =>
      admin.client.upload(`/api/v1/admin/articles/${created.id}/cover`, 'photo', {
        name: 'c.png',
        type: 'image/png',
        data: png,
      });
    const first = await upload();
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl: string = first.json().coverUrl;
    expect(firstUrl).toMatch(/^\/api\/v1\/articles\/covers\/[a-f0-9]{32}\.webp$/);
    const served = await anonymous().get(firstUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1200,
      height: 630,
    });

    const second = (await upload()).json().coverUrl;
    expect(second).not.toBe(firstUrl);
    expect((await anonymous().get(firstUrl)).statusCode).toBe(404);
    const removed = await admin.client.delete(`/api/v1/admin/articles/${created.id}/cover`);
    expect(removed.json().coverUrl).toBeNull();
    expect((await anonymous().get(second)).statusCode).toBe(404);

    const third = (await upload()).json().coverUrl;
    expect((await admin.client.delete(`/api/v1/admin/articles/${created.id}`)).statusCode).toBe(204);
    expect((await anonymous().get(third)).statusCode).toBe(404);
    expect((await admin.client.get(`/api/v1/admin/articles/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses what is not a picture (422) and a missing article (404)', async () => {
    const created = await write({ slug: 'couverture-refusee' });
    const notImage = await admin.client.upload(`/api/v1/admin/articles/${created.id}/cover`, 'photo', {
      name: 'x.png',
      type: 'image/png',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    });
    expect(notImage.statusCode).toBe(422);
    const missing = await admin.client.upload('/api/v1/admin/articles/999999/cover', 'photo', {
      name: 'c.png',
      type: 'image/png',
      data: png,
    });
    expect(missing.statusCode).toBe(404);
    expect((await anonymous().get('/api/v1/articles/covers/nope.webp')).statusCode).toBe(404);
  });
});
