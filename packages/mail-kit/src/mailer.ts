import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';

/** A file sent with a message (a label PDF, ...): its bytes as they are, nodemailer encodes them. */
interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
}

export interface MailMessage {
  to: string;
  /** Where answers go when it is not the sender (the support mail: the person who asked). */
  replyTo?: string;
  /** The From display name instead of the mailer's (a seller's name on its buyers' e-mails); the address stays. */
  fromName?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
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
        await transport.sendMail(toNodemailer(options.from, message));
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: options.outboxDir,
    async send(message) {
      const info = await transport.sendMail(toNodemailer(options.from, message));
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

/** The message as nodemailer takes it: its attachments' bytes as a Buffer (a view of the same memory, no copy). */
function toNodemailer(from: string, { attachments, fromName, ...message }: MailMessage): SendMailOptions {
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return {
    from: fromName ? { name: fromName, address } : from,
    ...message,
    attachments: attachments?.map(({ filename, content, contentType }) => ({
      filename,
      contentType,
      content: Buffer.from(content.buffer, content.byteOffset, content.byteLength),
    })),
  };
}
