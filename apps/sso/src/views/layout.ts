import { THEME_DARK_BACKGROUND, THEME_PRIMARY } from '@shipdesk/contract';
import { html, type SafeHtml } from './html.ts';

/** The Shipdesk mark: a parcel on a wave, in the primary colour. */
const SHIPDESK_LOGO = html`<svg class="brand-mark" viewBox="0 0 48 48" width="40" height="40" aria-hidden="true">
  <rect width="48" height="48" rx="12" fill="${THEME_PRIMARY}" />
  <path
    d="M14 17.5 24 12l10 5.5v11L24 34l-10-5.5z"
    fill="none"
    stroke="#fff"
    stroke-width="2.4"
    stroke-linejoin="round"
  />
  <path d="M14 17.5 24 23l10-5.5M24 23v11" fill="none" stroke="#fff" stroke-width="2.4" stroke-linejoin="round" />
  <path
    d="M10 38c3 0 3-2 6-2s3 2 6 2 3-2 6-2 3 2 6 2 3-2 6-2"
    fill="none"
    stroke="#f49044"
    stroke-width="2.4"
    stroke-linecap="round"
  />
</svg>`;

export const STYLESHEET = `
:root {
  color-scheme: light dark;
  --primary: ${THEME_PRIMARY};
  --primary-hover: #1c4674;
  --bg: #f3f6fa;
  --card: #ffffff;
  --text: #1b2430;
  --muted: #5b6675;
  --border: #cfd8e3;
  --error-bg: #fdecea;
  --error-text: #8a1c13;
  --ok-bg: #e7f4ea;
  --ok-text: #1d5c2b;
  --focus: #f49044;
}
@media (prefers-color-scheme: dark) {
  :root {
    --primary: #6fa3dc;
    --primary-hover: #8db8e6;
    --bg: ${THEME_DARK_BACKGROUND};
    --card: hsl(230, 17%, 19%);
    --text: #e8ecf2;
    --muted: #a9b3c1;
    --border: hsl(230, 12%, 32%);
    --error-bg: #4a1f1c;
    --error-text: #ffb4a9;
    --ok-bg: #1e3b26;
    --ok-text: #a6e3b4;
  }
}
* { box-sizing: border-box; }
html, body { margin: 0; min-height: 100%; }
body {
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  background: var(--bg);
  color: var(--text);
  display: flex;
  flex-direction: column;
  align-items: center;
  padding: 48px 16px;
}
main { width: 100%; max-width: 420px; }
main.wide { max-width: 560px; }
.brand { display: flex; align-items: center; gap: 12px; justify-content: center; margin-bottom: 24px; }
.brand-name { font-size: 1.5rem; font-weight: 700; letter-spacing: -0.01em; }
.card { background: var(--card); border: 1px solid var(--border); border-radius: 12px; padding: 28px; box-shadow: 0 6px 24px rgb(0 0 0 / 0.06); }
.card + .card { margin-top: 20px; }
h1 { font-size: 1.25rem; margin: 0 0 4px; }
h2 { font-size: 1.05rem; margin: 0 0 12px; }
p.lead { color: var(--muted); margin: 0 0 20px; }
label { display: block; font-weight: 600; font-size: 0.9rem; margin: 16px 0 6px; }
input[type=email], input[type=password], input[type=text], input[type=url], textarea {
  width: 100%; padding: 10px 12px; font: inherit; color: var(--text); background: var(--bg);
  border: 1px solid var(--border); border-radius: 8px;
}
textarea { min-height: 10rem; resize: vertical; }
input[readonly] { background: transparent; color: var(--muted); border-style: dashed; text-overflow: ellipsis; }
[aria-invalid=true] { border-color: var(--error-text); }
input:focus-visible, textarea:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
button, .button {
  display: inline-block; width: 100%; margin-top: 24px; padding: 11px 16px; font: inherit; font-weight: 600;
  color: #fff; background: var(--primary); border: 0; border-radius: 8px; cursor: pointer; text-align: center; text-decoration: none;
}
@media (prefers-color-scheme: dark) { button, .button { color: #0f1a26; } }
button:hover, .button:hover { background: var(--primary-hover); }
button.secondary { background: transparent; color: var(--primary); border: 1px solid var(--border); }
a { color: var(--primary); }
.alert { border-radius: 8px; padding: 10px 12px; margin: 0 0 16px; font-size: 0.95rem; }
.alert.error { background: var(--error-bg); color: var(--error-text); }
.alert.ok { background: var(--ok-bg); color: var(--ok-text); }
.field-error { color: var(--error-text); font-size: 0.85rem; margin: 6px 0 0; }
.hint { color: var(--muted); font-size: 0.85rem; margin: 6px 0 0; }
.reference { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 1.05rem; letter-spacing: 0.04em; }
.footer { margin-top: 20px; text-align: center; color: var(--muted); font-size: 0.9rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 8px 16px; margin: 0; }
dt { color: var(--muted); }
dd { margin: 0; font-weight: 500; overflow-wrap: anywhere; }
.row { display: flex; gap: 12px; }
.row > * { flex: 1; }
`;

export function page(options: { title: string; body: SafeHtml; wide?: boolean }): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${options.title} · Shipdesk</title>
        <link rel="icon" href="/logos/shipping.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/assets/sso.css" />
      </head>
      <body>
        <main class="${options.wide ? 'wide' : ''}">
          <div class="brand">${SHIPDESK_LOGO}<span class="brand-name">Shipdesk</span></div>
          ${options.body}
        </main>
      </body>
    </html>`.value;
}

/** A short message page: errors of the OpenID flow, logged out, not found. */
export function messagePage(options: {
  title: string;
  message: string;
  link?: { href: string; label: string };
}): string {
  return page({
    title: options.title,
    body: html`<section class="card" aria-labelledby="title">
      <h1 id="title">${options.title}</h1>
      <p class="lead">${options.message}</p>
      ${options.link ? html`<a class="button" href="${options.link.href}">${options.link.label}</a>` : ''}
    </section>`,
  });
}
