import AxeBuilder from '@axe-core/playwright';
import { demo, expect, signIn, test } from '../support/fixtures';

test('an unknown path shows the 404 error page with the spec’s texts', async ({ page }) => {
  await page.goto('/cette/page/nexiste/pas');
  await expect(page).toHaveTitle('Error 404');
  await expect(page.getByTestId('error-status')).toHaveText('404');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('Page not found', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contactez le support' })).toHaveAttribute('href', '/support');
  await page.getByRole('button', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('/login redirects to sign-in', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await expect(page).toHaveTitle('Connexion');
});

test('/admin sends anonymous and non-admin users to sign-in, and opens for an admin', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth\/sign-in/);

  await signIn(page, demo.setter);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/auth\/sign-in/);

  await page.goto('/auth/sign-out');
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await signIn(page, demo.admin);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page).toHaveTitle('Administration');
});

test('top navigation: links, active link, sign-in buttons and the colour mode toggle', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav.getByRole('link', { name: 'Accueil' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Blog' })).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'Connexion' })).toHaveAttribute('href', '/auth/sign-in');
  await expect(page.getByRole('link', { name: 'Créer mon compte' }).first()).toHaveAttribute(
    'href',
    '/auth/sign-up',
  );

  const html = page.locator('html');
  const before = await html.getAttribute('data-mantine-color-scheme');
  await page.getByRole('button', { name: 'Changer le thème' }).click();
  const after = before === 'dark' ? 'light' : 'dark';
  await expect(html).toHaveAttribute('data-mantine-color-scheme', after);
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', after);

  await nav.getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(nav.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu toggle opens the menu and a link click closes it', async ({ page }) => {
    await page.goto('/');
    const burger = page.getByRole('button', { name: 'Ouvrir le menu' });
    await expect(burger).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeHidden();
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Menu mobile' });
    await menu.getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
  });
});

test('a page of a later feature shows its layout, title and “Bientôt disponible”', async ({ page }) => {
  await signIn(page, demo.closer);
  await page.goto('/app/missions');
  await expect(page).toHaveTitle('Recherche de Missions');
  await expect(page.getByText('Bientôt disponible')).toBeVisible();
});

test('home, sign-in and dashboard have no serious accessibility violation', async ({ page }) => {
  for (const path of ['/', '/auth/sign-in', '/auth/sign-up']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${path}: ${v.id} ${v.help}`)).toEqual([]);
  }
  await signIn(page, demo.setter);
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`),
  ).toEqual([]);
});
