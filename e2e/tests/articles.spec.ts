import { openSession } from '../support/a11y';
import { demo, expect, test } from '../support/fixtures';

/*
 * The blog of issue 22 §1, in the browser, against the real API: the admin writes a draft in the
 * editor (the live preview renders its heading), opens its preview in a new tab (the « Mode
 * aperçu » banner; leaving the preview makes the draft a 404 again), then publishes it; a visitor
 * finds it in /blog by searching, reads it, follows its table of contents and its tag.
 */

test('an article is written, previewed, published, then found and read by a visitor', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const n = Date.now() % 100_000;
  const title = `Relances du mardi ${n}`;

  // 1. The admin writes a draft; the preview beside the Markdown renders it.
  const admin = await openSession(browser, baseURL!, { email: demo.admin });
  const page = admin.page;
  await page.goto('/admin/articles');
  await page.getByRole('link', { name: 'Nouvel article' }).click();
  await expect(page.getByRole('heading', { name: 'Nouvel article', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('textbox', { name: 'Titre' }).fill(title);
  await expect(page.getByRole('textbox', { name: 'Adresse (slug)' })).toHaveValue(`relances-du-mardi-${n}`);
  await page
    .getByRole('textbox', { name: 'Description' })
    .fill('Une méthode simple pour relancer chaque mardi les prospects restés silencieux, sans les braquer.');
  await page
    .getByRole('textbox', { name: 'Texte (Markdown)' })
    .fill(
      '## Les trois relances\n\nUn message court, une question ouverte, une date.\n\n## Conclusion\n\nRelancez le mardi, pas le vendredi.',
    );
  await expect(
    page.getByTestId('live-preview-body').getByRole('heading', { name: 'Les trois relances', level: 2 }),
  ).toBeVisible({ timeout: 10_000 });
  await page.getByRole('textbox', { name: 'Catégorie' }).click();
  await page.getByRole('option', { name: 'Prospection' }).click();
  const tags = page.getByRole('textbox', { name: 'Étiquettes' });
  await tags.fill('mardi');
  await tags.press('Enter');
  await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await expect(page).toHaveURL(/\/admin\/articles\/\d+$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  // 2. Its preview, in a new tab: the banner; leaving the preview, the draft is not found.
  const [previewTab] = await Promise.all([
    admin.context.waitForEvent('page'),
    page.getByRole('button', { name: 'Aperçu', exact: true }).click(),
  ]);
  await expect(previewTab.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(previewTab.getByTestId('preview-banner')).toContainText('Mode aperçu');
  // The token is kept (cookie, session) and taken out of the address.
  await expect(previewTab).toHaveURL(new RegExp(`/blog/relances-du-mardi-${n}$`));
  await previewTab.getByRole('button', { name: 'Quitter l’aperçu' }).click();
  await expect(previewTab.getByTestId('error-status')).toHaveText('404', { timeout: 20_000 });
  await previewTab.close();

  // 3. Published from the editor.
  await page.getByText('Publié', { exact: true }).click();
  await page.getByRole('button', { name: 'Publier', exact: true }).click();
  await expect(page.getByText('Article publié')).toBeVisible({ timeout: 20_000 });

  // 4. A visitor finds it by searching the blog, reads it, follows its contents and its tag.
  const visitor = await openSession(browser, baseURL!);
  const reader = visitor.page;
  await reader.goto('/blog');
  await reader.getByRole('textbox', { name: 'Rechercher un article' }).fill(`mardi ${n}`);
  await expect(reader).toHaveURL(/query=mardi/);
  const card = reader.getByTestId('article-card').filter({ hasText: title });
  await expect(card).toHaveCount(1, { timeout: 20_000 });
  await card.getByRole('link', { name: title }).click();
  await expect(reader.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(reader).toHaveTitle(title);
  await expect(reader.getByTestId('preview-banner')).toHaveCount(0);
  const contents = reader.getByRole('navigation', { name: 'Sommaire' });
  await contents.getByRole('link', { name: 'Conclusion' }).click();
  await expect(reader).toHaveURL(/#user-content-conclusion$/);
  await expect(contents.getByRole('link', { name: 'Conclusion' })).toHaveAttribute(
    'aria-current',
    'location',
  );
  await reader.getByTestId('article-tags').getByRole('link', { name: '#mardi' }).click();
  await expect(reader).toHaveURL(/\/blog\?tag=mardi$/);
  await expect(reader.getByTestId('article-card').filter({ hasText: title })).toHaveCount(1, {
    timeout: 20_000,
  });

  for (const session of [admin, visitor]) {
    expect(session.cspViolations, 'Content-Security-Policy violations').toEqual([]);
    await session.context.close();
  }
});
