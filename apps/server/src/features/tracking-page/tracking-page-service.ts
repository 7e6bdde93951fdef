import { createHash } from 'node:crypto';
import {
  BUILT_IN_CARRIER,
  CARRIER_NAMES,
  DEFAULT_TIME_ZONE,
  type Carrier,
  type TrackingStatus,
} from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import { parseId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { shipDateIn } from '../labels/index.ts';
import { isLate } from '../tracking/index.ts';
import { createPageCache } from './tracking-page-cache.ts';
import { NOT_FOUND_PAGE, renderPage } from './tracking-page-html.ts';
import { trackingPageToken, trackingPageUrl } from './tracking-page-links.ts';
import { createTrackingPageRepository, type PageFacts } from './tracking-page-repository.ts';
import { publicDestination, publicLogo, publicPlace, publicWords, TOKEN_PATTERN } from './tracking-page-rules.ts';

const repo = createTrackingPageRepository();

/** A page as served: 200 with its ETag, or the 404 page. */
interface PageAnswer {
  status: 200 | 404;
  html: string;
  etag: string | null;
}

const MISSING: PageAnswer = { status: 404, html: NOT_FOUND_PAGE, etag: null };

/** The tag a page is cached under: its order's changes forget it. */
const tagOf = (tenantId: string, orderId: number | string) => `${tenantId}\u0000${orderId}`;

function pageOf(facts: PageFacts): PageAnswer {
  const timeZone = facts.timeZone || DEFAULT_TIME_ZONE;
  const status = facts.parcelStatus as TrackingStatus;
  const late = isLate(status, facts.parcelExpected, shipDateIn(timeZone), facts.parcelFailures > 0);
  const warehouse = (facts.warehouse ?? {}) as { company?: string; name?: string };
  const html = renderPage({
    brand: facts.senderName?.trim() || warehouse.company?.trim() || warehouse.name?.trim() || 'Your parcel',
    logoUrl: publicLogo(facts.logoUrl),
    status,
    statusAt: facts.parcelStatusAt,
    expected: facts.parcelExpected,
    late,
    // The built-in carrier is the seller's own delivery: its product name means nothing to a buyer.
    carrierName:
      facts.carrier === BUILT_IN_CARRIER
        ? 'Local delivery by the seller'
        : (CARRIER_NAMES[facts.carrier as Carrier] ?? facts.carrier),
    trackingNumber: facts.trackingNumber,
    destination: publicDestination(facts.city, facts.state, facts.country),
    timeZone,
    events: facts.events.map((e) => ({
      at: e.at,
      status: e.status as TrackingStatus,
      words: publicWords(e.description, e.status as TrackingStatus, e.source),
      place: publicPlace(e.location),
    })),
  });
  // What makes the page change: its label, its status, the carrier's last answer, and whether it is late today.
  const version = [facts.id, status, facts.parcelCheckedAt?.toISOString() ?? '', late ? 'late' : ''].join('|');
  const etag = `W/"${createHash('sha1').update(version).digest('base64url').slice(0, 20)}"`;
  return { status: 200, html, etag };
}

interface TrackingPageDeps {
  database: Database;
  publicUrl: string;
  cache?: { max: number; ttlMs: number };
}

/** The public tracking page (docs/tracking-page.md): pages by token, cached in the process, and a delivery's link. */
export function createTrackingPage(deps: TrackingPageDeps) {
  const { database } = deps;
  const cache = createPageCache<PageAnswer>(deps.cache ?? { max: 10_000, ttlMs: 60_000 });

  /** Pages being read now: buyers asking for one page at once share one read of it. */
  const reading = new Map<string, Promise<PageAnswer>>();

  /** `GET /t/{token}`: a hot page costs no database work; an unknown token is not kept (it would crowd the cache). */
  async function page(token: string): Promise<PageAnswer> {
    if (!TOKEN_PATTERN.test(token)) return MISSING;
    const cached = cache.get(token) ?? reading.get(token);
    if (cached) return cached;
    const read = readPage(token).finally(() => {
      reading.delete(token);
      if (reading.size === 0) changedWhileReading.clear();
    });
    reading.set(token, read);
    return read;
  }

  /** Counts the changes heard, and each order's latest while pages are being read: a page read while its order
   * changed may be from before the change, and is not kept. */
  let changes = 0;
  const changedWhileReading = new Map<string, number>();

  async function readPage(token: string): Promise<PageAnswer> {
    const changesBefore = changes;
    const found = await repo.labelOf(database, token);
    if (!found) return MISSING;
    const { tenantId, labelId } = found;
    const facts = await database.withTenant(tenantId, (tx) => repo.facts(tx, tenantId, labelId), { readOnly: true });
    if (!facts) return MISSING;
    // A voided label's page is gone for good: its 404 is kept like a page.
    const answer = facts.status === 'active' ? pageOf(facts) : MISSING;
    const tag = tagOf(tenantId, facts.orderId);
    if ((changedWhileReading.get(tag) ?? 0) <= changesBefore) cache.set(token, answer, tag);
    return answer;
  }

  /** `POST /call/shipment/{deliveryId}/trackingLink`: the standing label's page, its token made when first asked. */
  async function link(auth: AuthContext, deliveryIdText: string): Promise<{ url: string }> {
    const deliveryId = parseId(deliveryIdText);
    const token = await database.withTenant(auth.tenantId, async (tx) => {
      const labelId = deliveryId === null ? null : await repo.standingLabel(tx, auth.tenantId, deliveryId);
      return labelId === null ? null : trackingPageToken(tx, auth.tenantId, labelId);
    });
    if (!token) throw notFound('This delivery has no standing label');
    return { url: trackingPageUrl(deps.publicUrl, token) };
  }

  /** Forgets the pages of these orders (their parcels moved, or their labels changed). */
  function forgetOrders(tenantId: string, orderIds: readonly string[]): void {
    changes++;
    for (const orderId of orderIds) {
      const tag = tagOf(tenantId, orderId);
      cache.forget(tag);
      if (reading.size > 0) changedWhileReading.set(tag, changes);
    }
  }

  return { page, link, forgetOrders, cachedPages: () => cache.size };
}
export type TrackingPage = ReturnType<typeof createTrackingPage>;
