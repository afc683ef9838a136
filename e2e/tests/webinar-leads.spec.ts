import { openSession } from '../support/a11y';
import { NEW_USER_PASSWORD } from '../support/accounts';
import { apiSend } from '../support/api';
import { demo, expect, test, uniqueEmail } from '../support/fixtures';

/*
 * ★ Registrants become leads (issue 21 §2), live: the demo infopreneur announces a webinar that
 * shares its leads round-robin among the setters accepted on the missions of her offer (the demo
 * setter is one); two members register with the consent box ticked; the demo setter, whose
 * prospects page is open, sees their lead appear without reloading.
 */

test('a consenting registrant becomes a lead that appears live in the setter’s prospects', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = `${Date.now() % 1_000_000}`;

  // The setter watches their prospects, filtered on the names about to register.
  const setter = await openSession(browser, baseURL!, { email: demo.setter });
  await setter.page.goto(`/dashboard/prospects?query=Lead${suffix}`);
  await expect(setter.page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });

  // The infopreneur shares the leads of a new webinar with the setters of her offer's missions.
  const host = await openSession(browser, baseURL!, { email: demo.infopreneur });
  const mine = await (await host.page.request.get('/api/v1/webinars?when=mine&perPage=50')).json();
  const sharing = mine.data.find((w: { leadMode: string; service: unknown }) => w.leadMode === 'round_robin');
  expect(sharing?.service, 'the demo has a webinar sharing its leads').toBeTruthy();
  const start = new Date(Date.now() + 3 * 86_400_000);
  const webinar = await apiSend(host.page.request, 'POST', '/api/v1/webinars', {
    title: `Prospecter par téléphone ${suffix}`,
    description: 'Une heure pour préparer, mener et relancer un appel de prospection, avec des cas réels.',
    startTime: start.toISOString(),
    durationMinutes: 60,
    platform: 'zoom',
    platformUrl: 'https://zoom.us/j/555000111',
    price: 0,
    serviceId: sharing.service.id,
    leadMode: 'round_robin',
  });

  // Two members register with consent: the round robin gives each accepted setter one.
  for (const first of ['Alice', 'Bruno']) {
    const member = await browser.newContext({ baseURL });
    await apiSend(member.request, 'POST', '/api/v1/auth/register', {
      firstName: first,
      lastName: `Lead${suffix}`,
      email: uniqueEmail('webinar-lead'),
      password: NEW_USER_PASSWORD,
      role: 'closer',
    });
    await apiSend(member.request, 'POST', `/api/v1/webinars/${webinar.id}/registrations`, {
      consentToContact: true,
    });
    await member.close();
  }

  // Live: no reload on the setter's page.
  await expect(setter.page.getByText(new RegExp(`(Alice|Bruno) Lead${suffix}`)).first()).toBeVisible({
    timeout: 20_000,
  });
  await setter.context.close();
  await host.context.close();
});
