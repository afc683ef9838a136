import { openSession } from '../support/a11y';
import { demo, expect, test } from '../support/fixtures';

/*
 * The support of issue 22, in the browser against the real API: a visitor searches the FAQ (the
 * words lit up), starts a ticket and is offered a matching answer while typing its subject, sends
 * it anyway and gets its reference; the admin finds it in /admin/support, answers it, and the
 * ticket waits for the visitor, who is e-mailed the answer.
 */
test('a visitor opens a ticket after searching the FAQ; the admin answers it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const subject = `Je ne retrouve pas ma facture ${Date.now() % 1_000_000}`;
  const email = `visiteur-${Date.now()}@exemple.fr`;

  // 1. The FAQ, searched: the answers with the words, lit up.
  const visitor = await openSession(browser, baseURL!);
  const page = visitor.page;
  await page.goto('/support');
  await expect(page.getByRole('heading', { name: 'Aide et support', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('faq-entry').first()).toBeVisible({ timeout: 20_000 });
  await page.getByRole('textbox', { name: 'Rechercher dans la FAQ' }).fill('factures');
  await expect(page).toHaveURL(/query=factures/);
  const found = page.getByTestId('faq-entry').filter({ hasText: 'Où trouver mes factures ?' });
  await expect(found).toBeVisible();
  await expect(found.locator('mark').first()).toHaveText(/factures?/i);

  // 2. The contact form suggests the FAQ's answer from the subject; the visitor sends anyway.
  const form = page.getByTestId('contact-form');
  await form.getByRole('textbox', { name: 'Votre adresse e-mail' }).fill(email);
  await form.getByRole('textbox', { name: 'Votre nom' }).fill('Jeanne Visiteuse');
  await form.getByRole('textbox', { name: 'Sujet' }).fill(subject);
  await expect(
    form
      .getByTestId('faq-suggestions')
      .getByTestId('faq-entry')
      .filter({ hasText: 'Où trouver mes factures ?' }),
  ).toBeVisible();
  await form.getByRole('textbox', { name: 'Catégorie' }).click();
  await page.getByRole('option', { name: 'Abonnement et paiement' }).click();
  await form
    .getByRole('textbox', { name: 'Votre message' })
    .fill('Bonjour, j’ai payé mon abonnement en mars mais je ne trouve pas la facture correspondante.');
  await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
  const sent = page.getByTestId('ticket-sent');
  await expect(sent).toBeVisible();
  const reference = (await sent.getByTestId('ticket-reference').textContent())!.trim();
  expect(reference).toMatch(/^S-\d{6}$/);
  await expect(sent).toContainText(email);

  // 3. The admin finds it in the inbox, answers it: it now waits for the visitor.
  const admin = await openSession(browser, baseURL!, { email: demo.admin });
  await admin.page.goto('/admin/support');
  await expect(admin.page.getByRole('heading', { name: 'Support', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  await admin.page.getByRole('link', { name: subject }).click();
  await expect(admin.page.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
  await expect(admin.page.getByTestId('ticket-status')).toHaveText('À traiter');
  await admin.page
    .getByRole('textbox', { name: 'Votre réponse' })
    .fill('Bonjour Jeanne, votre facture de mars est dans « Abonnement et factures ».');
  await admin.page.getByRole('button', { name: 'Envoyer la réponse' }).click();
  await expect(admin.page.getByTestId('ticket-status')).toHaveText('En attente du demandeur');
  await expect(admin.page.getByTestId('ticket-message')).toHaveCount(2);

  // The visitor is e-mailed the answer (the outbox, without SMTP).
  const outbox = await admin.context.request.get(`/api/v1/admin/outbox?to=${encodeURIComponent(email)}`);
  const mails = (await outbox.json()).data as { subject: string; text: string }[];
  expect(mails.map((m) => m.subject)).toContain(`Réponse à votre demande ${reference} : « ${subject} »`);

  // Back in the inbox, it has left « À traiter » for « En attente ».
  await admin.page.getByRole('link', { name: 'Toutes les demandes' }).click();
  await admin.page
    .getByTestId('inbox-tabs')
    .getByText(/En attente/)
    .click();
  await expect(admin.page.getByRole('link', { name: subject })).toBeVisible();
  await Promise.all([visitor.context.close(), admin.context.close()]);
});
