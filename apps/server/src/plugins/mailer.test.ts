import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, buildTestApp, type TestContext } from '../../test/app-helper.ts';
import { loadConfig } from '../config.ts';
import { mailerPlugin } from './mailer.ts';

/** A log stream whose lines the test reads back, parsed. */
function logLines() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('mail settings', () => {
  it('sends to the outbox from the Shipdesk address by default, and reads SMTP_URL and MAIL_FROM', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, mailFrom: 'Shipdesk <no-reply@shipdesk.local>' });
    expect(
      loadConfig({ SMTP_URL: 'smtps://u:p@smtp.example.com', MAIL_FROM: 'Returns <returns@shop.example>' }),
    ).toMatchObject({ smtpUrl: 'smtps://u:p@smtp.example.com', mailFrom: 'Returns <returns@shop.example>' });
  });
});

describe('the mailer plugin in the app (pglite, no SMTP_URL)', () => {
  let t: TestContext;
  const log = logLines();
  beforeAll(async () => {
    t = await buildTestApp(backends[0]!, { mailFrom: 'Northloop Returns <returns@northloop.example>' }, undefined, {
      logger: { level: 'info', stream: log.stream },
    });
  });
  afterAll(() => t?.close());

  it("writes the app's mail into the outbox of its own data folder, never the repository's ./data", async () => {
    const outboxDir = join(t.config.dataDir, 'outbox');
    expect(t.app.mailer.destination).toBe(outboxDir);
    expect(outboxDir.startsWith(tmpdir())).toBe(true);
    expect(outboxDir.startsWith(resolve('data'))).toBe(false);
    expect(log.parsed()).toContainEqual(expect.objectContaining({ msg: 'mail ready', destination: outboxDir }));

    await t.app.mailer.send({
      to: 'buyer@example.com',
      subject: 'Your return label',
      text: 'The label is attached.',
      attachments: [{ filename: 'return-label.pdf', content: Buffer.from('%PDF-1.7'), contentType: 'application/pdf' }],
    });
    const files = readdirSync(outboxDir);
    expect(files).toEqual([expect.stringMatching(/-buyer@example\.com\.eml$/)]);
    const raw = readFileSync(join(outboxDir, files[0]!), 'utf8');
    expect(raw).toMatch(/^From: Northloop Returns <returns@northloop\.example>$/m);
    expect(raw).toMatch(/^Content-Disposition: attachment; filename=return-label\.pdf$/m);
  });
});

describe('the mailer plugin with SMTP_URL', () => {
  it('logs that mail goes over SMTP without the URL, whose password it keeps out of the log', async () => {
    const log = logLines();
    const app = Fastify({ logger: { level: 'info', stream: log.stream } });
    await app.register(mailerPlugin, {
      smtpUrl: 'smtps://mailer:hunter2-secret@smtp.example.com',
      from: 'Shipdesk <no-reply@shipdesk.local>',
      dataDir: join(tmpdir(), 'shipdesk-mailer-unused'),
    });
    await app.ready();
    expect(app.mailer.destination).toBe('smtp');
    await app.close();
    expect(log.parsed()).toContainEqual(expect.objectContaining({ msg: 'mail ready', destination: 'smtp' }));
    expect(log.lines.join('\n')).not.toContain('hunter2-secret');
  });
});
