import { findCarrierService, findPackageType } from './carrier-catalogue.ts';
import { BUILT_IN_CARRIER, CARRIER_NAMES, isCarrier, type Carrier } from './carrier-names.ts';
import { listWords, quoted, type RuleWordsContext } from './rule-condition-words.ts';
import { capitalised } from './rule-target-words.ts';
import type { RuleAction, ShippingRule } from './shipping-rules.ts';

/**
 * Shipping rules' actions and the fields they set, in plain words: the editor's sentence ("Ship with USPS Priority
 * Mail; stop here"), and the values the server's "why" and dry run store for each field ("Express", "adult
 * signature", `tag “vip”`), which the order's rules card shows after the field's words ("shipping method → Express").
 */

/**
 * "USPS Priority Mail", "UPS Ground": a service's name with its carrier in front, unless the name says it already
 * (UPS Ground, Shippo's "… (via Shippo)", the built-in carrier's "Local courier"). Never throws on an unknown code.
 */
export function serviceWords(carrier: string, code: string): string {
  if (!isCarrier(carrier)) return `${carrier} ${code}`;
  const carrierName = CARRIER_NAMES[carrier];
  const name = findCarrierService(carrier, code)?.name;
  if (!name) return `${carrierName} service ${code}`;
  const named = name.startsWith(carrierName) || name.includes('(via ') || carrier === BUILT_IN_CARRIER;
  return named ? name : `${carrierName} ${name}`;
}

/** "USPS Flat Rate Envelope", "UPS your packaging": a carrier's package type, carrier first as for services. */
export function packageWords(carrier: Carrier | null, code: string): string {
  if (!carrier) return code;
  const name = findPackageType(carrier, code)?.name;
  if (!name) return `${CARRIER_NAMES[carrier]} package ${code}`;
  return `${CARRIER_NAMES[carrier]} ${name === 'Your packaging' ? 'your packaging' : name}`;
}

export const methodWords = (id: string, ctx: RuleWordsContext) => ctx.shipMethod(id) ?? `shipping method #${id}`;
export const boxWords = (id: string, ctx: RuleWordsContext) => ctx.box(id) ?? `box #${id}`;
export const holdWords = (date: string) => `hold until ${date}`;
export const tagWords = (tag: string) => `tag ${quoted(tag)}`;

/** A note's text on one line, cut at `length` characters: notes may be a thousand, and the words are stored. */
export function noteWords(text: string, length = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `note ${quoted(flat.length > length ? `${flat.slice(0, length - 1).trimEnd()}…` : flat)}`;
}

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** "the cheapest of USPS Ground Advantage, UPS Ground, arriving within 3 days"; one service is named alone. */
export function cheapestWords(services: ReadonlyArray<{ carrier: string; serviceCode: string }>, withinDays?: number) {
  const names = services.map((s) => serviceWords(s.carrier, s.serviceCode));
  const within = withinDays ? `, arriving within ${days(withinDays)}` : '';
  return names.length === 1 ? `${names[0]}${within}` : `the cheapest of ${listWords(names)}${within}`;
}

/** One action as a clause: "ship with Standard", "insure when the total is over $100.00". */
export function actionWords(action: RuleAction, ctx: RuleWordsContext): string {
  switch (action.type) {
    case 'setShipMethod':
      return `ship with ${methodWords(action.shipMethodId, ctx)}`;
    case 'setCarrierService':
      return `ship with ${serviceWords(action.carrier, action.serviceCode)}`;
    case 'cheapestService':
      return `ship with ${cheapestWords(action.services, action.withinDays)}`;
    case 'setBox':
      return `pack in ${boxWords(action.boxSizeId, ctx)}`;
    case 'setPackageType':
      return `use ${packageWords(action.carrier, action.packageType)}`;
    case 'insure':
      return action.above === 0 ? 'insure the shipment' : `insure when the total is over ${ctx.money(action.above)}`;
    case 'requireSignature':
      return action.kind === 'adult' ? 'require an adult signature' : 'require a signature';
    case 'holdUntil':
      return action.date ? holdWords(action.date) : `hold for ${days(action.days ?? 0)} after the order date`;
    case 'addTag':
      return tagWords(action.tag);
    case 'addNote':
      return `add the ${noteWords(action.text, 40)}`;
  }
}

/** A rule's actions as one line: "Ship with USPS Priority Mail; stop here". */
export function actionsSentence(rule: Pick<ShippingRule, 'actions' | 'stop'>, ctx: RuleWordsContext): string {
  const clauses = rule.actions.map((action) => actionWords(action, ctx));
  if (rule.stop) clauses.push('stop here');
  return capitalised(clauses.join('; ') || 'Do nothing');
}
