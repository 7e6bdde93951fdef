import { join } from 'node:path';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '@shipdesk/mail-kit';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the product's e-mail (return labels to buyers): over SMTP, or into `${DATA_DIR}/outbox` without it. */
    mailer: Mailer;
  }
}

interface MailerPluginOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
}

/** The one mailer of the server (the SSO's is the same package), closed with the app. */
export const mailerPlugin = fp<MailerPluginOptions>(
  async (app, options) => {
    const mailer = createMailer({
      smtpUrl: options.smtpUrl,
      from: options.from,
      outboxDir: join(options.dataDir, 'outbox'),
    });
    // `smtp` or the folder, never the URL: it may carry the SMTP password.
    app.log.info({ destination: mailer.destination }, 'mail ready');
    app.decorate('mailer', mailer);
    app.addHook('onClose', () => mailer.close());
  },
  { name: 'mailer' },
);
