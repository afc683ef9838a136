import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { createReadyUser } from '../support/accounts';
import { expect, mailLink, test, uniqueEmail } from '../support/fixtures';

/** A real 1×1 PNG (red pixel). */
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** The avatar image of the navigation's user menu. */
const navAvatar = (page: Page) => page.getByTestId('user-menu').locator('img');

/** A fresh user with a finished profile, signed in, on the settings page. */
async function openSettingsAsNewUser(page: Page, prefix: string) {
  const user = await createReadyUser(page.request, { prefix });
  await page.goto('/dashboard/settings');
  await expect(page).toHaveTitle('Paramètres');
  await expect(page.getByRole('heading', { name: 'Paramètres', level: 1 })).toBeVisible();
  return user;
}

test('the avatar changes at once in the navigation; a fake image is refused and the previous one kept', async ({
  page,
}) => {
  await openSettingsAsNewUser(page, 'avatar');
  await expect(navAvatar(page)).toHaveCount(0);

  await page.getByTestId('profile-picture-input').setInputFiles({
    name: 'moi.png',
    mimeType: 'image/png',
    buffer: onePixelPng,
  });
  await expect(navAvatar(page)).toHaveAttribute('src', /\/api\/v1\/user\/upload\//);
  const uploaded = await navAvatar(page).getAttribute('src');
  // The image is really served.
  const image = await page.request.get(uploaded!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toContain('image/');

  // A text file renamed .png: the server checks the content and refuses it.
  await page.getByTestId('profile-picture-input').setInputFiles({
    name: 'pas-une-image.png',
    mimeType: 'image/png',
    buffer: Buffer.from('Ceci est un simple fichier texte, pas une image.\n'),
  });
  const photos = page.getByRole('region', { name: 'Photos' });
  await expect(photos.getByRole('alert')).toContainText('Formats acceptés : JPEG, PNG ou WebP');
  await expect(navAvatar(page)).toHaveAttribute('src', uploaded!);

  // Checked before sending: a file type the server does not accept.
  await page.getByTestId('profile-picture-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('texte'),
  });
  await expect(photos.getByRole('alert')).toHaveText('Formats acceptés : JPEG, PNG ou WebP');

  await page.reload();
  await expect(navAvatar(page)).toHaveAttribute('src', uploaded!);
});

test('identity and location are saved and still there after a reload', async ({ page }) => {
  await openSettingsAsNewUser(page, 'identity');

  const identity = page.getByRole('region', { name: 'Identité' });
  await identity.getByRole('textbox', { name: 'Prénom' }).fill('Élodie');
  await identity.getByRole('textbox', { name: 'Nom', exact: true }).fill('Lefèvre');
  await identity.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Identité enregistrée')).toBeVisible();

  const presentation = page.getByRole('region', { name: 'Présentation publique' });
  await presentation.getByRole('textbox', { name: 'Localisation' }).fill('Bordeaux, France');
  await presentation.getByRole('button', { name: 'Ajouter un lien' }).click();
  await presentation.getByRole('textbox', { name: 'Lien 1' }).fill('pas-une-url');
  await presentation.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(presentation.getByText(/URL invalide/)).toBeVisible();
  await presentation
    .getByRole('textbox', { name: 'Lien 1' })
    .fill('https://www.linkedin.com/in/elodie-lefevre');
  await presentation.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Présentation enregistrée')).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Identité' }).getByRole('textbox', { name: 'Prénom' }),
  ).toHaveValue('Élodie');
  await expect(
    page.getByRole('region', { name: 'Identité' }).getByRole('textbox', { name: 'Nom', exact: true }),
  ).toHaveValue('Lefèvre');
  const reloaded = page.getByRole('region', { name: 'Présentation publique' });
  await expect(reloaded.getByRole('textbox', { name: 'Localisation' })).toHaveValue('Bordeaux, France');
  await expect(reloaded.getByRole('textbox', { name: 'Lien 1' })).toHaveValue(
    'https://www.linkedin.com/in/elodie-lefevre',
  );
  // The navigation shows the new name.
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menu').getByText('Élodie Lefèvre')).toBeVisible();
});

test('data export downloads a JSON file holding the user’s e-mail', async ({ page }) => {
  const user = await openSettingsAsNewUser(page, 'export');
  const data = page.getByRole('region', { name: 'Mes données' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    data.getByRole('button', { name: 'Exporter mes données' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('closia-export.json');
  const text = await readFile((await download.path())!, 'utf8');
  const parsed = JSON.parse(text);
  expect(JSON.stringify(parsed)).toContain(user.email);
});

test('a user deletes their account and can no longer sign in', async ({ page }) => {
  const user = await openSettingsAsNewUser(page, 'delete');
  const data = page.getByRole('region', { name: 'Mes données' });
  await data.getByRole('button', { name: 'Supprimer mon compte' }).click();

  const dialog = page.getByRole('dialog', { name: 'Supprimer mon compte' });
  const confirm = dialog.getByRole('button', { name: 'Supprimer définitivement' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox').fill('pas la bonne adresse');
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox').fill(user.email);
  await expect(confirm).toBeEnabled();
  await confirm.click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Votre compte a été supprimé')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Connexion' })).toBeVisible();

  await page.goto('/auth/sign-in');
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('E-mail ou mot de passe incorrect.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/sign-in/);
});

test('e-mail change: password checked, link sent to the new address, confirmed from the link', async ({
  page,
  request,
}) => {
  const user = await openSettingsAsNewUser(page, 'email-old');
  const newEmail = uniqueEmail('email-new');
  const section = page.getByRole('region', { name: 'Adresse e-mail' });
  await expect(section.getByTestId('current-email')).toHaveText(user.email);
  await section.getByRole('button', { name: 'Changer d’adresse' }).click();
  await section.getByRole('textbox', { name: 'Nouvelle adresse e-mail' }).fill(newEmail);
  await section.getByLabel('Mot de passe actuel').fill('pas-le-bon-mot-de-passe');
  await section.getByRole('button', { name: 'Envoyer le lien de confirmation' }).click();
  await expect(section.getByText('Le mot de passe actuel est incorrect.')).toBeVisible();

  await section.getByLabel('Mot de passe actuel').fill(user.password);
  await section.getByRole('button', { name: 'Envoyer le lien de confirmation' }).click();
  await expect(section.getByRole('status')).toContainText(
    `Un lien de confirmation a été envoyé à ${newEmail}`,
  );
  // Unchanged until the link is followed.
  await expect(section.getByTestId('current-email')).toHaveText(user.email);

  await page.goto(await mailLink(request, newEmail, 'Confirmez votre nouvelle adresse e-mail'));
  await expect(page.getByText('Votre nouvelle adresse e-mail est confirmée')).toBeVisible();
  await page.getByRole('link', { name: 'Retour aux paramètres' }).click();
  await expect(page.getByRole('region', { name: 'Adresse e-mail' }).getByTestId('current-email')).toHaveText(
    newEmail,
  );
});

test('changing the account type erases the professional profile and restarts the onboarding', async ({
  page,
}) => {
  await openSettingsAsNewUser(page, 'switch');
  const section = page.getByRole('region', { name: 'Type de compte' });
  await expect(section.getByTestId('account-type')).toHaveText('Infopreneur');
  await section.getByRole('button', { name: 'Changer de type de compte' }).click();

  const dialog = page.getByRole('dialog', { name: 'Changer de type de compte' });
  await expect(dialog.getByText(/sera définitivement effacé/)).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Effacer mon profil et changer' });
  await expect(confirm).toBeDisabled();
  await dialog.getByText('Closer', { exact: true }).click();
  await confirm.click();

  await expect(page).toHaveURL(/\/onboarding/);
  const me = await (await page.request.get('/api/v1/user')).json();
  expect(me.role).toBe('closer');
  expect(me.infopreneur).toBeNull();
});

test('the privacy policy link of “Mes données” is underlined, not told apart by its colour alone', async ({
  page,
}) => {
  await openSettingsAsNewUser(page, 'link');
  const link = page
    .getByRole('region', { name: 'Mes données' })
    .getByRole('link', { name: 'politique de confidentialité' });
  await expect(link).toHaveCSS('text-decoration-line', 'underline');
  await link.click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the avatar does not cover the “Aucune bannière” placeholder', async ({ page }) => {
    await openSettingsAsNewUser(page, 'small');
    const placeholder = page.getByText('Aucune bannière');
    await placeholder.scrollIntoViewIfNeeded();
    await expect(placeholder).toBeVisible();
    const text = (await placeholder.boundingBox())!;
    const avatar = (await page.getByTestId('settings-avatar').boundingBox())!;
    const overlaps =
      text.x < avatar.x + avatar.width &&
      avatar.x < text.x + text.width &&
      text.y < avatar.y + avatar.height &&
      avatar.y < text.y + text.height;
    expect(overlaps).toBe(false);
  });
});
