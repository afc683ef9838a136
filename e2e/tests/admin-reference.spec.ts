import { createReadyUser } from '../support/accounts';
import { demo, expect, signIn, test } from '../support/fixtures';

test('an admin adds, renames and deletes work sectors; a sector in use cannot be deleted', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signIn(page, demo.admin);
  await page.goto('/admin/work-sectors');
  await expect(page).toHaveTitle("Secteurs d'activité");
  const table = page.getByRole('table', { name: "Secteurs d'activité" });
  await expect(table.getByTestId('reference-row').first()).toBeVisible();

  // Create.
  await page.getByRole('button', { name: 'Nouveau secteur' }).click();
  const createDialog = page.getByRole('dialog', { name: 'Nouveau secteur' });
  await createDialog.getByRole('textbox', { name: 'Nom' }).fill('Astrologie & tarot');
  await createDialog.getByRole('button', { name: 'Ajouter' }).click();
  await expect(createDialog).toBeHidden();
  await expect(page.getByText('Secteur ajouté')).toBeVisible();

  // It is in the list (the search is debounced and kept in the address).
  await page.getByRole('textbox', { name: 'Rechercher' }).fill('astrologie');
  await expect(page).toHaveURL(/q=astrologie/);
  const row = table.getByTestId('reference-row').filter({ hasText: 'Astrologie & tarot' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Validé', { exact: true })).toBeVisible();
  await expect(row.getByRole('cell').nth(2)).toHaveText('0');

  // A duplicate name is refused on the field.
  await page.getByRole('button', { name: 'Nouveau secteur' }).click();
  await createDialog.getByRole('textbox', { name: 'Nom' }).fill('astrologie & TAROT');
  await createDialog.getByRole('button', { name: 'Ajouter' }).click();
  await expect(createDialog.getByText('Ce nom existe déjà.')).toBeVisible();
  await createDialog.getByRole('button', { name: 'Annuler' }).click();

  // Rename.
  await row.getByRole('button', { name: 'Renommer « Astrologie & tarot »' }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Renommer « Astrologie & tarot »' });
  await expect(renameDialog.getByRole('textbox', { name: 'Nom' })).toHaveValue('Astrologie & tarot');
  await renameDialog.getByRole('textbox', { name: 'Nom' }).fill('Astrologie, tarot & voyance');
  await renameDialog.getByRole('button', { name: 'Renommer' }).click();
  await expect(renameDialog).toBeHidden();
  await expect(
    table.getByTestId('reference-row').filter({ hasText: 'Astrologie, tarot & voyance' }),
  ).toHaveCount(1);
  await expect(table.getByText('Astrologie & tarot', { exact: true })).toHaveCount(0);

  // In use by a member's profile: the deletion is refused with the reason.
  const sectors = await (await page.request.get('/api/v1/admin/work-sectors?search=voyance')).json();
  const sectorId = sectors.data[0].id as number;
  const member = await playwright.request.newContext({ baseURL });
  await createReadyUser(member, { prefix: 'astro', workSectorId: sectorId });
  await member.dispose();
  await page.reload();
  const used = table.getByTestId('reference-row').filter({ hasText: 'Astrologie, tarot & voyance' });
  await expect(used.getByRole('cell').nth(2)).toHaveText('1');
  await used.getByRole('button', { name: 'Supprimer « Astrologie, tarot & voyance »' }).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Supprimer ce secteur' });
  await deleteDialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(deleteDialog.getByRole('alert')).toHaveText(
    'Impossible de supprimer : utilisé par 1 profil ou offre',
  );
  await deleteDialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(used).toHaveCount(1);

  // Not in use: deleted.
  await page.getByRole('button', { name: 'Nouveau secteur' }).click();
  await createDialog.getByRole('textbox', { name: 'Nom' }).fill('Secteur éphémère');
  await createDialog.getByRole('button', { name: 'Ajouter' }).click();
  await expect(createDialog).toBeHidden();
  await page.getByRole('textbox', { name: 'Rechercher' }).fill('éphémère');
  const temporary = table.getByTestId('reference-row').filter({ hasText: 'Secteur éphémère' });
  await temporary.getByRole('button', { name: 'Supprimer « Secteur éphémère »' }).click();
  await deleteDialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(deleteDialog).toBeHidden();
  await expect(temporary).toHaveCount(0);
  await expect(table.getByText('Aucun résultat pour « éphémère ».')).toBeVisible();

  // A non-admin cannot open the page.
  await page.goto('/auth/sign-out');
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await signIn(page, demo.setter);
  await page.goto('/admin/work-sectors');
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('a member’s proposal waits for validation; the admin approves it from the overview', async ({
  page,
}) => {
  // A member proposes a skill (unknown names become proposals).
  const proposal = `Closing par visio ${Date.now()}`;
  await signIn(page, demo.closer);
  await page.request.get('/api/v1/csrf');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const proposed = await page.request.post('/api/v1/skills', {
    data: { name: proposal },
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
  });
  expect(proposed.status()).toBe(201);
  await page.goto('/auth/sign-out');
  await expect(page).toHaveURL(/\/auth\/sign-in/);

  await signIn(page, demo.admin);
  await page.goto('/admin');
  const skills = page.getByRole('region', { name: 'Compétences' });
  await expect(skills.getByText(/\d+ à valider/)).toBeVisible();
  await skills.getByRole('link', { name: 'Valider' }).click();
  await expect(page).toHaveURL(/\/admin\/skills\?status=pending/);
  const row = page.getByTestId('reference-row').filter({ hasText: proposal });
  await expect(row.getByText('À valider')).toBeVisible();
  await row.getByRole('button', { name: `Approuver « ${proposal} »` }).click();
  await expect(row).toHaveCount(0);
  // The status filter (a segmented control: its labels are what the user clicks).
  await page
    .getByRole('radiogroup', { name: 'Filtrer par statut' })
    .getByText('Validées', { exact: true })
    .click();
  await expect(page).toHaveURL(/status=approved/);
  await page.getByRole('textbox', { name: 'Rechercher' }).fill('visio');
  await expect(
    page.getByTestId('reference-row').filter({ hasText: proposal }).getByText('Validée'),
  ).toBeVisible();
});

test('the formations catalogue opens from the sidebar and from the overview, and stays there', async ({
  page,
}) => {
  await signIn(page, demo.admin);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: "Navigation de l'administration" })
    .getByRole('link', { name: 'Catalogue des formations' })
    .click();
  await expect(page).toHaveURL(/\/admin\/formations-catalogue$/);
  await expect(page).toHaveTitle('Catalogue des formations');
  await expect(page.getByRole('heading', { name: 'Catalogue des formations', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Catalogue des formations' })).toBeVisible();
  // The server's redirect check ran for this path and left the page where it is.
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/admin\/formations-catalogue$/);
  await expect(page.getByText('Bientôt disponible')).toHaveCount(0);

  await page.goto('/admin');
  await page
    .getByRole('region', { name: 'Catalogue des formations' })
    .getByRole('link', { name: 'Gérer la liste' })
    .click();
  await expect(page).toHaveURL(/\/admin\/formations-catalogue$/);
  await expect(page.getByRole('table', { name: 'Catalogue des formations' })).toBeVisible();
});
