import {
  ALL_STORES_SCOPE,
  RULE_TARGET_WORDS,
  capitalised,
  isKnownTimeZone,
  localDay,
  signatureWords,
  type RuleActionResult,
  type RuleApplication,
  type RuleTarget,
  type SignatureKind,
} from '@shipdesk/contract';
import { formatDateTime } from '@/lib/format';

/**
 * The order view's "why" in plain words: how a rule application ran, and what each action of a matched rule did. The
 * values (a method's name, "$210.00", the failed conditions) come already worded from the server; these add the
 * field, the outcome and the when.
 */

const TRIGGER_WORDS: Record<RuleApplication['trigger'], string> = {
  import: 'when the order was imported',
  created: 'when the order was created',
  manual: 'when someone ran the rules',
};

function triggerWords(trigger: RuleApplication['trigger']): string {
  return TRIGGER_WORDS[trigger] ?? 'on this order';
}

/** A rule set's name: "All stores", the order's store by name, another store by its id. */
export function scopeName(scope: string, stores: ReadonlyMap<string, string>): string {
  if (scope === ALL_STORES_SCOPE) return 'All stores';
  return stores.get(scope) ?? `store ${scope}`;
}

/** "rule set All stores v4", "rule sets Berlin shop v2 and All stores v4": the store's set first, as they ran. */
export function ruleSetWords(versions: Record<string, number>, stores: ReadonlyMap<string, string>): string {
  const scopes = Object.keys(versions).sort((a, b) => Number(a === ALL_STORES_SCOPE) - Number(b === ALL_STORES_SCOPE));
  if (scopes.length === 0) return 'no saved rule set';
  const named = scopes.map((scope) => `${scopeName(scope, stores)} v${versions[scope]}`);
  return `${named.length === 1 ? 'rule set' : 'rule sets'} ${named.join(' and ')}`;
}

/** "just now", "3 min ago", "5 h ago", "2 days ago", then the date and time in the tenant's zone. */
export function agoWords(at: string, now: number, timeZone: string): string {
  const seconds = (now - new Date(at).getTime()) / 1000;
  if (Number.isNaN(seconds)) return '';
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  if (days < 7) return `${days} ${days === 1 ? 'day' : 'days'} ago`;
  return `on ${formatDateTime(at, timeZone).slice(0, 16)}`;
}

/** "Applied when the order was imported, 3 min ago, rule set All stores v4". */
export function applicationWords(
  application: RuleApplication,
  stores: ReadonlyMap<string, string>,
  now: number,
  timeZone: string,
): string {
  const when = agoWords(application.at, now, timeZone);
  return [`Applied ${triggerWords(application.trigger)}`, when, ruleSetWords(application.versions, stores)]
    .filter(Boolean)
    .join(', ');
}

/** The fields that say how the order ships: a person sets them by choosing its service. */
const SERVICE_TARGETS: ReadonlySet<RuleTarget> = new Set(['shipMethod', 'carrierService', 'packageType']);

/** Fields whose words from the server name the field already: "adult signature", `tag “vip”`, "box #12". */
const SELF_NAMED: ReadonlySet<RuleTarget> = new Set(['signature', 'holdUntil', 'tags', 'notes', 'boxSize']);

/** "shipping method → Express"; "adult signature" and "hold until 2025-12-01" stand alone. */
export function actionTargetWords(action: Pick<RuleActionResult, 'target' | 'value'>): string {
  const field = RULE_TARGET_WORDS[action.target] ?? action.target;
  const value = action.value.trim();
  if (SELF_NAMED.has(action.target) && value.toLowerCase().includes(field)) return value;
  return `${field} → ${value}`;
}

export type OutcomeTone = 'success' | 'neutral' | 'info' | 'warning' | 'error';

/** What became of one action, in words, and how it is coloured. */
export function outcomeWords(action: RuleActionResult): { text: string; tone: OutcomeTone } {
  switch (action.outcome) {
    case 'set':
      return { text: action.before ? `set, was ${action.before}` : 'set', tone: 'success' };
    case 'same':
      return {
        text: action.message ? `not changed: ${action.message}` : 'already so, nothing changed',
        tone: 'neutral',
      };
    case 'overruled':
      return { text: 'overruled by an earlier rule', tone: 'neutral' };
    case 'kept':
      return {
        text: SERVICE_TARGETS.has(action.target)
          ? 'kept: you chose the service by hand'
          : 'kept: it was set by hand on this order',
        tone: 'info',
      };
    case 'labelled':
      return { text: 'not changed: the order is labelled', tone: 'info' };
    case 'failed':
      return { text: `failed: ${action.message ?? 'no reason was given'}`, tone: 'error' };
    default:
      return { text: String(action.outcome), tone: 'neutral' };
  }
}

/**
 * The names of the rules that matched, cut after a few: "VIP goes express, Hazmat by ground and 2 more". `count` is
 * how many matched: the server keeps only the first names.
 */
function matchedNamesWords(names: readonly string[], count = names.length, shown = 3): string {
  const total = Math.max(count, names.length);
  if (total <= shown) return names.join(', ');
  const named = names.slice(0, shown);
  return `${named.join(', ')} and ${total - named.length} more`;
}

/**
 * The timeline's name of a `shippingRules` event from its payload `{ trigger, versions, matched, matchedCount,
 * changed }`: "Shipping rules applied (VIP goes express)".
 */
export function rulesEventName(payload: Record<string, unknown>): string {
  const matched = Array.isArray(payload.matched)
    ? payload.matched.filter((name): name is string => typeof name === 'string' && name !== '')
    : [];
  const count = typeof payload.matchedCount === 'number' ? payload.matchedCount : matched.length;
  return matched.length > 0
    ? `Shipping rules applied (${matchedNamesWords(matched, count)})`
    : 'Shipping rules ran (no rule matched)';
}

/** The timeline's details of a `shippingRules` event: how it ran and whether the order changed. */
export function rulesEventDetails(payload: Record<string, unknown>): string[] {
  const details: string[] = [];
  const trigger = payload.trigger;
  if (trigger === 'import' || trigger === 'created' || trigger === 'manual') {
    details.push(`Ran ${triggerWords(trigger)}`);
  }
  if (typeof payload.changed === 'boolean') {
    details.push(payload.changed ? 'The order changed' : 'Nothing changed');
  }
  return details;
}

/** "Adult signature": the contract's words of a signature, as a choice or a row starts them. */
export const SIGNATURE_WORDS: Record<SignatureKind, string> = {
  standard: capitalised(signatureWords('standard')),
  adult: capitalised(signatureWords('adult')),
};

/** Today as `YYYY-MM-DD` in the tenant's zone, the zone hold dates are in (UTC's for a zone Intl does not know). */
export function todayIn(timeZone: string, now: number = Date.now()): string {
  return localDay(now, isKnownTimeZone(timeZone) ? timeZone : 'UTC');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2025-12-01` -> "Dec 1" in the year of `today`, else "Dec 1, 2026". A date it cannot read is shown as sent. */
export function dayWords(date: string, today: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return date;
  const day = `${month} ${Number(match[3])}`;
  return match[1] === today.slice(0, 4) ? day : `${day}, ${match[1]}`;
}

const SETTING_FIELDS = ['insuredValue', 'signature', 'holdUntil', 'boxSizeId'] as const;

/** A `ruleSettingsUpdated` payload `{ set: { field: value }, automatic: [target] }`, read defensively. */
function settingsChange(payload: Record<string, unknown>) {
  const set = payload.set && typeof payload.set === 'object' ? (payload.set as Record<string, unknown>) : {};
  const automatic = Array.isArray(payload.automatic)
    ? payload.automatic.filter(
        (target): target is RuleTarget => typeof target === 'string' && target in RULE_TARGET_WORDS,
      )
    : [];
  return { set, fields: SETTING_FIELDS.filter((field) => field in set), automatic };
}

/** The timeline's name of a `ruleSettingsUpdated` event: set by hand, handed back to the rules, or both. */
export function ruleSettingsEventName(payload: Record<string, unknown>): string {
  const { fields, automatic } = settingsChange(payload);
  if (fields.length > 0 && automatic.length > 0) return 'Shipping settings changed by hand';
  return automatic.length > 0 ? 'Shipping settings handed back to the rules' : 'Shipping settings set by hand';
}

/**
 * The timeline's details of a `ruleSettingsUpdated` event: each value set by hand ("Insured value $50.00", "No
 * signature", "Box Small box"), then what the rules decide again ("Rules decide the insured value and box").
 */
export function ruleSettingsEventDetails(payload: Record<string, unknown>, money: (minor: number) => string): string[] {
  const { set, fields, automatic } = settingsChange(payload);
  const details = fields.map((field) => {
    const value = set[field];
    if (field === 'insuredValue') return typeof value === 'number' ? `Insured value ${money(value)}` : 'Not insured';
    if (field === 'signature') {
      return value === 'standard' || value === 'adult' ? SIGNATURE_WORDS[value] : 'No signature';
    }
    if (field === 'holdUntil') return typeof value === 'string' ? `Hold until ${value}` : 'No hold';
    if (typeof value !== 'string') return 'No box';
    return `Box ${typeof payload.boxSizeName === 'string' && payload.boxSizeName ? payload.boxSizeName : value}`;
  });
  if (automatic.length > 0) {
    const words = automatic.map((target) => RULE_TARGET_WORDS[target]);
    const list = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
    details.push(`Rules decide the ${list}`);
  }
  return details;
}
