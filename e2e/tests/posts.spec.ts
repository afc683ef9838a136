import type { APIRequestContext } from '@playwright/test';
import {
  type AccountSession,
  expectAccessiblePages,
  expectAccessibleState,
  openSession,
  WALK,
} from '../support/a11y';
import { createReadyUser } from '../support/accounts';
import { demo, expect, test } from '../support/fixtures';

/*
 * The community feed of issue 21, in the browser, against the real API: a member writes a post in
 * the rich text editor (its draft survives a reload), another likes it, comments and reports it;
 * the admin hides it from /admin/moderation, and it leaves the other member's feed while its author
 * still sees it, marked "Masqué par la modération". Then the pages pass axe in both colour schemes,
 * down to a 375 px wide screen without sideways scrolling.
 */

async function xsrf(request: APIRequestContext): Promise<string> {
  let state = await request.storageState();
  if (!state.cookies.some((c) => c.name === 'XSRF-TOKEN')) {
    await request.get('/api/v1/csrf');
    state = await request.storageState();
  }
  return decodeURIComponent(state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
}

/** A published post through the API, for the pages that only need one to exist. */
async function createPost(request: APIRequestContext, title: string): Promise<number> {
  const res = await request.post('/api/v1/posts', {
    data: {
      title,
      body: '<h2>Le contexte</h2><p>Un <strong>retour</strong> d’expérience sur la <em>prospection</em>.</p><ul><li>Un</li><li>Deux</li></ul>',
      tags: ['prospection', 'closing'],
      status: 'published',
    },
    headers: { 'x-xsrf-token': await xsrf(request) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function expectNoPageOverflow(session: AccountSession, path: string) {
  await session.page.goto(path);
  await expect(session.page.locator('h1').first()).toBeVisible({ timeout: 20_000 });
  await session.page.waitForLoadState('networkidle');
  const widths = await session.page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(widths.page, `${path} fits a ${widths.screen} px screen`).toBeLessThanOrEqual(widths.screen);
}

test('a post is written, liked, commented, reported, then hidden by the admin', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const title = `Mes 3 leçons de closing ${Date.now() % 1_000_000}`;

  // 1. The author writes the post in the editor; the draft survives a reload.
  const author = await openSession(browser, baseURL!);
  await createReadyUser(author.context.request, { prefix: 'post-author' });
  const page = author.page;
  await page.goto('/app/posts');
  await expect(page.getByRole('heading', { name: 'Communauté', level: 1 })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Écrire une publication' }).click();
  await expect(page.getByRole('heading', { name: 'Nouvelle publication', level: 1 })).toBeVisible({
    timeout: 20_000,
  });

  await page.getByRole('textbox', { name: 'Titre' }).fill(title);
  const editor = page.getByRole('textbox', { name: 'Contenu de la publication' });
  await editor.click();
  await page.keyboard.type('Première leçon : écouter avant de parler. ');
  await page.getByRole('button', { name: 'Gras' }).click();
  await page.keyboard.type('Toujours reformuler.');
  await page.getByRole('button', { name: 'Gras' }).click();
  const tags = page.getByRole('textbox', { name: 'Étiquettes' });
  await tags.fill('closing');
  await tags.press('Enter');
  await tags.fill('Vente');
  await tags.press('Enter');

  // Kept in the browser: back after a reload, with the notice.
  await page.waitForTimeout(1_000);
  await page.reload();
  await expect(page.getByText('Brouillon restauré')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('textbox', { name: 'Titre' })).toHaveValue(title);
  await expect(page.getByRole('textbox', { name: 'Contenu de la publication' })).toContainText(
    'Toujours reformuler.',
  );

  await page.getByRole('tab', { name: 'Aperçu' }).click();
  await expect(page.getByTestId('post-preview').locator('strong')).toHaveText('Toujours reformuler.');
  await page.getByRole('tab', { name: 'Rédiger' }).click();

  await page.getByRole('button', { name: 'Publier', exact: true }).last().click();
  await expect(page).toHaveURL(/\/app\/posts\/\d+$/, { timeout: 20_000 });
  const postPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('post-body').locator('strong')).toHaveText('Toujours reformuler.');
  await expect(page.getByRole('link', { name: '#closing' })).toBeVisible();
  await expect(page.getByRole('link', { name: '#vente' })).toBeVisible();
  // The draft is gone once saved.
  expect(await page.evaluate(() => localStorage.getItem('closia:post-draft:new'))).toBeNull();

  // 2. Another member finds it in the feed, likes it, comments and reports it.
  const reader = await openSession(browser, baseURL!);
  await createReadyUser(reader.context.request, { prefix: 'post-reader' });
  const feed = reader.page;
  await feed.goto('/app/posts');
  await feed.getByRole('textbox', { name: 'Rechercher une publication' }).fill(title);
  // The search is in the address once typing pauses: the list below is its answer.
  await expect(feed).toHaveURL(/[?&]query=/);
  const card = feed.getByTestId('post-card').filter({ hasText: title });
  await expect(card).toHaveCount(1, { timeout: 20_000 });
  const like = card.getByTestId('like-button');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like.getByTestId('like-count')).toHaveText('1');

  await card.getByRole('link', { name: title }).click();
  await expect(feed.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(feed.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(feed.getByRole('button', { name: 'Modifier' })).toHaveCount(0);
  await feed.getByRole('textbox', { name: 'Votre commentaire' }).fill('Merci, la reformulation change tout.');
  await expect(feed.getByText('36 / 2000 caractères')).toBeVisible();
  await feed.getByRole('button', { name: 'Commenter' }).click();
  await expect(feed.getByTestId('comment').filter({ hasText: 'la reformulation change tout' })).toBeVisible();
  await expect(feed.getByRole('heading', { name: 'Commentaires (1)' })).toBeVisible();

  await feed.getByRole('button', { name: 'Signaler', exact: true }).click();
  const dialog = feed.getByRole('dialog', { name: 'Signaler la publication' });
  await dialog
    .getByRole('textbox', { name: 'Motif du signalement' })
    .fill('Publicité déguisée pour une formation.');
  await expectAccessibleState(feed, 'the report dialog');
  await dialog.getByRole('button', { name: 'Signaler' }).click();
  await expect(feed.getByText('Signalement envoyé')).toBeVisible();
  // The dialog has closed (its submit button is named like the post's button until then).
  await expect(dialog).toBeHidden();
  // Twice: the server says it is already in hand.
  await feed.getByRole('button', { name: 'Signaler', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Motif du signalement' }).fill('Encore de la publicité.');
  await dialog.getByRole('button', { name: 'Signaler' }).click();
  await expect(dialog.getByText('Vous avez déjà signalé ce contenu')).toBeVisible();
  await dialog.getByRole('button', { name: 'Annuler' }).click();

  // 3. The admin hides it from the moderation list.
  const admin = await openSession(browser, baseURL!, { email: demo.admin });
  await admin.page.goto('/admin/moderation');
  await expect(admin.page.getByRole('heading', { name: 'Modération', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  const row = admin.page.getByTestId('report-row').filter({ hasText: title });
  await expect(row).toContainText('Publicité déguisée pour une formation.');
  await expect(row.getByRole('link', { name: title })).toHaveAttribute('href', postPath);
  await row.getByRole('button', { name: 'Masquer' }).click();
  const confirm = admin.page.getByRole('dialog', { name: 'Masquer le contenu' });
  await confirm.getByRole('button', { name: 'Masquer' }).click();
  await expect(admin.page.getByText('Contenu masqué')).toBeVisible();
  await expect(row).toHaveCount(0);
  await admin.page.getByRole('textbox', { name: 'Statut' }).click();
  await admin.page.getByRole('option', { name: 'Masqués' }).click();
  await expect(admin.page).toHaveURL(/status=hidden/);
  await expect(admin.page.getByTestId('report-row').filter({ hasText: title })).toBeVisible();

  // 4. Gone from the other member's feed; its author still sees it, marked.
  await feed.goto(`/app/posts?query=${encodeURIComponent(title)}`);
  await expect(feed.getByTestId('result-count')).toHaveText('Aucune publication', { timeout: 20_000 });
  await expect(feed.getByTestId('post-card')).toHaveCount(0);
  await page.goto(postPath);
  await expect(page.getByTestId('hidden-badge').first()).toHaveText('Masqué par la modération', {
    timeout: 20_000,
  });

  for (const session of [author, reader, admin]) {
    expect(session.cspViolations, 'Content-Security-Policy violations').toEqual([]);
    await session.context.close();
  }
});

test(
  'the feed, a post, the editor and the moderation list are accessible, down to 375 px',
  WALK,
  async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    // On a desktop screen these pages are walked by accessibility.spec.ts (the demo's feed, a post,
    // the setter's own draft, the moderation list).
    const desktop = await openSession(browser, baseURL!);
    await createReadyUser(desktop.context.request, { prefix: 'post-a11y' });
    const id = await createPost(desktop.context.request, `Accessibilité du fil ${Date.now() % 1_000_000}`);
    const pages = ['/app/posts', `/app/posts/${id}`, '/app/posts/create', `/app/posts/edit/${id}`];

    const phone = await openSession(browser, baseURL!, { viewport: { width: 375, height: 740 } });
    await createReadyUser(phone.context.request, { prefix: 'post-a11y-phone' });
    await expectAccessiblePages(phone.page, pages);
    for (const path of pages) await expectNoPageOverflow(phone, path);
    const adminPhone = await openSession(browser, baseURL!, {
      email: demo.admin,
      viewport: { width: 375, height: 740 },
    });
    await expectNoPageOverflow(adminPhone, '/admin/moderation');

    // A missing post: the 404 page.
    await desktop.page.goto('/app/posts/999999');
    await expect(desktop.page.getByTestId('error-status')).toHaveText('404', { timeout: 20_000 });

    for (const session of [desktop, phone, adminPhone]) {
      expect(session.cspViolations, 'Content-Security-Policy violations').toEqual([]);
      await session.context.close();
    }
  },
);
