import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { pdfText } from '../../apps/server/src/test/pdf-reader';
import { expectAccessiblePages, expectAccessibleState } from '../support/a11y';
import { createReadyUser } from '../support/accounts';
import { DEMO_PASSWORD, demo, expect, test } from '../support/fixtures';

/*
 * Issue 20 in the browser, on the embedded default (the sandbox provider, whose checkout page and
 * webhook are ours): a new infopreneur on Gratuit hits the mission limit, upgrades to Pro through the
 * sandbox checkout, publishes the second mission and downloads the invoice PDF. A declined card first
 * shows the French error and changes nothing.
 */

const CARD = { paid: '4242424242424242', declined: '4000000000000002' };

/** One call to the API as a browser makes it: the CSRF cookie, then its value in the header. */
async function call(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown) {
  let xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!xsrf) {
    await request.get('/api/v1/csrf');
    xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  }
  const res = await request.fetch(path, {
    method,
    ...(data === undefined ? {} : { data }),
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
  });
  expect(res.ok(), `${method} ${path} → ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** An approved training offer of the page's user, with two draft missions on it (the first one published). */
async function offerWithTwoMissions(page: Page, admin: APIRequestContext, suffix: string) {
  const offer = await call(page.request, 'POST', '/api/v1/services', {
    name: `Closing avancé ${suffix}`,
    description: 'Une formation complète au closing, du premier appel à la signature.',
    price: 1500,
    commissionRate: 20,
    financingMethods: ['cpf'],
    link: 'https://exemple.fr/closing-avance',
    duration: 35,
    locationType: 'online',
    requestValidation: true,
  });
  await call(admin, 'POST', '/api/v1/auth/login', { email: demo.admin, password: DEMO_PASSWORD });
  await call(admin, 'POST', `/api/v1/admin/services/${offer.id}/approve`);
  const mission = (title: string) =>
    call(page.request, 'POST', '/api/v1/missions', {
      title,
      description: 'Prise de rendez-vous qualifiés, leads fournis.',
      missionType: 'closer',
      serviceId: offer.id,
    });
  const first = await mission(`Closer recherché ${suffix}`);
  const second = await mission(`Deuxième closer ${suffix}`);
  await call(page.request, 'POST', `/api/v1/missions/${first.id}/publish`);
  return { second: second.title as string };
}

/** Opens a draft mission's form on "Mes offres et missions" and presses "Publier". */
async function publishFromForm(page: Page, title: string) {
  await page.goto('/dashboard/services');
  const row = page.getByTestId('mission-row').filter({ hasText: title });
  await row.getByRole('button', { name: `Modifier « ${title} »` }).click();
  const form = page.getByRole('dialog', { name: `Modifier « ${title} »` });
  await form.getByRole('button', { name: 'Publier' }).click();
  return form;
}

async function fillCard(page: Page, number: string) {
  await page.getByRole('textbox', { name: 'Numéro de carte' }).fill(number);
  await page.getByRole('textbox', { name: 'Expiration (MM/AA)' }).fill('12/34');
  await page.getByRole('textbox', { name: 'CVC' }).fill('123');
}

test('Gratuit hits the mission limit, pays Pro on the sandbox page, publishes and downloads the invoice', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const suffix = `${Date.now() % 1_000_000}`;
  await createReadyUser(page.request, { prefix: 'billing' });
  const { second } = await offerWithTwoMissions(page, request, suffix);

  // 1. The second mission is refused by the Gratuit plan: the upgrade dialog says why and offers Pro.
  await publishFromForm(page, second);
  const upgrade = page.getByRole('dialog', { name: 'Limite de votre offre atteinte' });
  await expect(upgrade).toContainText('Votre offre Gratuit permet 1 mission publiée.');
  await expectAccessibleState(page, 'the upgrade dialog');
  await upgrade.getByRole('link', { name: 'Passer à l’offre Pro' }).click();

  // 2. The payment page: HT, TVA 20 %, TTC, then "Payer" opens the sandbox's checkout page.
  await expect(page).toHaveURL(/\/payment\/pro$/);
  await expect(page.getByRole('heading', { name: 'Offre Pro', level: 1 })).toBeVisible();
  await expect(page.getByTestId('price-summary')).toContainText('29,00');
  await expect(page.getByTestId('price-ttc')).toContainText('34,80');
  await page.getByRole('button', { name: 'Payer' }).click();
  await expect(page).toHaveURL(/\/payment\/checkout\/[^/]+$/);
  await expect(page.getByText('Mode test')).toBeVisible();
  await expect(page.getByText('4242 4242 4242 4242')).toBeVisible();

  // 3. A declined card: the French error under the form, and nothing changes.
  await fillCard(page, CARD.declined);
  await expect(page.getByRole('textbox', { name: 'Numéro de carte' })).toHaveValue('4000 0000 0000 0002');
  await page.getByRole('textbox', { name: 'Nom du titulaire' }).fill('Camille Martin');
  await page.getByRole('textbox', { name: 'Adresse de facturation' }).fill('12 rue de la Paix, 75002 Paris');
  await page.getByRole('textbox', { name: 'Société (facultatif)' }).fill('Martin Formation SAS');
  await page.getByRole('button', { name: /^Payer .*34,80/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Votre carte a été refusée.' })).toBeVisible();
  await expect(page).toHaveURL(/\/payment\/checkout\//);
  const unchanged = await (await page.request.get('/api/v1/billing')).json();
  expect(unchanged).toMatchObject({ planId: 'gratuit', subscribedPlanId: null });
  const noInvoice = await (await page.request.get('/api/v1/billing/invoices')).json();
  expect(noInvoice.data).toEqual([]);

  // 4. 4242…: paid. The success page waits for the server to confirm the plan.
  await fillCard(page, CARD.paid);
  await page.getByRole('button', { name: /^Payer .*34,80/ }).click();
  await expect(page).toHaveURL(/\/payment\/success\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Votre abonnement Pro est actif', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expectAccessibleState(page, 'the confirmed payment');

  // 5. On Pro, the second mission is published.
  const form = await publishFromForm(page, second);
  await expect(form).toBeHidden();
  await expect(page.getByText('Mission publiée')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Limite de votre offre atteinte' })).toHaveCount(0);

  // 6. "Abonnement et factures": the plan, the usage, and the invoice as a PDF naming its number.
  await page.goto('/dashboard/settings');
  await page.getByRole('link', { name: 'Abonnement et factures' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/billing$/);
  await expect(page.getByTestId('current-plan')).toHaveText('Offre Pro');
  await expect(page.getByTestId('usage-bars')).toContainText('2 / 10');
  const invoice = page.getByTestId('invoice-row');
  await expect(invoice).toHaveCount(1);
  await expect(invoice).toContainText('34,80');
  const number = (await invoice.locator('td').first().innerText()).trim();
  expect(number).toMatch(/^F-\d{4}-\d{6}$/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    invoice.getByRole('link', { name: `Télécharger la facture ${number} en PDF` }).click(),
  ]);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = await pdfText(bytes);
  expect(text).toContain(number);
  expect(text).toContain('Martin Formation SAS');

  // 7. The next period's payment fails (the sandbox's test clock): the page says so, in red, with the
  // date the plan falls back to Gratuit; Pro still applies meanwhile.
  await call(page.request, 'POST', '/api/v1/billing/sandbox/advance', { outcome: 'failed' });
  await page.reload();
  const failed = page.getByRole('alert').filter({ hasText: 'Votre paiement a échoué' });
  await expect(failed).toContainText(/avant le \d{1,2} \p{L}+ \d{4}/u);
  await expect(page.getByTestId('current-plan')).toHaveText('Offre Pro');
  // Every other signed-in page says it too, above the page, with the way to settle it.
  await page.goto('/dashboard');
  const banner = page.getByRole('alert').filter({ hasText: 'Paiement en échec' });
  await expect(banner).toContainText(/avant le \d{1,2} \p{L}+ \d{4}/u);
  await banner.getByRole('link', { name: 'Régler mon abonnement' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/billing$/);
});

test('the pricing page shows the plans, HT and TTC, monthly or yearly, and passes axe', async ({ page }) => {
  await page.goto('/pricing');
  const pro = page.getByTestId('plan-pro');
  await expect(pro).toContainText('29 €');
  await expect(pro).toContainText('34,80 € TTC');
  await page.getByText('Annuel · 2 mois offerts').click();
  await expect(page).toHaveURL(/interval=year/);
  await expect(pro).toContainText('290 €');
  await expect(pro).toContainText('2 mois offerts');
  await expect(
    page.getByTestId('plan-gratuit').getByRole('link', { name: 'Commencer gratuitement' }),
  ).toHaveAttribute('href', '/auth/sign-up');
  // A visitor who picks Pro signs in first, then comes back to the payment page.
  await pro.getByRole('link', { name: 'Choisir Pro' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=%2Fpayment%2Fpro%3Finterval%3Dyear/);
  await expectAccessiblePages(page, ['/pricing', '/pricing?interval=year'], { minImpact: 'moderate' });
});

test('the sandbox portal cancels at the period’s end, resumes, and changes plan and interval', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await createReadyUser(page.request, { prefix: 'billing-portal' });
  const { sessionId } = await call(page.request, 'POST', '/api/v1/billing/checkout', {
    planId: 'pro',
    interval: 'month',
  });
  await call(page.request, 'POST', `/api/v1/billing/sandbox/sessions/${sessionId}/pay`, {
    cardNumber: CARD.paid,
    expiry: '12/34',
    cvc: '123',
    billingName: 'Camille Martin',
    billingAddress: '12 rue de la Paix, 75002 Paris',
  });

  await page.goto('/dashboard/settings/billing');
  await expect(page.getByTestId('current-plan')).toHaveText('Offre Pro');
  await expect(page.getByText(/^Prochain renouvellement le /)).toBeVisible();
  await page.getByRole('button', { name: 'Gérer mon abonnement' }).click();
  await expect(page).toHaveURL(/\/payment\/portal$/);
  await expect(page.getByRole('heading', { name: 'Gérer mon abonnement', level: 1 })).toBeVisible();

  // Cancel: confirmed in a dialog, effective at the end of the period.
  await page.getByRole('button', { name: 'Résilier mon abonnement' }).click();
  const confirm = page.getByRole('dialog', { name: 'Résilier l’abonnement ?' });
  await expect(confirm).toContainText('repassera à l’offre Gratuit');
  await confirm.getByRole('button', { name: 'Résilier à la fin de la période' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(/Votre abonnement Pro se termine le /)).toBeVisible();

  // Resume.
  await page.getByRole('button', { name: 'Reprendre mon abonnement' }).click();
  await expect(page.getByRole('button', { name: 'Résilier mon abonnement' })).toBeVisible();
  await expect(page.getByText(/^Prochain renouvellement le /)).toBeVisible();

  // Équipe, yearly: the new price is shown before the change.
  await page.getByRole('radio', { name: /^Équipe/ }).check();
  await page.getByText('Annuel · 2 mois offerts').click();
  await expect(page.getByTestId('portal-new-price')).toContainText('790,00');
  await expect(page.getByTestId('portal-new-price')).toContainText('948,00');
  await page.getByRole('button', { name: 'Changer d’offre' }).click();
  await expect(page.getByTestId('current-plan')).toHaveText('Offre Équipe');
  await expect(page.getByText('Abonnement annuel')).toBeVisible();
  const billing = await (await page.request.get('/api/v1/billing')).json();
  expect(billing).toMatchObject({
    planId: 'equipe',
    interval: 'year',
    status: 'active',
    cancelAtPeriodEnd: false,
  });
});
