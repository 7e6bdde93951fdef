import { createHash } from 'node:crypto';
import { TRACKING_STATUS_NAMES, type TrackingStatus } from '@shipdesk/contract';
import { PAGE_STEPS, stepOf } from './tracking-page-rules.ts';

/** What one page shows, already cleaned of anything personal (tracking-page-rules.ts). */
interface PageView {
  brand: string;
  logoUrl: string | null;
  status: TrackingStatus;
  statusAt: Date | null;
  expected: string | null;
  late: boolean;
  carrierName: string;
  trackingNumber: string;
  destination: string | null;
  timeZone: string;
  events: Array<{ at: Date; status: TrackingStatus; words: string; place: string | null }>;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The page's one style sheet, inline and admitted by its hash (the page's Content-Security-Policy). */
const STYLE = `
:root{color-scheme:light;--ink:#1b1f24;--muted:#5b6470;--line:#e3e7ec;--bg:#f5f7fa;--card:#fff;--accent:#1565c0;
--ok:#1b7f3b;--warn:#a4450a;--bad:#b3261e}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,
Helvetica,Arial,sans-serif}
.page{max-width:640px;margin:0 auto;padding:24px 16px 48px}
header{display:flex;align-items:center;gap:12px;margin-bottom:20px}
header img{max-height:48px;max-width:160px;object-fit:contain}
header .brand{font-size:1.125rem;font-weight:600}
.card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:20px;margin-bottom:16px}
.eyebrow{margin:0;color:var(--muted);font-size:.875rem}
h1{margin:4px 0 4px;font-size:1.75rem;line-height:1.2}
.when{margin:0;color:var(--muted)}
.late{color:var(--warn);font-weight:600}
.problem{color:var(--bad)}
.done{color:var(--ok)}
ol.steps{display:flex;list-style:none;margin:20px 0 0;padding:0;gap:6px}
ol.steps li{flex:1;font-size:.75rem;color:var(--muted)}
ol.steps li::before{content:"";display:block;height:6px;border-radius:3px;background:var(--line);margin-bottom:6px}
ol.steps li.reached::before{background:var(--accent)}
ol.steps li.reached{color:var(--ink)}
ol.steps li[aria-current]{font-weight:600}
dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0}
dt{color:var(--muted)}
dd{margin:0;overflow-wrap:anywhere}
h2{font-size:1rem;margin:0 0 12px}
ol.events{list-style:none;margin:0;padding:0}
ol.events li{position:relative;padding:0 0 16px 20px;border-left:2px solid var(--line);margin-left:5px}
ol.events li:last-child{border-left-color:transparent;padding-bottom:0}
ol.events li::before{content:"";position:absolute;left:-7px;top:4px;width:12px;height:12px;border-radius:50%;
background:var(--card);border:2px solid var(--muted)}
ol.events li:first-child::before{background:var(--accent);border-color:var(--accent)}
.words{font-weight:500}
.meta{color:var(--muted);font-size:.875rem}
.empty{color:var(--muted);margin:0}
footer{text-align:center;color:var(--muted);font-size:.75rem;margin-top:24px}
@media (max-width:420px){h1{font-size:1.5rem}.card{padding:16px}}
`.trim();

const STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`;

/** The page's own policy: nothing runs, its style by hash, images from https (the seller's logo) and itself. */
export const PAGE_POLICY = [
  "default-src 'none'",
  `style-src '${STYLE_HASH}'`,
  "img-src 'self' https: data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const formatters = new Map<string, { time: Intl.DateTimeFormat }>();
function formatterFor(timeZone: string) {
  let found = formatters.get(timeZone);
  if (!found) {
    found = {
      time: new Intl.DateTimeFormat('en-US', {
        timeZone,
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }),
    };
    formatters.set(timeZone, found);
  }
  return found;
}
const DAY = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });
const day = (ymd: string) => DAY.format(new Date(`${ymd}T12:00:00Z`));

function frame(title: string, brand: string, logoUrl: string | null, body: string): string {
  const logo = logoUrl ? `<img src="${escape(logoUrl)}" alt="" referrerpolicy="no-referrer">` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="page">
<header>${logo}<span class="brand">${escape(brand)}</span></header>
<main>
${body}
</main>
<footer>Tracking by Shipdesk</footer>
</div>
</body>
</html>
`;
}

function headline(view: PageView): string {
  const name = TRACKING_STATUS_NAMES[view.status];
  const cls = view.status === 'delivered' ? 'done' : ['exception', 'returned'].includes(view.status) ? 'problem' : '';
  const format = formatterFor(view.timeZone).time;
  let when = '';
  if (view.status === 'delivered' && view.statusAt) {
    when = `<p class="when">${escape(format.format(view.statusAt))}</p>`;
  } else if (view.late && view.expected) {
    when = `<p class="when late">Running late: it was expected ${escape(day(view.expected))}</p>`;
  } else if (view.expected && !['returned', 'voided'].includes(view.status)) {
    when = `<p class="when">Expected ${escape(day(view.expected))}</p>`;
  }
  const at = stepOf(view.status);
  const steps =
    at === null
      ? ''
      : `<ol class="steps" aria-label="Progress">${PAGE_STEPS.map((step, i) => {
          const reached = i <= at ? ' class="reached"' : '';
          const current = i === at ? ' aria-current="step"' : '';
          return `<li${reached}${current}>${escape(TRACKING_STATUS_NAMES[step])}</li>`;
        }).join('')}</ol>`;
  return `<section class="card" aria-labelledby="status">
<p class="eyebrow">Parcel status</p>
<h1 id="status"${cls ? ` class="${cls}"` : ''}>${escape(name)}</h1>
${when}${steps}
</section>`;
}

/** A parcel's page (the view is already cleaned of anything personal). */
export function renderPage(view: PageView): string {
  const format = formatterFor(view.timeZone).time;
  const details = [
    ['Carrier', view.carrierName],
    ['Tracking number', view.trackingNumber],
    ...(view.destination ? [['Shipping to', view.destination]] : []),
  ]
    .map(([term, value]) => `<dt>${escape(term!)}</dt><dd>${escape(value!)}</dd>`)
    .join('');
  const events =
    view.events.length === 0
      ? `<p class="empty">No news from the carrier yet: the parcel's journey shows here once it is on its way.</p>`
      : `<ol class="events">${view.events
          .map(
            (e) =>
              `<li><div class="words">${escape(e.words)}</div><div class="meta"><time datetime="${e.at.toISOString()}">${escape(
                format.format(e.at),
              )}</time>${e.place ? ` · ${escape(e.place)}` : ''}</div></li>`,
          )
          .join('')}</ol>`;
  const body = `${headline(view)}
<section class="card" aria-label="Shipment"><dl>${details}</dl></section>
<section class="card" aria-labelledby="journey"><h2 id="journey">Journey</h2>${events}</section>`;
  return frame(`${TRACKING_STATUS_NAMES[view.status]}: your parcel from ${view.brand}`, view.brand, view.logoUrl, body);
}

/** The page of a link that names no parcel (unknown, mistyped or withdrawn), in the same look. */
export const NOT_FOUND_PAGE = frame(
  'Tracking page not found',
  'Parcel tracking',
  null,
  `<section class="card" aria-labelledby="status">
<h1 id="status">We can't find this parcel</h1>
<p class="when">The link may be mistyped, or the shipment was canceled. Check the link in your e-mail, or ask the
seller for a new one.</p>
</section>`,
);
