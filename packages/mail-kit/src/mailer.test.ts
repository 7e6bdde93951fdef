import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMailer, type MailMessage } from './index.ts';

const FROM = 'Shipdesk <no-reply@shipdesk.local>';
// The start of a PDF, with bytes that are not text, so the attachment must travel encoded and come back the same.
const PDF = Uint8Array.from([...new TextEncoder().encode('%PDF-1.7\n'), 0xe2, 0xe3, 0xcf, 0xd3, 0x00, 0xff]);

interface MimePart {
  headers: string;
  body: string;
}

/** The leaf parts of an RFC 822 message, descending into every multipart (enough for what nodemailer writes). */
function leafParts(raw: string): MimePart[] {
  const split = raw.indexOf('\n\n');
  const headers = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const body = raw.slice(split + 2);
  const boundary = /^Content-Type: multipart\/[a-z]+;.*boundary="?([^";\n]+)"?/im.exec(headers)?.[1];
  if (!boundary) return [{ headers, body: body.trim() }];
  const [, ...parts] = body.split(`--${boundary}`);
  return parts.filter((part) => !part.startsWith('--')).flatMap((part) => leafParts(part.replace(/^\n/, '')));
}

const headerOf = (headers: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1];

describe('createMailer without SMTP (the outbox)', () => {
  let outboxDir: string;
  beforeEach(() => {
    outboxDir = join(mkdtempSync(join(tmpdir(), 'shipdesk-mail-kit-')), 'outbox');
  });
  afterEach(() => {
    vi.useRealTimers();
    rmSync(join(outboxDir, '..'), { recursive: true, force: true });
  });

  const outbox = () => readdirSync(outboxDir).sort();
  const read = (file: string) => readFileSync(join(outboxDir, file), 'utf8');

  it('writes a message with a PDF attachment as one .eml file that a mail client can read', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: FROM, outboxDir });
    expect(mailer.destination).toBe(outboxDir);
    const message: MailMessage = {
      to: 'buyer@example.com',
      replyTo: 'returns@northloop.example',
      subject: 'Your return label for order #1042',
      text: 'Print the attached label and drop the parcel at any post office.',
      html: '<p>Print the attached label.</p>',
      attachments: [{ filename: 'return-label-1042.pdf', content: PDF, contentType: 'application/pdf' }],
    };
    await mailer.send(message);
    mailer.close();

    const [file, ...others] = outbox();
    expect(others).toEqual([]);
    expect(file).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z-buyer@example\.com\.eml$/);
    // The outbox holds what buyers are sent: readable by the service's user only.
    expect(statSync(join(outboxDir, file!)).mode & 0o777).toBe(0o600);
    expect(statSync(outboxDir).mode & 0o777).toBe(0o700);

    const raw = read(file!);
    expect(headerOf(raw, 'From')).toBe(FROM);
    expect(headerOf(raw, 'To')).toBe('buyer@example.com');
    expect(headerOf(raw, 'Reply-To')).toBe('returns@northloop.example');
    expect(headerOf(raw, 'Subject')).toBe('Your return label for order #1042');
    expect(headerOf(raw, 'Content-Type')).toMatch(/^multipart\/mixed;/);

    const parts = leafParts(raw);
    expect(parts.map((part) => headerOf(part.headers, 'Content-Type')?.split(';')[0])).toEqual([
      'text/plain',
      'text/html',
      'application/pdf',
    ]);
    expect(parts[0]!.body).toBe(message.text);
    expect(parts[1]!.body).toBe(message.html);
    const pdf = parts[2]!;
    expect(headerOf(pdf.headers, 'Content-Type')).toBe('application/pdf; name=return-label-1042.pdf');
    expect(headerOf(pdf.headers, 'Content-Disposition')).toBe('attachment; filename=return-label-1042.pdf');
    expect(headerOf(pdf.headers, 'Content-Transfer-Encoding')).toBe('base64');
    expect(new Uint8Array(Buffer.from(pdf.body, 'base64'))).toEqual(PDF);
  });

  it('sends a message without attachments as a plain text mail', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: FROM, outboxDir });
    await mailer.send({ to: 'someone@example.com', subject: 'Hello', text: 'Just text.' });
    mailer.close();
    const raw = read(outbox()[0]!);
    expect(headerOf(raw, 'Content-Type')).toBe('text/plain; charset=utf-8');
    expect(headerOf(raw, 'Reply-To')).toBeUndefined();
    expect(leafParts(raw)).toEqual([expect.objectContaining({ body: 'Just text.' })]);
  });

  it('keeps every message of the same instant to the same recipient, and names no path from the address', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T10:00:00.000Z'));
    const mailer = createMailer({ smtpUrl: undefined, from: FROM, outboxDir });
    for (const subject of ['one', 'two', 'three'])
      await mailer.send({ to: 'a/../b@example.com', subject, text: subject });
    mailer.close();
    expect(outbox()).toEqual([
      '2026-12-01T10:00:00.000Z-a_.._b@example.com-1.eml',
      '2026-12-01T10:00:00.000Z-a_.._b@example.com-2.eml',
      '2026-12-01T10:00:00.000Z-a_.._b@example.com.eml',
    ]);
    expect(outbox().map((file) => headerOf(read(file), 'Subject'))).toEqual(['two', 'three', 'one']);
  });
});

/** A minimal SMTP server on loopback (no TLS, no auth) that keeps the DATA of every message it accepts. */
async function fakeSmtp(): Promise<{ url: string; messages: string[]; server: Server }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake.smtp ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(buffer.slice(0, end).replace(/\r\n/g, '\n'));
          buffer = buffer.slice(end + 5);
          inData = false;
          reply('250 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const command = buffer.slice(0, eol).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (command.startsWith('EHLO')) reply('250 fake.smtp');
        else if (command === 'DATA') {
          inData = true;
          reply('354 go on');
        } else if (command === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`, messages, server };
}

describe('createMailer with SMTP_URL', () => {
  it('sends the same message, attachment included, to the SMTP server and writes no outbox', async () => {
    const smtp = await fakeSmtp();
    const outboxDir = join(mkdtempSync(join(tmpdir(), 'shipdesk-mail-kit-')), 'outbox');
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir });
      expect(mailer.destination).toBe('smtp');
      await mailer.send({
        to: 'buyer@example.com',
        subject: 'Your return label',
        text: 'Label attached.',
        attachments: [{ filename: 'label.pdf', content: PDF, contentType: 'application/pdf' }],
      });
      mailer.close();
      expect(smtp.messages).toHaveLength(1);
      const raw = smtp.messages[0]!;
      expect(headerOf(raw, 'From')).toBe(FROM);
      expect(headerOf(raw, 'To')).toBe('buyer@example.com');
      const [text, pdf] = leafParts(raw);
      expect(text!.body).toBe('Label attached.');
      expect(headerOf(pdf!.headers, 'Content-Disposition')).toBe('attachment; filename=label.pdf');
      expect(new Uint8Array(Buffer.from(pdf!.body, 'base64'))).toEqual(PDF);
      expect(() => readdirSync(outboxDir)).toThrow(/ENOENT/);
    } finally {
      await new Promise((resolve) => smtp.server.close(resolve));
      rmSync(join(outboxDir, '..'), { recursive: true, force: true });
    }
  });
});
