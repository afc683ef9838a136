import { readFile, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  type AccountSession,
  expectAccessiblePages,
  openSession,
  seriousViolations,
  WALK,
} from '../support/a11y';
import { NEW_USER_PASSWORD } from '../support/accounts';
import { apiSend } from '../support/api';
import { demo, expect, test, uniqueEmail } from '../support/fixtures';

/*
 * The prospects journey of issue 8, in the browser, against the real API: a setter creates a
 * prospect with a custom field, a link and an activity, sees it in the list with its next activity,
 * is warned of a duplicate; imports a messy CSV file through the wizard (BOM, `;`, accents, a
 * quoted `;`, one bad line), sees the line's errors in the preview, imports, finds the new
 * prospects; exports the filtered list; and finds the prospect in the merged view. Then both pages,
 * with the demo setter's prospects, their drawer and the import wizard, pass axe in the light and
 * the dark colour scheme, down to a 375 px wide screen without sideways scrolling.
 */

/** A fresh setter with a finished profile, signed in on `page`. */
async function createReadySetter(page: Page) {
  await apiSend(page.request, 'POST', '/api/v1/auth/register', {
    firstName: 'Inès',
    lastName: 'Prospecte',
    email: uniqueEmail('prospects'),
    password: NEW_USER_PASSWORD,
    role: 'setter',
  });
  const sectors = await (await page.request.get('/api/v1/work-sectors?perPage=1')).json();
  await apiSend(page.request, 'PUT', '/api/v1/user/setter', {
    description: 'Setter spécialisée dans la formation professionnelle.',
    workSectors: [sectors.data[0].id],
    conversionRate: 5,
    experience: '2021-01-01',
    skills: ['Cold calling'],
    finishedProfileSetup: true,
  });
}

test('a setter manages prospects, imports a CSV file and exports the list', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const suffix = `${Date.now() % 1_000_000}`;
  const lastName = `Martin${suffix}`;
  const fullName = `Élodie ${lastName}`;
  const email = `elodie.${suffix}@exemple.fr`;

  await createReadySetter(page);
  await page.goto('/dashboard/prospects');
  // Generous: the first visit fetches the page's chunks, however busy the machine is.
  await expect(page.getByRole('heading', { name: 'Prospects', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Aucun prospect pour le moment')).toBeVisible();

  // 1. A prospect with every kind of field, then an activity.
  await page.getByRole('button', { name: 'Nouveau prospect' }).click();
  const creation = page.getByRole('dialog', { name: 'Nouveau prospect' });
  await creation.getByRole('textbox', { name: 'Prénom' }).fill('Élodie');
  await creation.getByRole('textbox', { name: 'Nom', exact: true }).fill(lastName);
  await creation.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await creation.getByRole('textbox', { name: 'Téléphone' }).fill('06 12 34 56 78');
  await creation.getByRole('textbox', { name: 'Statut' }).click();
  await page.getByRole('option', { name: 'Suivi', exact: true }).click();
  await creation.getByRole('button', { name: 'Ajouter un lien' }).click();
  await creation
    .getByRole('textbox', { name: 'Lien de contact 1' })
    .fill('https://www.linkedin.com/in/elodie');
  await creation.getByRole('button', { name: 'Ajouter un champ' }).click();
  await creation.getByRole('textbox', { name: 'Nom du champ 1' }).fill('Budget');
  await creation.getByRole('textbox', { name: 'Valeur du champ 1' }).fill('3 000 €');
  await creation.getByRole('button', { name: 'Créer le prospect' }).click();

  // The drawer becomes the prospect's card.
  const card = page.getByRole('dialog', { name: fullName });
  await expect(card).toBeVisible();
  await expect(page.getByText('Prospect créé', { exact: true })).toBeVisible();
  await expect(card.getByTestId('duplicate-alert')).toHaveCount(0);

  const planning = card.getByRole('region', { name: 'Planifier une activité' });
  await planning.getByRole('textbox', { name: 'Titre' }).fill('Rappeler pour la démo');
  await planning.getByText('Élevé', { exact: true }).click();
  await planning.getByRole('textbox', { name: 'Notes' }).fill('Préfère être appelée le matin.');
  // The due date defaults to tomorrow at 9:00.
  await planning.getByRole('button', { name: 'Ajouter l’activité' }).click();
  await expect(page.getByText('Activité planifiée', { exact: true })).toBeVisible();
  const activity = card.getByTestId('activity-item').filter({ hasText: 'Rappeler pour la démo' });
  await expect(activity).toContainText('Demain, 09:00');
  await expect(activity).toContainText('Élevé');
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();

  // 2. In the list, with its status, contact icons and next activity.
  const row = page.getByTestId('prospect-row').filter({ hasText: fullName });
  await expect(row).toContainText('Suivi');
  await expect(row.getByTestId('next-activity')).toContainText('Demain, 09:00');
  await expect(row.getByTestId('next-activity')).toContainText('Élevé');
  await expect(row.getByRole('link', { name: `LinkedIn de ${fullName} (nouvel onglet)` })).toHaveAttribute(
    'href',
    'https://www.linkedin.com/in/elodie',
  );

  // Reopened from the list: the custom field and the activity were kept.
  await row.getByRole('link', { name: fullName, exact: true }).click();
  await expect(card.getByRole('textbox', { name: 'Valeur du champ 1' })).toHaveValue('3 000 €');
  await expect(card.getByRole('checkbox', { name: 'Rappeler pour la démo' })).not.toBeChecked();
  await page.keyboard.press('Escape');

  // 3. A second prospect with the same e-mail: saved, with a warning linking to the first.
  await page.getByRole('button', { name: 'Nouveau prospect' }).click();
  await creation.getByRole('textbox', { name: 'Prénom' }).fill('Élo');
  await creation.getByRole('textbox', { name: 'E-mail' }).fill(email.toUpperCase());
  await creation.getByRole('button', { name: 'Créer le prospect' }).click();
  const duplicate = page.getByRole('dialog', { name: 'Élo', exact: true });
  const warning = duplicate.getByTestId('duplicate-alert');
  await expect(warning).toContainText('Doublon possible');
  await warning.getByRole('link', { name: fullName, exact: true }).click();
  await expect(page.getByRole('dialog', { name: fullName })).toBeVisible();
  await page.keyboard.press('Escape');

  // 4. A messy CSV: BOM, `;`, accents, CRLF, a quoted `;`, and one bad line (line 4).
  const csvPath = testInfo.outputPath('prospects.csv');
  const lines = [
    'Prénom;Nom;E-mail;Téléphone;Statut;Entreprise',
    `Zoé;Lefèvre${suffix};zoe.${suffix}@exemple.fr;06 11 22 33 44;Suivi;"Dupont; Fils"`,
    `Benoît;Çava${suffix};benoit.${suffix}@exemple.fr;;prospection;L’Été à Noël`,
    `X;Erreur${suffix};pas-un-email;;;Rien`,
  ];
  await writeFile(csvPath, `\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');

  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  const wizard = page.getByRole('dialog', { name: 'Importer des prospects' });
  await wizard.locator('input[type="file"]').setInputFiles(csvPath);
  await wizard.getByRole('button', { name: 'Continuer' }).click();

  // Step 2: the columns, recognised; the unknown one becomes a custom field, renamed here.
  await expect(wizard.getByTestId('import-step')).toContainText('Étape 2 sur 4');
  await expect(wizard.getByRole('textbox', { name: 'Destination de la colonne « Prénom »' })).toHaveValue(
    'Prénom',
  );
  await expect(wizard.getByRole('textbox', { name: 'Destination de la colonne « Entreprise »' })).toHaveValue(
    'Champ personnalisé',
  );
  await wizard
    .getByRole('textbox', { name: 'Nom du champ personnalisé de la colonne « Entreprise »' })
    .fill('Société');
  await wizard.getByRole('button', { name: 'Voir l’aperçu' }).click();

  // Step 3: the counts and the bad line's errors, in French.
  await expect(wizard.getByTestId('import-preview-summary')).toHaveText(
    '3 lignes lues : 2 prospects à importer, 1 ligne en erreur.',
  );
  const errors = wizard.getByTestId('import-errors');
  await expect(errors.getByRole('row').filter({ hasText: 'Adresse e-mail invalide' })).toContainText('4');
  await expect(errors).toContainText('Au moins 2 caractères');
  const preview = wizard.getByTestId('import-preview');
  await expect(preview).toContainText(`Zoé Lefèvre${suffix}`);
  await expect(preview).toContainText('Société : Dupont; Fils');
  await expect(preview).toContainText(`Benoît Çava${suffix}`);

  // Step 4: the real run.
  await wizard.getByRole('button', { name: 'Importer 2 prospects' }).click();
  await expect(wizard.getByTestId('import-result')).toContainText(
    '2 prospects importés. Non importés : 1 ligne en erreur.',
  );
  await wizard.getByRole('button', { name: 'Voir mes prospects' }).click();
  await expect(wizard).toBeHidden();
  await expect(page.getByTestId('prospect-row').filter({ hasText: `Zoé Lefèvre${suffix}` })).toContainText(
    'Suivi',
  );
  await expect(page.getByTestId('prospect-row').filter({ hasText: `Benoît Çava${suffix}` })).toContainText(
    'Prospection',
  );
  await expect(page.getByTestId('prospect-row').filter({ hasText: `Erreur${suffix}` })).toHaveCount(0);

  // 5. Searched without accents (debounced, kept in the address), then exported as filtered.
  await page.getByRole('textbox', { name: 'Rechercher' }).fill(`lefevre${suffix}`);
  await expect(page).toHaveURL(new RegExp(`query=lefevre${suffix}`));
  await expect(page.getByTestId('result-count')).toHaveText('1 prospect correspondant à votre recherche');
  await expect(page.getByTestId('prospect-row')).toHaveCount(1);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exporter' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^prospects-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = await readFile((await download.path())!, 'utf8');
  expect(exported.startsWith('\uFEFFPrénom;Nom;E-mail;Téléphone;Statut')).toBe(true);
  expect(exported).toContain(`Zoé;Lefèvre${suffix};zoe.${suffix}@exemple.fr`);
  expect(exported).toContain('"Dupont; Fils"');
  expect(exported).not.toContain(lastName);

  // 6. The merged view: the prospect and its (absent) current deal, its card one click away.
  await page.goto('/dashboard/merged');
  await expect(page.getByRole('heading', { name: 'Vue fusionnée', level: 1 })).toBeVisible();
  const merged = page.getByTestId('merged-row').filter({ hasText: fullName });
  await expect(merged).toContainText(email);
  await expect(merged).toContainText('Suivi');
  await expect(merged).toContainText('Aucune');
  await merged.getByRole('link', { name: fullName, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/prospects\?prospect=\d+/);
  await expect(page.getByRole('dialog', { name: fullName })).toBeVisible();
});

/** The page does not scroll sideways: wide tables scroll inside their own container. */
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

test(
  'the prospects pages are accessible in both colour schemes, down to 375 px',
  WALK,
  async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const desktop = await openSession(browser, baseURL!, { email: demo.setter });
    const list = await (
      await desktop.context.request.get('/api/v1/prospects?perPage=1&sortBy=nextActivityAt')
    ).json();
    const id = list.data[0]?.id as number | undefined;
    expect(id, 'a prospect of the demo setter').toBeTruthy();
    const withDeal = await (await desktop.context.request.get('/api/v1/prospects?perPage=100')).json();
    expect(
      withDeal.data.some((prospect: { currentDeal: unknown }) => prospect.currentDeal !== null),
      'a demo prospect with a current deal (merged view)',
    ).toBe(true);

    const pages = ['/dashboard/prospects', `/dashboard/prospects?prospect=${id}`, '/dashboard/merged'];
    await expectAccessiblePages(desktop.page, [
      ...pages,
      '/dashboard/prospects?prospect=new&state=follow_up',
    ]);

    // The import wizard, open on its first step.
    await desktop.page.goto('/dashboard/prospects');
    await desktop.page.getByRole('button', { name: 'Importer', exact: true }).click();
    await expect(desktop.page.getByRole('dialog', { name: 'Importer des prospects' })).toBeVisible();
    await desktop.page.evaluate(() =>
      Promise.all(document.getAnimations().map((animation) => animation.finished)),
    );
    expect(await seriousViolations(desktop.page), 'the import wizard').toEqual([]);

    const phone = await openSession(browser, baseURL!, {
      email: demo.setter,
      viewport: { width: 375, height: 740 },
    });
    await expectAccessiblePages(phone.page, pages);
    for (const path of pages) await expectNoPageOverflow(phone, path);

    for (const session of [desktop, phone]) {
      expect(session.cspViolations, 'Content-Security-Policy violations').toEqual([]);
      await session.context.close();
    }
  },
);
