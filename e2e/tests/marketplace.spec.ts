import type { Page } from '@playwright/test';
import { createReadyUser, NEW_USER_PASSWORD } from '../support/accounts';
import { apiSend } from '../support/api';
import { demo, expect, signIn, test, uniqueEmail } from '../support/fixtures';

/*
 * The marketplace journey of issue 7, in the browser, against the real API: an infopreneur creates
 * a training offer and asks for its validation, an admin approves it, the infopreneur publishes a
 * mission on it; a setter finds the mission with a misspelt, unaccented query and applies; the
 * infopreneur accepts the application.
 */

/** A fresh setter with a finished profile (5/10, selling since 2020), signed in on `page`. */
async function createReadySetter(page: Page) {
  const user = { firstName: 'Léa', lastName: `Setter${Date.now() % 100000}` };
  await apiSend(page.request, 'POST', '/api/v1/auth/register', {
    ...user,
    email: uniqueEmail('setter'),
    password: NEW_USER_PASSWORD,
    role: 'setter',
  });
  const sectors = await (await page.request.get('/api/v1/work-sectors?perPage=1')).json();
  await apiSend(page.request, 'PUT', '/api/v1/user/setter', {
    description: 'Setter depuis 2020, spécialisée dans la formation professionnelle.',
    workSectors: [sectors.data[0].id],
    conversionRate: 5,
    experience: '2020-01-01',
    skills: ['Cold calling'],
    finishedProfileSetup: true,
  });
  return { fullName: `${user.firstName} ${user.lastName}` };
}

test('an offer is reviewed, a mission published, found with a typo, applied to and accepted', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = `${Date.now() % 1_000_000}`;
  const offerName = `Négociation téléphonique avancée ${suffix}`;
  const missionTitle = `Setter pour Négociation ${suffix}`;

  // 1. A new infopreneur creates an offer and asks for its validation.
  await createReadyUser(page.request, { prefix: 'market-info' });
  await page.goto('/dashboard/services');
  await expect(page.getByRole('heading', { name: 'Mes offres de formation', level: 1 })).toBeVisible();
  await expect(page.getByText('Aucune offre pour le moment')).toBeVisible();
  await page.getByRole('button', { name: 'Nouvelle offre' }).first().click();

  const offerForm = page.getByRole('dialog', { name: 'Nouvelle offre de formation' });
  await offerForm.getByRole('textbox', { name: 'Nom de la formation' }).fill(offerName);
  await offerForm
    .getByRole('textbox', { name: 'Description' })
    .fill('Apprenez à mener un appel de vente de bout en bout, objections comprises.');
  await offerForm.getByRole('textbox', { name: 'Prix', exact: true }).fill('1500');
  await offerForm.getByRole('textbox', { name: 'Commission', exact: true }).fill('20');
  await expect(offerForm.getByText('Soit 300 € par vente')).toBeVisible();
  await offerForm.getByRole('textbox', { name: 'Durée', exact: true }).fill('35');
  await offerForm
    .getByRole('textbox', { name: 'Lien vers la formation' })
    .fill('https://exemple.fr/negociation');
  // No financing method: the message says what to choose.
  await offerForm.getByRole('button', { name: 'Créer l’offre' }).click();
  await expect(offerForm.getByText('Choisissez au moins un mode de financement')).toBeVisible();
  await expect(offerForm.getByText('Au moins 1 élément')).toHaveCount(0);
  // The sectors are searched as the API searches them: accents, case and punctuation ignored.
  const sectors = offerForm.getByRole('textbox', { name: 'Secteurs d’activité' });
  await sectors.fill('BIEN ETRE');
  await expect(page.getByRole('option', { name: 'Bien-être & santé' })).toBeVisible();
  await sectors.fill('');
  await offerForm.getByRole('textbox', { name: 'Modes de financement' }).click();
  await page.getByRole('option', { name: 'CPF' }).click();
  await page.keyboard.press('Escape');
  await expect(offerForm.getByRole('checkbox', { name: 'Demander la validation' })).toBeChecked();
  await offerForm.getByRole('button', { name: 'Créer l’offre' }).click();
  await expect(offerForm).toBeHidden();

  const offerCard = page.getByTestId('service-card').filter({ hasText: offerName });
  await expect(offerCard.getByTestId('review-status')).toHaveText('En attente de validation');
  await expect(
    offerCard.getByRole('button', { name: `Nouvelle mission pour « ${offerName} »` }),
  ).toBeDisabled();

  // 2. An admin approves it from the review queue.
  const adminContext = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const admin = await adminContext.newPage();
  await signIn(admin, demo.admin);
  await admin.goto('/admin/infopreneur-formations');
  await expect(admin.getByRole('heading', { name: 'Offres de formation', level: 1 })).toBeVisible();
  await admin.getByRole('textbox', { name: 'Rechercher' }).fill(suffix);
  const review = admin.getByTestId('review-card').filter({ hasText: offerName });
  await review.getByRole('button', { name: `Approuver « ${offerName} »` }).click();
  await expect(admin.getByText('Offre approuvée', { exact: true })).toBeVisible();
  await expect(review).toBeHidden();
  await adminContext.close();

  // 3. The infopreneur sees it approved and publishes a mission on it.
  await page.reload();
  await expect(offerCard.getByTestId('review-status')).toHaveText('Approuvé');
  await offerCard.getByRole('button', { name: `Nouvelle mission pour « ${offerName} »` }).click();
  const missionForm = page.getByRole('dialog', { name: `Nouvelle mission pour « ${offerName} »` });
  await missionForm.getByRole('textbox', { name: 'Titre' }).fill(missionTitle);
  await missionForm
    .getByRole('textbox', { name: 'Description' })
    .fill('Prise de rendez-vous qualifiés, leads fournis.');
  await missionForm.getByRole('textbox', { name: 'Profil recherché' }).click();
  await page.getByRole('option', { name: 'Setter', exact: true }).click();
  await missionForm.getByRole('textbox', { name: 'Taux de conversion minimum' }).fill('40');
  // The form says what each button does: publish now, or keep a draft.
  await expect(missionForm.getByTestId('mission-form-status')).toContainText('brouillon');
  await expect(missionForm.getByRole('button', { name: 'Publier' })).toBeVisible();
  await missionForm.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await expect(missionForm).toBeHidden();
  await expect(page.getByText('Brouillon enregistré')).toBeVisible();
  const missionRow = offerCard.getByTestId('mission-row').filter({ hasText: missionTitle });
  await expect(missionRow).toContainText('Brouillon');
  // The draft, opened again, is published from its form.
  await missionRow.getByRole('button', { name: `Modifier « ${missionTitle} »` }).click();
  const editForm = page.getByRole('dialog', { name: `Modifier « ${missionTitle} »` });
  await expect(editForm.getByTestId('mission-form-status')).toContainText('Cette mission est un brouillon');
  await editForm.getByRole('button', { name: 'Publier' }).click();
  await expect(editForm).toBeHidden();
  await expect(page.getByText('Mission publiée')).toBeVisible();
  await expect(missionRow).toContainText('Publiée');
  await expect(missionRow).toContainText('Ouverte');
  // Published, its form only saves changes.
  await missionRow.getByRole('button', { name: `Modifier « ${missionTitle} »` }).click();
  await expect(editForm.getByRole('button', { name: 'Enregistrer', exact: true })).toBeVisible();
  await expect(editForm.getByRole('button', { name: 'Publier' })).toHaveCount(0);
  await editForm.getByRole('button', { name: 'Annuler' }).click();
  await expect(editForm).toBeHidden();

  // 4. A setter finds it with a misspelt, unaccented query and applies.
  const setterContext = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const setterPage = await setterContext.newPage();
  const setter = await createReadySetter(setterPage);
  await setterPage.goto('/app/missions');
  await expect(setterPage.getByRole('heading', { name: 'Recherche de Missions', level: 1 })).toBeVisible();
  await setterPage.getByRole('textbox', { name: 'Rechercher une mission' }).fill('negociaton');
  await expect(setterPage).toHaveURL(/query=negociaton/);
  const card = setterPage.getByTestId('mission-card').filter({ hasText: missionTitle });
  await expect(card).toBeVisible();
  await expect(card).toContainText('300 €');
  await card.getByRole('link', { name: missionTitle }).click();
  await expect(setterPage).toHaveURL(/\/app\/missions\/\d+$/);
  const missionUrl = new URL(setterPage.url()).pathname;
  await expect(setterPage.getByRole('heading', { name: missionTitle, level: 1 })).toBeVisible();
  await setterPage
    .getByRole('textbox', { name: 'Votre message' })
    .fill('Bonjour, setter depuis 2020 sur des formations CPF, je suis disponible dès cette semaine.');
  await setterPage.getByRole('button', { name: 'Postuler' }).click();
  await expect(setterPage.getByTestId('my-application')).toContainText('En attente');
  await setterContext.close();

  // 5. The infopreneur accepts the application from the mission's page.
  await page.goto(missionUrl);
  const applicants = page.getByTestId('applicant-list');
  await expect(applicants.getByRole('link', { name: setter.fullName })).toBeVisible();
  await applicants.getByRole('button', { name: `Accepter la candidature de ${setter.fullName}` }).click();
  await expect(applicants.getByText('Acceptée')).toBeVisible();
});

test('a mission search keeps its filters in the address; "Pour moi" ranks by match; a star lands in the favorites', async ({
  page,
}) => {
  await signIn(page, demo.setter);
  await page.goto('/app/missions?financingMethods=cpf&missionType=closer');
  await expect(page.getByRole('radio', { name: /^Closer/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /^CPF/ })).toBeChecked();
  // The filters live in the address: the box shows checked once the navigation is done.
  await page.getByRole('checkbox', { name: /^Qualiopi/ }).click();
  await expect(page.getByRole('checkbox', { name: /^Qualiopi/ })).toBeChecked();
  await expect(page).toHaveURL(/certifications=qualiopi/);
  await expect(page).toHaveURL(/financingMethods=cpf/);
  await expect(page.getByTestId('result-count')).toBeVisible();

  // "Pour moi": ranked for the setter's profile, each card with its score and reasons.
  await page.goto('/app/missions');
  await page.getByRole('switch', { name: /Pour moi/ }).click();
  await expect(page).toHaveURL(/forMe=1/);
  await expect(page.getByRole('textbox', { name: 'Trier par' })).toHaveValue('Meilleure correspondance');
  const first = page.getByTestId('mission-card').first();
  await expect(first.getByTestId('match-details')).toBeVisible();

  // A star on a card puts the mission in the favorites. The card is found by its title from then on
  // (the first card may change while the list settles), and the star shows pressed at once: the
  // page is left only once the API lists the favorite, or leaving it could cancel the request.
  const title = (await first.getByRole('heading').textContent())!.trim();
  const star = page.getByTestId('mission-card').filter({ hasText: title }).getByTestId('favorite-button');
  if ((await star.getAttribute('aria-pressed')) !== 'true') {
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(
        async () => {
          const res = await page.request.get('/api/v1/favorites?kind=mission&perPage=50');
          const starred = (await res.json()).data as { mission: { title: string } | null }[];
          return starred.some((favorite) => favorite.mission?.title === title);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
  }
  await page.goto('/dashboard/favorites?kind=mission');
  await expect(page.getByRole('tab', { name: 'Missions' })).toHaveAttribute('aria-selected', 'true');
  const favorite = page.getByTestId('mission-card').filter({ hasText: title });
  await expect(favorite).toBeVisible();
  // Unstarred from the favorites, it leaves the list.
  await favorite.getByTestId('favorite-button').click();
  await expect(favorite).toBeHidden();
});
