import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { type AccountSession, expectAccessiblePages, openSession, WALK } from '../support/a11y';
import { createReadyUser, NEW_USER_PASSWORD } from '../support/accounts';
import { apiSend } from '../support/api';
import { expect, test, uniqueEmail } from '../support/fixtures';

/*
 * The webinars of issue 21, in the browser, against the real API: an infopreneur creates a webinar
 * (leads kept by the organiser) through the form — lists edited and reordered, the start picked in
 * the calendar; a setter from another account finds it, registers with the consent box ticked,
 * sees the join button and the calendar menu; the infopreneur sees the registrant with the consent
 * and exports the CSV. A webinar starting in a few minutes opens the join button; a stranger is
 * kept from the replay. The pages pass axe in both colour schemes, down to 375 px.
 */

const CONSENT = /J’accepte que l’organisateur et son équipe commerciale me contactent/;

/** A fresh setter with a finished profile, signed in on `request`. */
async function createReadySetter(request: APIRequestContext, firstName: string, lastName: string) {
  const email = uniqueEmail('webinar-setter');
  await apiSend(request, 'POST', '/api/v1/auth/register', {
    firstName,
    lastName,
    email,
    password: NEW_USER_PASSWORD,
    role: 'setter',
  });
  const sectors = await (await request.get('/api/v1/work-sectors?perPage=1')).json();
  await apiSend(request, 'PUT', '/api/v1/user/setter', {
    description: 'Setter spécialisée dans la formation professionnelle.',
    workSectors: [sectors.data[0].id],
    conversionRate: 5,
    experience: '2021-01-01',
    skills: ['Cold calling'],
    finishedProfileSetup: true,
  });
  return { email, fullName: `${firstName} ${lastName}` };
}

async function newSession(browser: Browser, baseURL: string, viewport?: { width: number; height: number }) {
  return openSession(browser, baseURL, viewport ? { viewport } : {});
}

const DESCRIPTION =
  'Une heure pour apprendre à conclure une vente de formation sans pression : objections, relances et exemples réels.';

/** A webinar created through the API, starting in `minutes`. */
async function createWebinarViaApi(request: APIRequestContext, title: string, minutes: number) {
  const start = new Date(Date.now() + minutes * 60_000);
  start.setSeconds(0, 0);
  return (await apiSend(request, 'POST', '/api/v1/webinars', {
    title,
    description: DESCRIPTION,
    startTime: start.toISOString(),
    durationMinutes: 60,
    platform: 'zoom',
    platformUrl: 'https://zoom.us/j/123456789',
    price: 0,
    leadMode: 'keep',
  })) as { id: number };
}

async function expectNoPageOverflow(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(widths.page, `${path} fits a ${widths.screen} px screen`).toBeLessThanOrEqual(widths.screen);
}

test('an infopreneur creates a webinar, a setter registers with consent, the infopreneur sees the registrant', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const suffix = `${Date.now() % 1_000_000}`;
  const title = `Closer sans forcer ${suffix}`;

  // 1. The infopreneur creates it through the form.
  const host = await newSession(browser, baseURL!);
  const page = host.page;
  await createReadyUser(page.request, { prefix: 'webinar-host' });
  await page.goto('/app/our-webinars');
  await expect(page.getByRole('heading', { name: 'Nos webinaires', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('tab', { name: 'Mes webinaires' })).toBeVisible();
  await page.getByRole('link', { name: 'Créer un webinaire' }).first().click();
  await expect(page).toHaveURL(/\/app\/our-webinars\/create$/);
  await expect(page.getByRole('heading', { name: 'Nouveau webinaire', level: 1 })).toBeVisible();

  // Required fields are checked before anything is sent.
  await page.getByRole('button', { name: 'Créer le webinaire' }).click();
  await expect(page.getByRole('textbox', { name: 'Titre', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page).toHaveURL(/\/create$/);

  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Description' }).first().fill(DESCRIPTION);
  await page.getByRole('button', { name: 'Début' }).click();
  await page.getByRole('button', { name: 'Mois suivant' }).click();
  await page.getByRole('button', { name: /^15 / }).click();
  await page.getByRole('button', { name: 'Valider la date et l’heure' }).click();
  await page.getByRole('textbox', { name: 'Plateforme' }).click();
  await page.getByRole('option', { name: 'Zoom' }).click();
  await page.getByRole('textbox', { name: 'Lien de la salle' }).fill('https://zoom.us/j/987654321');

  await page.getByRole('button', { name: 'Ajouter un intervenant' }).click();
  await page
    .getByRole('group', { name: 'Intervenant 1' })
    .getByRole('textbox', { name: 'Nom' })
    .fill('Alice Martin');
  await page.getByRole('button', { name: 'Ajouter une séquence' }).click();
  await page
    .getByRole('group', { name: 'Séquence 1' })
    .getByRole('textbox', { name: 'Titre' })
    .fill('Questions');
  await page.getByRole('button', { name: 'Ajouter une séquence' }).click();
  await page
    .getByRole('group', { name: 'Séquence 2' })
    .getByRole('textbox', { name: 'Titre' })
    .fill('Accueil');
  // Reordered: "Accueil" first.
  await page.getByRole('button', { name: 'Monter « Séquence 2 »' }).click();
  await expect(
    page.getByRole('group', { name: 'Séquence 1' }).getByRole('textbox', { name: 'Titre' }),
  ).toHaveValue('Accueil');
  await page.getByRole('button', { name: 'Ajouter un élément' }).click();
  await page.getByRole('group', { name: 'Élément 1' }).getByRole('textbox').fill('Questions-réponses');
  await expect(page.getByRole('radio', { name: 'Je garde les inscrits comme prospects' })).toBeChecked();

  await page.getByRole('button', { name: 'Créer le webinaire' }).click();
  await expect(page).toHaveURL(/\/app\/our-webinars\/\d+$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByTestId('countdown')).toContainText('Commence dans');
  await expect(page.getByRole('region', { name: 'Programme' })).toContainText(/Accueil[\s\S]*Questions/);
  await expect(page.getByRole('region', { name: 'Intervenants' })).toContainText('Alice Martin');
  await expect(page.getByRole('region', { name: 'Inscrits' })).toContainText('Aucun inscrit pour le moment');

  // 2. A setter, from another account, finds it and registers with the consent box ticked.
  const guest = await newSession(browser, baseURL!);
  const setter = await createReadySetter(guest.page.request, 'Léa', `Inscrite${suffix}`);
  await guest.page.goto(`/app/our-webinars?query=${encodeURIComponent(title)}`);
  const card = guest.page.getByTestId('webinar-card').filter({ hasText: title });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText('Gratuit');
  await expect(card).toContainText('Aucun inscrit');
  await card.getByRole('link', { name: `S’inscrire à « ${title} »` }).click();
  await expect(guest.page).toHaveURL(new RegExp(`/app/our-webinars/${id}$`));
  const consent = guest.page.getByRole('checkbox', { name: CONSENT });
  await expect(consent).not.toBeChecked();
  await consent.check();
  await guest.page.getByRole('button', { name: 'S’inscrire' }).click();
  await expect(guest.page.getByTestId('registered-note')).toBeVisible();
  // Not open yet: the join button opens 15 minutes before the start.
  await expect(guest.page.getByRole('button', { name: 'Rejoindre' })).toBeDisabled();
  await expect(guest.page.getByRole('switch', { name: /J’accepte d’être contacté/ })).toBeChecked();
  await guest.page.getByRole('button', { name: 'Ajouter à mon agenda' }).click();
  await expect(guest.page.getByRole('menuitem', { name: 'Google Agenda' })).toHaveAttribute(
    'href',
    /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
  );
  await expect(guest.page.getByRole('menuitem', { name: /Fichier \.ics/ })).toHaveAttribute(
    'href',
    `/api/v1/webinars/${id}/calendar.ics`,
  );
  await guest.page.keyboard.press('Escape');
  const ics = await guest.page.request.get(`/api/v1/webinars/${id}/calendar.ics`);
  expect(ics.headers()['content-type']).toContain('text/calendar');
  // In the "Mes inscriptions" tab.
  await guest.page.goto('/app/our-webinars?when=registered');
  await expect(guest.page.getByTestId('webinar-card').filter({ hasText: title })).toContainText('Inscrit ✓');

  // 3. The infopreneur sees the registrant, with the consent, and exports the CSV.
  await page.reload();
  const row = page.getByTestId('registrant-row').filter({ hasText: setter.fullName });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText(setter.email);
  await expect(row).toContainText('Oui');
  const csvHref = await page.getByRole('link', { name: 'Exporter en CSV' }).getAttribute('href');
  expect(csvHref).toBe(`/api/v1/webinars/${id}/registrations?format=csv`);
  const csv = await page.request.get(csvHref!);
  expect(csv.ok()).toBe(true);
  expect(await csv.text()).toContain(setter.email);

  for (const session of [host, guest]) {
    expect(session.cspViolations, 'Content-Security-Policy violations').toEqual([]);
    await session.context.close();
  }
});

test('the join button opens before the start; the replay is kept from strangers', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = `${Date.now() % 1_000_000}`;
  const host = await newSession(browser, baseURL!);
  await createReadyUser(host.page.request, { prefix: 'webinar-host' });
  const soon = await createWebinarViaApi(host.page.request, `Démarre bientôt ${suffix}`, 10);

  const guest = await newSession(browser, baseURL!);
  await createReadySetter(guest.page.request, 'Noé', `Presse${suffix}`);
  await guest.page.goto(`/app/our-webinars/${soon.id}`);
  await guest.page.getByRole('button', { name: 'S’inscrire' }).click();
  const join = guest.page.getByRole('link', { name: 'Rejoindre' });
  await expect(join).toBeVisible();
  await expect(join).toHaveAttribute('href', /\/w\/[^/]+$/);

  // Someone who did not register: no replay.
  const stranger = await newSession(browser, baseURL!);
  await createReadySetter(stranger.page.request, 'Jules', `Curieux${suffix}`);
  await stranger.page.goto(`/app/our-webinars/replay/${soon.id}`);
  await expect(stranger.page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(stranger.page.getByRole('status')).toContainText(/Replay (réservé aux inscrits|indisponible)/);
  await expect(stranger.page.getByRole('link', { name: 'Voir les webinaires à venir' })).toBeVisible();

  for (const session of [host, guest, stranger]) {
    expect(session.cspViolations, 'Content-Security-Policy violations').toEqual([]);
    await session.context.close();
  }
});

/** A fresh infopreneur with a webinar tomorrow, and the pages to check. */
async function a11ySetup(browser: Browser, baseURL: string) {
  const setup = await newSession(browser, baseURL);
  const host = await createReadyUser(setup.page.request, { prefix: 'webinar-a11y' });
  const webinar = await createWebinarViaApi(
    setup.page.request,
    `Accessible ${Date.now() % 1_000_000}`,
    60 * 24,
  );
  await setup.context.close();
  const pages = [
    '/app/our-webinars',
    '/app/our-webinars?when=mine',
    '/app/our-webinars?when=registered',
    `/app/our-webinars/${webinar.id}`,
    '/app/our-webinars/create',
    `/app/our-webinars/edit/${webinar.id}`,
    `/app/our-webinars/replay/${webinar.id}`,
  ];
  return { host, pages };
}

test('the webinar pages are accessible in both colour schemes', WALK, async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const { host, pages } = await a11ySetup(browser, baseURL!);
  const desktop: AccountSession = await openSession(browser, baseURL!, {
    email: host.email,
    password: host.password,
  });
  // The lists as a member sees them are walked by accessibility.spec.ts; here the host's own pages.
  const listed = new Set(['/app/our-webinars', '/app/our-webinars?when=registered']);
  await expectAccessiblePages(
    desktop.page,
    pages.filter((path) => !listed.has(path)),
  );
  expect(desktop.cspViolations, 'Content-Security-Policy violations').toEqual([]);
  await desktop.context.close();
});

test(
  'the webinar pages are accessible on a 375 px screen, without sideways scrolling',
  WALK,
  async ({ browser, baseURL }) => {
    test.setTimeout(300_000);
    const { host, pages } = await a11ySetup(browser, baseURL!);
    const phone = await openSession(browser, baseURL!, {
      email: host.email,
      password: host.password,
      viewport: { width: 375, height: 740 },
    });
    await expectAccessiblePages(phone.page, pages);
    for (const path of pages) await expectNoPageOverflow(phone.page, path);
    expect(phone.cspViolations, 'Content-Security-Policy violations').toEqual([]);
    await phone.context.close();
  },
);
