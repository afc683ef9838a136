import { openSession } from '../support/a11y';
import { createReadyUser } from '../support/accounts';
import { demo, expect, test } from '../support/fixtures';

/*
 * The road map of issue 22 §2, in the browser against the real API: a visitor sees the three
 * columns and is asked to sign in when voting, signs in and comes back, votes (the count moves at
 * once), proposes an idea; the admin accepts it on /admin/roadmap and it joins "Prévu". Then the
 * page at 375 px: one column at a time, in tabs, without sideways scrolling.
 */
test('a visitor signs in to vote and propose an idea, which the admin accepts', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000);
  const idea = `Relances WhatsApp automatiques ${Date.now() % 1_000_000}`;
  // The member's account and the admin's page get ready while the visitor looks around.
  const memberReady = createReadyUser(request, { prefix: 'roadmap' });
  const adminReady = openSession(browser, baseURL!, { email: demo.admin }).then(async (session) => {
    await session.page.goto('/admin/roadmap?status=suggested');
    await expect(session.page.getByRole('heading', { name: 'Feuille de route', level: 1 })).toBeVisible({
      timeout: 20_000,
    });
    return session;
  });

  // 1. A visitor: three columns with their counts; a vote asks to sign in, and the sign-in comes back here.
  const visitor = await openSession(browser, baseURL!);
  const { page } = visitor;
  await page.goto('/road-map');
  await expect(page.getByRole('heading', { name: 'Feuille de route', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  for (const column of ['Prévu', 'En cours', 'Livré'])
    await expect(page.getByRole('heading', { name: column, level: 2 })).toBeVisible();
  const planned = page.getByTestId('roadmap-column-planned');
  const card = planned.getByTestId('roadmap-card').first();
  await expect(card).toBeVisible({ timeout: 20_000 });
  const title = (await card.getByRole('heading', { level: 3 }).textContent())!;
  const count = Number(await card.getByTestId('vote-count').textContent());
  expect(count).toBeGreaterThan(0);
  await card.getByTestId('vote-button').click();
  const prompt = page.getByRole('dialog', { name: 'Connectez-vous pour participer' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('link', { name: 'Se connecter' }).click();
  const member = await memberReady;
  await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=%2Froad-map$/);
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(member.email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/road-map$/, { timeout: 20_000 });

  // 2. Signed in: the vote counts at once, and holds after a reload.
  const same = planned.getByTestId('roadmap-card').filter({ hasText: title });
  const vote = same.getByTestId('vote-button');
  await expect(vote).toHaveAttribute('aria-pressed', 'false', { timeout: 20_000 });
  await vote.click();
  await expect(vote).toHaveAttribute('aria-pressed', 'true');
  await expect(vote.getByTestId('vote-count')).toHaveText(String(count + 1));
  await page.reload();
  await expect(vote.getByTestId('vote-count')).toHaveText(String(count + 1), { timeout: 20_000 });

  // 3. An idea of the member, waiting for the team.
  await page.getByRole('button', { name: 'Proposer une idée' }).click();
  const form = page.getByRole('dialog', { name: 'Proposer une idée' });
  await form.getByRole('textbox', { name: 'Titre' }).fill(idea);
  await form
    .getByRole('textbox', { name: 'Description' })
    .fill('Relancer automatiquement sur WhatsApp un prospect qui ne répond pas depuis trois jours.');
  await form.getByRole('button', { name: 'Envoyer mon idée' }).click();
  await expect(page.getByText('Merci pour votre idée !')).toBeVisible();
  await expect(form).toBeHidden();

  // 4. The admin accepts it: it joins "Prévu" for everyone.
  const admin = await adminReady;
  await admin.page.reload();
  const row = admin.page.getByTestId('roadmap-row').filter({ hasText: idea });
  await expect(row).toContainText('Proposée par Camille Martin', { timeout: 20_000 });
  await row.getByRole('button', { name: 'Accepter' }).click();
  await expect(admin.page.getByText('Proposition acceptée')).toBeVisible();
  await expect(row).toBeHidden();

  // 5. At 375 px: the columns are tabs; the accepted idea is in "Prévu"; nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Prévu' })).toHaveAttribute('aria-selected', 'true', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('roadmap-card').filter({ hasText: idea })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('tab', { name: 'Livré' }).click();
  await expect(page.getByTestId('roadmap-column-done').getByTestId('roadmap-card').first()).toBeVisible();
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);

  expect([...visitor.cspViolations, ...admin.cspViolations], 'Content-Security-Policy violations').toEqual(
    [],
  );
  await Promise.all([visitor.context.close(), admin.context.close()]);
});
