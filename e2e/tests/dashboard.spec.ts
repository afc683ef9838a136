import { demo, expect, signIn, test } from '../support/fixtures';

/*
 * `/dashboard` opens on the day's work, per role (issue 17 §5): a freelancer's activities overdue
 * and due today, deals closing this week and commissions due to them; an infopreneur's
 * applications to decide, offers under review and commissions they owe. Each item links to where
 * it is handled; an empty day and a failed load say so in French.
 */

test('a setter’s dashboard lists today’s work, each item leading to where it is handled', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, demo.setter);
  const today = page.getByTestId('today');
  await expect(today.getByRole('heading', { name: 'Aujourd’hui', level: 2 })).toBeVisible();

  // The demo setter has activities overdue, and a commission due on the sale they set for the closer.
  const activities = page.getByTestId('today-activities');
  await expect(activities.getByRole('heading', { name: 'Activités à faire' })).toBeVisible();
  await expect(activities).toContainText('en retard');
  await expect(activities.getByTestId('today-activity').first()).toContainText('En retard');
  await expect(
    page.getByTestId('today-deals').getByRole('heading', { name: 'Ventes à conclure cette semaine' }),
  ).toBeVisible();
  const commissions = page.getByTestId('today-commissions');
  await expect(commissions.getByRole('heading', { name: 'Commissions à percevoir' })).toBeVisible();
  await expect(commissions.getByTestId('today-commission').first()).toContainText('Due par');
  await expect(commissions.getByRole('link', { name: 'Voir mes commissions' })).toHaveAttribute(
    'href',
    '/dashboard/stats',
  );

  // Worded for a freelancer; the profile card and its completeness stay beside the day.
  const shortcuts = page.getByRole('region', { name: 'Raccourcis' });
  await expect(shortcuts.getByRole('link', { name: /Missions.*Trouvez une offre à vendre/ })).toBeVisible();
  await expect(page.getByTestId('profile-completeness')).toBeVisible();
  await expect(page.getByLabel('Activité récente')).toBeVisible();

  // An activity opens its prospect.
  const first = activities.getByTestId('today-activity').first().getByRole('link');
  await first.click();
  await expect(page).toHaveURL(/\/dashboard\/prospects\?prospect=\d+$/);
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('an infopreneur’s dashboard lists applications, offers under review and commissions to pay', async ({
  page,
}) => {
  await signIn(page, demo.infopreneur);
  await expect(
    page.getByTestId('today-applications').getByRole('heading', { name: 'Candidatures à traiter' }),
  ).toBeVisible();
  // The demo infopreneur's third offer waits for the admins' review.
  const reviews = page.getByTestId('today-reviews');
  await expect(reviews.getByRole('heading', { name: 'Offres en cours de validation' })).toBeVisible();
  const owed = page.getByTestId('today-commissions');
  await expect(owed.getByRole('heading', { name: 'Commissions à payer' })).toBeVisible();
  await expect(owed).toContainText('dus');
  await expect(owed.getByTestId('today-commission').first().getByRole('link')).toHaveAttribute(
    'href',
    '/dashboard/stats',
  );
  for (const application of await page.getByTestId('today-application').getByRole('link').all()) {
    await expect(application).toHaveAttribute('href', /^\/app\/missions\/\d+$/);
  }

  // Shortcuts for an infopreneur: their offers and missions, not the freelancers' mission search.
  const shortcuts = page.getByRole('region', { name: 'Raccourcis' });
  await expect(shortcuts.getByRole('link', { name: /Mes offres et missions/ })).toBeVisible();
  await expect(shortcuts.getByRole('link', { name: /Ventes sur mes offres/ })).toHaveAttribute(
    'href',
    '/dashboard/sales?as=infopreneur',
  );
  await expect(shortcuts.getByText('Trouvez une offre à vendre')).toHaveCount(0);
  await expect(shortcuts.getByText('Les missions ouvertes des infopreneurs')).toHaveCount(0);
});

test('an empty day says "Rien à faire aujourd’hui"; a failed load says so and retries', async ({ page }) => {
  await signIn(page, demo.closer);
  const empty = { total: 0, items: [] };
  let fail = true;
  await page.route('**/api/v1/dashboard/today', (route) =>
    fail
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'E_INTERNAL', message: 'Boom' }),
        })
      : route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({
            role: 'freelancer',
            today: '2026-11-25',
            activities: { ...empty, overdue: 0, dueToday: 0 },
            closingDeals: { ...empty, from: '2026-11-23', to: '2026-11-29' },
            commissions: { ...empty, amountCents: 0 },
          }),
        }),
  );
  await page.reload();
  const failure = page.getByRole('alert').filter({ hasText: 'Impossible de charger votre journée' });
  await expect(failure).toBeVisible();
  fail = false;
  await failure.getByRole('button', { name: 'Réessayer' }).click();
  await expect(page.getByTestId('today-clear')).toContainText('Rien à faire aujourd’hui');
  await expect(page.getByTestId('today-date')).toHaveText('Mercredi 25 novembre');
  await expect(page.getByTestId('today-activities')).toContainText(
    'Aucune activité en retard ni prévue aujourd’hui.',
  );
});
