import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

interface MailMessage {
  to: string;
  /** Where answers go when it is not the sender (the support mail: the person who asked). */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Where messages go, for the start-up log: `smtp` or the outbox folder. */
  readonly destination: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer when `smtpUrl` is set; otherwise the local outbox: every message becomes an RFC 822 file
 * `<ISO time>-<recipient>.eml` in `outboxDir`, to open with any mail client or read in tests.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      destination: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: options.outboxDir,
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      mkdirSync(options.outboxDir, { recursive: true, mode: 0o700 });
      const recipient = message.to.replace(/[^A-Za-z0-9@._+-]/g, '_');
      const stamp = new Date().toISOString();
      for (let n = 0; ; n += 1) {
        const file = join(options.outboxDir, `${stamp}-${recipient}${n ? `-${n}` : ''}.eml`);
        try {
          writeFileSync(file, info.message as Buffer, { flag: 'wx', mode: 0o600 });
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || n > 100) throw error;
        }
      }
    },
    close: () => transport.close(),
  };
}
