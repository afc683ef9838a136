import type { Page } from '@playwright/test';
import { demo, expect, signIn, test, uniqueEmail } from '../support/fixtures';

const PASSWORD = 'un-mot-de-passe-solide';
type Role = 'setter' | 'closer' | 'setter-closer' | 'infopreneur';

/** Signs a new account up through the real form; it is then signed in, onboarding not started. */
async function signUp(page: Page, role: Role, firstName: string, lastName: string) {
  const email = uniqueEmail(role);
  await page.goto('/auth/sign-up');
  await page.getByTestId(`role-${role}`).click();
  await page.getByRole('textbox', { name: 'Prénom' }).fill(firstName);
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(lastName);
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/auth\/verify-email$/);
  return email;
}

/** Picks the first option of a searchable multi-select matching `search`; returns its name. */
async function pickOption(page: Page, field: string, search: string) {
  const input = page.getByRole('textbox', { name: field });
  await input.click();
  await input.fill(search);
  const option = page.getByRole('option').first();
  await expect(option).toContainText(new RegExp(search, 'i'));
  const name = (await option.innerText()).trim();
  await option.click();
  return name;
}

/** Types a name the list does not know and proposes it through the "create" option. */
async function proposeOption(page: Page, field: string, name: string, createLabel: RegExp) {
  const input = page.getByRole('textbox', { name: field });
  await input.click();
  await input.fill(name);
  await page.getByRole('option', { name: createLabel }).click();
  await expect(input).toHaveValue('');
  await page.keyboard.press('Escape');
}

const next = (page: Page) => page.getByRole('button', { name: 'Suivant' }).click();

test('a new setter completes the onboarding and finds it all on their public profile', async ({ page }) => {
  const suffix = Date.now().toString(36);
  await signUp(page, 'setter', 'Lina', 'Moreau');

  // Unfinished onboarding: the dashboard sends to /onboarding, which opens the setter track.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/onboarding\/setter$/);
  await expect(page.getByRole('heading', { name: 'Bienvenue Lina !' })).toBeVisible();
  await page.getByRole('link', { name: 'Commencer' }).click();

  // 1. Description: required, saved before moving on.
  await expect(page).toHaveURL(/\/onboarding\/setter\/description$/);
  await next(page);
  await expect(page.getByText('Écrivez quelques lignes pour vous présenter')).toBeVisible();
  await expect(page).toHaveURL(/\/description$/);
  const description =
    'Setter depuis trois ans, je prends des rendez-vous qualifiés pour des formations business.';
  await page.getByRole('textbox', { name: 'Présentation' }).fill(description);
  await expect(page.getByTestId('description-counter')).toContainText(`${description.length} / 2 500`);
  await next(page);

  // 2. Experience: month and year → "≈ 3 ans d’expérience".
  await expect(page).toHaveURL(/\/onboarding\/setter\/experience$/);
  const startYear = String(new Date().getFullYear() - 3);
  await page.getByRole('textbox', { name: 'Mois' }).click();
  await page.getByRole('option', { name: 'Janvier' }).click();
  await page.getByRole('textbox', { name: 'Année' }).click();
  await page.getByRole('option', { name: startYear, exact: true }).click();
  await expect(page.getByTestId('experience-summary')).toHaveText('≈ 3 ans d’expérience');
  await next(page);

  // 3. Formations: a name the catalogue does not know, with a link.
  await expect(page).toHaveURL(/\/onboarding\/setter\/formations$/);
  const formation = `Closing Academy ${suffix}`;
  const row = page.getByRole('group', { name: 'Formation 1' });
  await row.getByRole('textbox', { name: 'Nom' }).fill(formation);
  await page.keyboard.press('Escape');
  await row.getByRole('textbox', { name: 'Lien (facultatif)' }).fill('https://exemple.fr/closing-academy');
  await next(page);

  // 4. Skills: one from the list, one proposed (usable at once, "à valider").
  await expect(page).toHaveURL(/\/onboarding\/setter\/skills$/);
  const listedSkill = await pickOption(page, 'Compétences', 'Cold');
  const newSkill = `Jonglage commercial ${suffix}`;
  await proposeOption(page, 'Compétences', newSkill, /Ajouter la compétence/);
  const skills = page.getByTestId('skills-select');
  await expect(skills.getByText(listedSkill)).toBeVisible();
  await expect(skills.getByText(newSkill)).toBeVisible();
  await expect(skills.getByText('à valider')).toBeVisible();
  // A new one typed, then Enter: added (proposed too), and the step is not sent.
  const skillInput = page.getByRole('textbox', { name: 'Compétences' });
  const enteredSkill = `Prospection Instagram ${suffix}`;
  await skillInput.fill(enteredSkill);
  await skillInput.press('Enter');
  await expect(skillInput).toHaveValue('');
  await expect(skills.getByText(enteredSkill)).toBeVisible();
  await expect(skills.getByText('à valider')).toHaveCount(2);
  await expect(page).toHaveURL(/\/onboarding\/setter\/skills$/);
  // One left typed when "Suivant" is clicked: added before the step is saved, not lost.
  const typedSkill = `Relance WhatsApp ${suffix}`;
  await skillInput.fill(typedSkill);
  await page.keyboard.press('Escape');
  await expect(skillInput).toHaveValue(typedSkill);
  await next(page);

  // 5. Work sectors.
  await expect(page).toHaveURL(/\/onboarding\/setter\/work-sectors$/);
  const sector = await pickOption(page, 'Secteurs d’activité', 'Bien');
  await page.keyboard.press('Escape');
  await next(page);

  // 6. Conversion rate → finish.
  await expect(page).toHaveURL(/\/onboarding\/setter\/conversion$/);
  await page.getByRole('textbox', { name: 'Ventes sur 10 appels' }).fill('4,5');
  await expect(page.getByTestId('conversion-preview')).toHaveText('4,5/10');
  await page.getByRole('button', { name: 'Terminer' }).click();

  await expect(page).toHaveURL(/\/onboarding\/finish$/);
  await expect(page.getByRole('heading', { name: 'Bravo Lina, votre profil est prêt !' })).toBeVisible();
  await page.getByRole('link', { name: 'Voir mon profil public' }).click();

  await expect(page).toHaveURL(/\/app\/user\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Lina Moreau', level: 1 })).toBeVisible();
  await expect(page.getByTestId('user-type')).toHaveText('Setter');
  await expect(page.getByTestId('profile-description')).toContainText(description);
  await expect(page.getByTestId('experience')).toHaveText('3 ans d’expérience');
  await expect(page.getByTestId('conversion-rate')).toHaveText('4,5/10');
  await expect(page.getByTestId('profile-skills').getByText(listedSkill)).toBeVisible();
  await expect(page.getByTestId('profile-skills').getByText(newSkill)).toBeVisible();
  await expect(page.getByTestId('profile-skills').getByText(enteredSkill)).toBeVisible();
  await expect(page.getByTestId('profile-skills').getByText(typedSkill)).toBeVisible();
  await expect(page.getByTestId('profile-work-sectors').getByText(sector)).toBeVisible();
  const formationLink = page.getByTestId('profile-formations').getByRole('link', { name: formation });
  await expect(formationLink).toHaveAttribute('href', 'https://exemple.fr/closing-academy');
  await expect(formationLink).toHaveAttribute('target', '_blank');
  await expect(formationLink).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByRole('link', { name: 'Modifier mon profil' })).toHaveAttribute(
    'href',
    '/dashboard/settings',
  );

  // Finished: the dashboard opens, and /onboarding leads there.
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('profile-completeness')).toBeVisible();
});

test('a new infopreneur completes their track, proposing a new work sector', async ({ page }) => {
  const suffix = Date.now().toString(36);
  await signUp(page, 'infopreneur', 'Nora', 'Petit');
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/onboarding\/infopreneur$/);
  await expect(page.getByText('2 étapes')).toBeVisible();
  await page.getByRole('link', { name: 'Commencer' }).click();

  await expect(page).toHaveURL(/\/onboarding\/infopreneur\/description$/);
  await expect(page.getByRole('heading', { name: 'Présentez votre activité' })).toBeVisible();
  const description = 'Je forme les indépendants à la gestion de leur activité et je recrute des closers.';
  await page.getByRole('textbox', { name: 'Présentation' }).fill(description);
  await next(page);

  await expect(page).toHaveURL(/\/onboarding\/infopreneur\/work-sectors$/);
  await page.getByRole('button', { name: 'Terminer' }).click();
  await expect(page.getByText('Choisissez au moins un secteur')).toBeVisible();
  // The search ignores accents, case, punctuation and an unfinished word, and proposes no
  // near-duplicate of a sector it finds; Enter picks the best match.
  const sectorInput = page.getByRole('textbox', { name: 'Secteurs d’activité' });
  for (const query of ['bien etre', 'BIEN-ETRE', 'bien etr']) {
    await sectorInput.fill(query);
    await expect(page.getByRole('option').first()).toHaveText('Bien-être & santé');
    await expect(page.getByRole('option', { name: /Proposer un secteur/ })).toHaveCount(0);
  }
  await sectorInput.press('Enter');
  await expect(sectorInput).toHaveValue('');
  await expect(page.getByTestId('work-sectors-select').getByText('Bien-être & santé')).toBeVisible();
  await page.keyboard.press('Escape');
  const sector = `Apiculture urbaine ${suffix}`;
  await proposeOption(page, 'Secteurs d’activité', sector, /Proposer un secteur/);
  const select = page.getByTestId('work-sectors-select');
  await expect(select.getByText(sector)).toBeVisible();
  await expect(select.getByText('à valider')).toBeVisible();
  // Back and forth keeps what was saved.
  await page.getByRole('link', { name: 'Retour' }).click();
  await expect(page.getByRole('textbox', { name: 'Présentation' })).toHaveValue(description);
  await next(page);
  await expect(page).toHaveURL(/\/work-sectors$/);
  // Not saved yet, but the proposal is now in the list (the user's own, still "à valider").
  await pickOption(page, 'Secteurs d’activité', sector);
  await page.keyboard.press('Escape');
  await expect(select.getByText('à valider')).toBeVisible();
  await page.getByRole('button', { name: 'Terminer' }).click();

  await expect(page).toHaveURL(/\/onboarding\/finish$/);
  await expect(page.getByRole('heading', { name: 'Bravo Nora, votre profil est prêt !' })).toBeVisible();
  await page.getByRole('link', { name: 'Voir mon profil public' }).click();
  await expect(page).toHaveURL(/\/app\/user\/\d+$/);
  await expect(page.getByTestId('user-type')).toHaveText('Infopreneur');
  await expect(page.getByTestId('profile-description')).toContainText(description);
  await expect(page.getByTestId('profile-work-sectors').getByText(sector)).toBeVisible();
  await expect(page.getByTestId('profile-services')).toBeVisible();
  await expect(page.getByTestId('profile-missions')).toBeVisible();

  await page.goto('/onboarding/finish');
  await page.getByRole('link', { name: 'Aller au tableau de bord' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: /Mes offres/ }).first()).toBeVisible();
});

test('leaving the onboarding midway and signing in again resumes at the next step', async ({ page }) => {
  const email = await signUp(page, 'closer', 'Paul', 'Durand');
  await page.goto('/onboarding');
  await page.getByRole('link', { name: 'Commencer' }).click();
  const description = 'Closer high ticket, à l’aise au téléphone.';
  await page.getByRole('textbox', { name: 'Présentation' }).fill(description);
  await next(page);
  await expect(page).toHaveURL(/\/onboarding\/closer\/experience$/);
  await page.getByRole('textbox', { name: 'Mois' }).click();
  await page.getByRole('option', { name: 'Juin' }).click();
  await page.getByRole('textbox', { name: 'Année' }).click();
  await page.getByRole('option', { name: '2020', exact: true }).click();
  await next(page);
  await expect(page).toHaveURL(/\/onboarding\/closer\/formations$/);

  await page.getByRole('link', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in/);

  await signIn(page, email, PASSWORD, /\/onboarding\/closer\/formations$/);
  await expect(page.getByRole('heading', { name: 'Vos formations' })).toBeVisible();
  // The start page offers to resume too, and the earlier steps kept their values.
  await page.goto('/onboarding/closer');
  await expect(page.getByRole('link', { name: 'Reprendre : Formations' })).toBeVisible();
  await page.goto('/onboarding/closer/experience');
  await expect(page.getByRole('textbox', { name: 'Mois' })).toHaveValue('Juin');
  await expect(page.getByRole('textbox', { name: 'Année' })).toHaveValue('2020');
  await page.getByRole('link', { name: 'Retour' }).click();
  await expect(page.getByRole('textbox', { name: 'Présentation' })).toHaveValue(description);
});

test('an unfinished onboarding sends /dashboard and the app to /onboarding; the finish page lists what is missing', async ({
  page,
}) => {
  await signUp(page, 'setter-closer', 'Inès', 'Martin');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/onboarding\/setter-closer$/);
  await page.goto('/app/missions');
  await expect(page).toHaveURL(/\/onboarding\/setter-closer$/);

  // Straight to the finish page: the server's missing fields, each linking to its step.
  await page.goto('/onboarding/finish');
  await expect(page.getByRole('heading', { name: 'Il manque encore quelques informations' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Votre présentation' })).toHaveAttribute(
    'href',
    '/onboarding/setter-closer/description',
  );
  await expect(page.getByRole('link', { name: 'Au moins une compétence' })).toHaveAttribute(
    'href',
    '/onboarding/setter-closer/skills',
  );
  await page.getByRole('link', { name: 'Votre taux de conversion' }).click();
  await expect(page).toHaveURL(/\/onboarding\/setter-closer\/conversion$/);

  // Another track's pages lead back to the user's own.
  await page.goto('/onboarding/infopreneur/description');
  await expect(page).toHaveURL(/\/onboarding\/setter-closer$/);

  // An admin without a professional profile is not held back.
  await page.goto('/auth/sign-out');
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await signIn(page, demo.admin);
  await page.goto('/app/missions');
  await expect(page).toHaveURL(/\/app\/missions$/);
});

test('changing the profile type during the onboarding goes back to the type choice', async ({ page }) => {
  await signUp(page, 'closer', 'Hugo', 'Bernard');
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/onboarding\/closer$/);
  await page.getByRole('button', { name: 'Changer de type de profil' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Changer de type' }).click();

  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Bienvenue Hugo !' })).toBeVisible();
  await page.getByTestId('type-setter').click();
  await expect(page).toHaveURL(/\/onboarding\/setter$/);
  await expect(page.getByText('Créons votre profil de Setter.')).toBeVisible();
});

test('a work sector an admin adds is offered at once in the onboarding', async ({ page }) => {
  const sector = `Numérologie ${Date.now().toString(36)}`;
  await signIn(page, demo.admin);
  await page.goto('/admin/work-sectors');
  await page.getByRole('button', { name: 'Nouveau secteur' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau secteur' });
  await dialog.getByRole('textbox', { name: 'Nom' }).fill(sector);
  await dialog.getByRole('button', { name: 'Ajouter' }).click();
  await expect(page.getByText('Secteur ajouté')).toBeVisible();
  await page.goto('/auth/sign-out');
  await expect(page).toHaveURL(/\/auth\/sign-in/);

  await signUp(page, 'closer', 'Hugo', 'Lambert');
  await page.goto('/onboarding/closer/work-sectors');
  expect(await pickOption(page, 'Secteurs d’activité', sector)).toBe(sector);
  await page.keyboard.press('Escape');
  // An admin's sector is approved: no "à valider" mark.
  await expect(page.getByTestId('work-sectors-select').getByText(sector)).toBeVisible();
  await expect(page.getByTestId('work-sectors-select').getByText('à valider')).toHaveCount(0);
});
