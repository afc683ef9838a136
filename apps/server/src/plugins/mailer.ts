import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The action link the mail carries (verify, reset), kept in the outbox and logged without SMTP. */
  link?: string;
}

export interface Mailer {
  send(mail: Mail, db?: DbOrTx): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * Every mail is recorded in `mail_outbox`. With SMTP_URL it is then sent; without it the log shows
 * the link so that a local user can still verify an e-mail or reset a password.
 */
export const mailerPlugin = fp(
  async (app: FastifyInstance) => {
    const transport: Transporter | null = app.config.smtpUrl
      ? nodemailer.createTransport(app.config.smtpUrl)
      : null;
    const mailer: Mailer = {
      async send(mail, db = app.db) {
        const [row] = await db
          .insert(mailOutbox)
          .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, link: mail.link })
          .returning({ id: mailOutbox.id });
        if (!transport) {
          app.log.info(
            { to: mail.to, subject: mail.subject, link: mail.link },
            `mail to outbox: ${mail.link ?? ''}`,
          );
          return;
        }
        try {
          await transport.sendMail({ from: app.config.mailFrom, ...mail });
          // With the caller's handle: inside a transaction the row is not visible elsewhere yet (and on
          // PGlite another handle would wait for that transaction: a deadlock).
          await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row!.id));
        } catch (error) {
          app.log.error({ err: error, outboxId: row!.id, subject: mail.subject }, 'mail sending failed');
          await db
            .update(mailOutbox)
            .set({ error: String(error) })
            .where(eq(mailOutbox.id, row!.id));
        }
      },
    };
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => transport?.close());
  },
  { name: 'mailer', dependencies: ['db'] },
);
