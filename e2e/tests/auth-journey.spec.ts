import {
  chooseMenuItem,
  expect,
  finishOnboardingViaApi,
  mailLink,
  signIn,
  test,
  uniqueEmail,
} from '../support/fixtures';

test('sign up → verify the e-mail from the outbox link → dashboard → sign out → sign in again', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('setter');
  await page.goto('/auth/sign-up');
  await expect(page).toHaveTitle('Créer mon compte');
  await page.getByTestId('role-setter').click();
  await page.getByRole('textbox', { name: 'Prénom' }).fill('Lina');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Moreau');
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('un-mot-de-passe-solide');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();

  await expect(page).toHaveURL(/\/auth\/verify-email$/);
  await expect(page.getByRole('heading', { name: 'Vérifiez votre boîte mail' })).toBeVisible();

  const link = await mailLink(request, email, 'Confirmez votre adresse e-mail');
  // The dashboard needs a finished onboarding (its own journey is onboarding.spec.ts).
  await finishOnboardingViaApi(page, 'setter');
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/verify-email\/success$/);
  await expect(page.getByRole('heading', { name: 'Adresse e-mail vérifiée' })).toBeVisible();

  await page.getByRole('link', { name: /tableau de bord/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Lina Moreau' })).toBeVisible();
  const timeline = page.getByLabel('Activité récente');
  await expect(timeline.getByText('Enregistré')).toBeVisible();
  await expect(timeline.getByText('E-mail vérifié')).toBeVisible();

  await chooseMenuItem(page, page.getByTestId('user-menu'), 'Déconnexion');
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=%2Fdashboard/);

  await signIn(page, email, 'un-mot-de-passe-solide');
  await expect(page.getByLabel('Activité récente').getByText('Connecté', { exact: true })).toBeVisible();
});

test('sign-up shows the server’s field error for an e-mail already taken', async ({ page }) => {
  await page.goto('/auth/sign-up');
  await page.getByTestId('role-closer').click();
  await page.getByRole('textbox', { name: 'Prénom' }).fill('Paul');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Durand');
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill('setter@closia.fr');
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('un-mot-de-passe-solide');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText(/déjà utilisée|already been taken/i)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/sign-up/);
});

test('wrong credentials show a French error and keep the user on sign-in', async ({ page }) => {
  await page.goto('/auth/sign-in');
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill('setter@closia.fr');
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('pas-le-bon');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('E-mail ou mot de passe incorrect.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/sign-in/);
});

test('forgot password → reset link → sign in with the new password', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  // An account of its own, so the demo password stays as documented.
  await page.goto('/auth/sign-up');
  await page.getByTestId('role-infopreneur').click();
  await page.getByRole('textbox', { name: 'Prénom' }).fill('Nora');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Petit');
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('ancien-mot-de-passe');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/auth\/verify-email$/);
  await page.goto('/auth/sign-out');
  await expect(page).toHaveURL(/\/auth\/sign-in/);

  await page.goto('/auth/forgot-password');
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(email);
  await page.getByRole('button', { name: /envoyer/i }).click();
  await expect(page.getByText(/Si un compte existe/)).toBeVisible();

  await page.goto(await mailLink(request, email, 'Réinitialisation de votre mot de passe'));
  await page.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill('nouveau-mot-de-passe');
  await page
    .getByRole('textbox', { name: 'Confirmer le mot de passe', exact: true })
    .fill('nouveau-mot-de-passe');
  await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
  await expect(page.getByText(/mot de passe a été|réinitialisé/i).first()).toBeVisible();

  // A new account whose onboarding is not done lands on it.
  await signIn(page, email, 'nouveau-mot-de-passe', /\/onboarding\/infopreneur$/);
});
