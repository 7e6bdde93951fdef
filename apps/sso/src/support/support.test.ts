import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL } from '../account/demo-seed.ts';
import { BACKENDS, CookieJar, DEMO_PASSWORD, postForm, signIn, startTestSso, type TestSso } from '../test/harness.ts';

/** The names of the mails in the outbox, so a test can see exactly which ones it caused. */
function outbox(t: TestSso): string[] {
  const folder = join(t.dataDir, 'outbox');
  return existsSync(folder) ? readdirSync(folder).sort() : [];
}

/** Long lines of a mail body come quoted-printable: soft breaks `=\n`, bytes `=XX`. */
function decodeQuotedPrintable(text: string): string {
  const soft = text.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(soft.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

interface Mail {
  file: string;
  head: string;
  body: string;
  header(name: string): string;
}

function newMails(t: TestSso, before: string[]): Mail[] {
  return outbox(t)
    .filter((file) => !before.includes(file))
    .map((file) => {
      const raw = readFileSync(join(t.dataDir, 'outbox', file), 'utf8');
      const split = raw.indexOf('\n\n');
      const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
      const body = raw.slice(split + 2);
      return {
        file,
        head,
        body: /^Content-Transfer-Encoding: quoted-printable$/im.test(head) ? decodeQuotedPrintable(body) : body,
        header: (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1] ?? '',
      };
    });
}

const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

/** Opens the form in a browser (cookie jar) and returns the page and its token. */
async function openForm(t: TestSso, jar: CookieJar, query = ''): Promise<{ html: string; csrf: string }> {
  const response = await jar.fetch(`${t.url}/support${query}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  return { html, csrf: csrfOf(html) };
}

const REFERENCE = /SR-[0-9A-HJKMNP-TV-Z]{8}/;

describe.each(BACKENDS)('support page (%s)', (backend) => {
  let t: TestSso;

  beforeAll(async () => {
    t = await startTestSso(backend);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('renders the form with the page it came from, read-only, and keeps only http(s) pages', async () => {
    const jar = new CookieJar();
    const from = 'https://app.example.com/orders/view/42?tab=items&x=<1>';
    const response = await jar.fetch(`${t.url}/support?${new URLSearchParams({ from })}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(jar.cookies.has('support_csrf')).toBe(true);
    const html = await response.text();
    expect(html).toContain('<h1 id="title">Contact support</h1>');
    expect(html).toMatch(/<input\s+id="email"\s+name="email"\s+type="email"\s+autocomplete="email"/);
    expect(html).not.toMatch(/id="email"[^>]*readonly/);
    expect(html).toMatch(/id="subject"[^>]*maxlength="150"/);
    expect(html).toMatch(/<textarea[^>]*id="message"[^>]*maxlength="5000"/);
    expect(html).toMatch(
      /id="pageUrl"\s+name="pageUrl"\s+type="url"\s+value="https:\/\/app\.example\.com\/orders\/view\/42\?tab=items&amp;x=%3C1%3E"\s+readonly/,
    );
    expect(csrfOf(html).length).toBeGreaterThan(20);

    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', '/relative/page', 'ftp://example.com/']) {
      const page = await (await jar.fetch(`${t.url}/support?${new URLSearchParams({ from: bad })}`)).text();
      expect(page).not.toContain('id="pageUrl"');
    }
  });

  it('refuses a post without a valid CSRF token and keeps what was typed', async () => {
    const before = outbox(t);
    const jar = new CookieJar();
    const { csrf } = await openForm(t, jar);
    const fields = { email: 'csrf@example.com', subject: 'Forged', message: 'Sent from another site' };

    const missing = await postForm(jar, `${t.url}/support`, fields);
    expect(missing.status).toBe(403);
    const html = await missing.text();
    expect(html).toContain('This form expired.');
    expect(html).toContain('value="Forged"');
    expect(html).toContain('Sent from another site</textarea>');

    // A token is tied to the browser it was given to.
    const otherBrowser = await postForm(new CookieJar(), `${t.url}/support`, { ...fields, _csrf: csrf });
    expect(otherBrowser.status).toBe(403);
    expect(outbox(t)).toEqual(before);
  });

  it('names each invalid field, keeps the values and sends nothing', async () => {
    const before = outbox(t);
    const jar = new CookieJar();
    const { csrf } = await openForm(t, jar);

    const noSubject = await postForm(jar, `${t.url}/support`, {
      _csrf: csrf,
      email: 'someone@example.com',
      subject: '   ',
      message: 'The orders page <b>stays</b> blank.',
      pageUrl: 'https://app.example.com/orders',
    });
    expect(noSubject.status).toBe(400);
    const html = await noSubject.text();
    expect(html).toContain('<p class="field-error" id="subject-error">Enter a subject.</p>');
    expect(html).toMatch(/id="subject"[^>]*aria-invalid="true"\s+aria-describedby="subject-error subject-hint"/);
    expect(html).not.toContain('id="message-error"');
    expect(html).not.toContain('id="email-error"');
    expect(html).toContain('value="someone@example.com"');
    expect(html).toContain('The orders page &lt;b&gt;stays&lt;/b&gt; blank.</textarea>');
    expect(html).toContain('value="https://app.example.com/orders"');

    const tooLong = await postForm(jar, `${t.url}/support`, {
      _csrf: csrf,
      email: 'not-an-address',
      subject: 'x'.repeat(151),
      message: 'y'.repeat(5001),
    });
    expect(tooLong.status).toBe(400);
    const errors = await tooLong.text();
    expect(errors).toContain('id="email-error">Enter a valid e-mail address.</p>');
    expect(errors).toContain('id="subject-error">Use at most 150 characters for the subject.</p>');
    expect(errors).toContain('id="message-error">Use at most 5000 characters.</p>');
    expect(errors).toContain('3 fields need your attention.');
    expect(outbox(t)).toEqual(before);
  });

  it('mails the request to support (reply-to the sender) and a confirmation to the sender', async () => {
    const before = outbox(t);
    const jar = new CookieJar();
    const { csrf } = await openForm(t, jar, '?from=https%3A%2F%2Fapp.example.com%2Forders');
    const sender = 'Customer.One@Example.com';
    const sent = await postForm(jar, `${t.url}/support`, {
      _csrf: csrf,
      email: sender,
      subject: 'Labels do not print',
      message: 'I clicked Print label.\r\nNothing happened.',
      pageUrl: 'https://app.example.com/orders',
    });
    expect(sent.status).toBe(303);
    const location = sent.headers.get('location')!;
    expect(location).toMatch(/^\/support\?sent=SR-[0-9A-Z]{8}$/);
    const reference = REFERENCE.exec(location)![0];

    const thanks = await jar.fetch(new URL(location, t.url).href);
    expect(thanks.status).toBe(200);
    const html = await thanks.text();
    expect(html).toContain('Thanks — your request was sent.');
    expect(html).toContain(`<strong class="reference" id="support-reference">${reference}</strong>`);

    const mails = newMails(t, before);
    expect(mails.map((mail) => mail.header('To')).sort()).toEqual(['customer.one@example.com', 'support@example.com']);
    const toSupport = mails.find((mail) => mail.header('To') === 'support@example.com')!;
    expect(toSupport.file).toMatch(/-support@example\.com\.eml$/);
    expect(toSupport.header('Reply-To')).toBe('customer.one@example.com');
    expect(toSupport.header('Subject')).toBe(`[${reference}] Labels do not print`);
    expect(toSupport.body).toContain('I clicked Print label.\nNothing happened.');
    expect(toSupport.body).toContain('Page:     https://app.example.com/orders');
    expect(toSupport.body).toContain('not signed in');

    const confirmation = mails.find((mail) => mail.header('To') === 'customer.one@example.com')!;
    expect(confirmation.file).toMatch(/-customer\.one@example\.com\.eml$/);
    expect(confirmation.header('Subject')).toBe(`We received your Shipdesk support request ${reference}`);
    expect(confirmation.header('Reply-To')).toBe('support@example.com');
    expect(confirmation.body).toContain(`Reference: ${reference}`);
    expect(confirmation.body).not.toContain('Nothing happened.');

    // An unknown or malformed reference shows the form, not a confirmation.
    const forged = await (await jar.fetch(`${t.url}/support?sent=SR-00000000`)).text();
    expect(forged).not.toContain('Thanks');
  });

  it('takes the sender from the SSO session when signed in', async () => {
    const jar = new CookieJar();
    await signIn(t, jar, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const { html, csrf } = await openForm(t, jar);
    expect(html).toMatch(new RegExp(`id="email"\\s+name="email"\\s+type="email"\\s+value="${DEMO_EMAIL}"\\s+readonly`));
    expect(html).toContain('Signed in as Demo Admin.');

    const before = outbox(t);
    const sent = await postForm(jar, `${t.url}/support`, {
      _csrf: csrf,
      email: 'somebody-else@example.com',
      subject: 'Question about carriers',
      message: 'Which carriers are supported?',
    });
    expect(sent.status).toBe(303);
    const mails = newMails(t, before);
    expect(mails.map((mail) => mail.header('To')).sort()).toEqual([DEMO_EMAIL, 'support@example.com']);
    const toSupport = mails.find((mail) => mail.header('To') === 'support@example.com')!;
    expect(toSupport.header('Reply-To')).toBe(DEMO_EMAIL);
    expect(toSupport.body).toContain('Demo Company');
    expect(toSupport.body).toContain('Page:     (not given)');

    // The token of the signed-in form belongs to that session: a browser without it cannot use it.
    const anonymous = new CookieJar();
    anonymous.cookies.set('support_csrf', jar.cookies.get('support_csrf')!);
    const replayed = await postForm(anonymous, `${t.url}/support`, {
      _csrf: csrf,
      email: 'x@example.com',
      subject: 'S',
      message: 'M',
    });
    expect(replayed.status).toBe(403);
  });
});

describe.each(BACKENDS)('support page rate limit (%s)', (backend) => {
  let t: TestSso;

  beforeAll(async () => {
    t = await startTestSso(backend, {
      env: { SUPPORT_EMAIL: 'help@shipdesk.test' },
      supportLimits: { maxPerEmail: 2 },
    });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('allows 5 requests per IP per hour (and 2 per address here), then answers 429 keeping the values', async () => {
    const jar = new CookieJar();
    const { csrf } = await openForm(t, jar);
    const send = (email: string, subject = 'Something broke') =>
      postForm(jar, `${t.url}/support`, { _csrf: csrf, email, subject, message: 'Details.' });

    expect((await send('same@example.com')).status).toBe(303);
    expect((await send('same@example.com')).status).toBe(303);
    const perAddress = await send('same@example.com');
    expect(perAddress.status).toBe(429);

    for (const n of [1, 2, 3]) expect((await send(`sender-${n}@example.com`)).status).toBe(303);
    const mailsBefore = outbox(t);
    expect(mailsBefore.filter((file) => file.endsWith('-help@shipdesk.test.eml'))).toHaveLength(5);

    const limited = await send('sender-4@example.com', 'Sixth request');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const html = await limited.text();
    expect(html).toMatch(/Too many requests from here\. Please try again in \d+ minutes\./);
    expect(html).toContain('value="Sixth request"');
    expect(html).toContain('value="sender-4@example.com"');
    expect(outbox(t)).toEqual(mailsBefore);
  });
});
