import {
  RULE_LIMITS,
  minorToDecimal,
  type RuleAction,
  type RuleActionType,
  type SignatureKind,
  parseMoney,
} from '@shipdesk/contract';
import { carrierKey, splitCarrierKey } from '@/entities/carrier-catalogue/carrier-services';
import { rowKey, type Built, type FormContext } from './condition-form';
import { parseDecimal } from './rule-units';

/** One action as the editor holds it: the fields of every action type, so switching type keeps nothing stale. */
export interface ActionForm {
  key: string;
  type: RuleActionType;
  shipMethodId: string;
  /** `carrier:code` of setCarrierService. */
  service: string;
  /** `carrier:code` of each service cheapestService chooses from. */
  services: string[];
  withinDays: string;
  boxSizeId: string;
  /** `carrier:code` of setPackageType. */
  packageType: string;
  /** insure: the total above which the shipment is insured, in the currency's major units. */
  above: string;
  signature: SignatureKind;
  holdBy: 'date' | 'days';
  holdDate: string;
  holdDays: string;
  tag: string;
  note: string;
}

export function newActionForm(type: RuleActionType = 'setShipMethod'): ActionForm {
  return {
    key: rowKey('a'),
    type,
    shipMethodId: '',
    service: '',
    services: [],
    withinDays: '',
    boxSizeId: '',
    packageType: '',
    above: '0',
    signature: 'standard',
    holdBy: 'days',
    holdDate: '',
    holdDays: '1',
    tag: '',
    note: '',
  };
}

export function actionToForm(action: RuleAction, ctx: FormContext): ActionForm {
  const form = newActionForm(action.type);
  switch (action.type) {
    case 'setShipMethod':
      return { ...form, shipMethodId: action.shipMethodId };
    case 'setCarrierService':
      return { ...form, service: carrierKey(action.carrier, action.serviceCode) };
    case 'cheapestService':
      return {
        ...form,
        services: action.services.map((s) => carrierKey(s.carrier, s.serviceCode)),
        withinDays: action.withinDays ? String(action.withinDays) : '',
      };
    case 'setBox':
      return { ...form, boxSizeId: action.boxSizeId };
    case 'setPackageType':
      return { ...form, packageType: carrierKey(action.carrier, action.packageType) };
    case 'insure':
      return { ...form, above: minorToDecimal(action.above, ctx.currency) };
    case 'requireSignature':
      return { ...form, signature: action.kind };
    case 'holdUntil':
      return action.date
        ? { ...form, holdBy: 'date', holdDate: action.date }
        : { ...form, holdBy: 'days', holdDays: String(action.days ?? 1) };
    case 'addTag':
      return { ...form, tag: action.tag };
    case 'addNote':
      return { ...form, note: action.text };
  }
}

const fail = (message: string): Built<RuleAction> => ({ ok: false, message });

function wholeNumber(text: string, min: number, max: number, what: string): Built<number> {
  const parsed = parseDecimal(text, 0);
  if (!parsed.ok) return { ok: false, message: `Enter the number of ${what}` };
  if (parsed.value < min || parsed.value > max) return { ok: false, message: `From ${min} to ${max} ${what}` };
  return { ok: true, value: parsed.value };
}

/** The wire action of a row, or the first thing that keeps it from being one. */
export function toAction(form: ActionForm, ctx: FormContext): Built<RuleAction> {
  switch (form.type) {
    case 'setShipMethod':
      return form.shipMethodId
        ? { ok: true, value: { type: form.type, shipMethodId: form.shipMethodId } }
        : fail('Choose a shipping method');
    case 'setCarrierService': {
      const service = splitCarrierKey(form.service);
      return service
        ? { ok: true, value: { type: form.type, carrier: service.carrier, serviceCode: service.code } }
        : fail('Choose a carrier service');
    }
    case 'cheapestService': {
      const services = form.services.flatMap((key) => {
        const service = splitCarrierKey(key);
        return service ? [{ carrier: service.carrier, serviceCode: service.code }] : [];
      });
      if (services.length === 0) return fail('Choose the services to compare');
      if (services.length > 50) return fail('Compare at most 50 services');
      if (!form.withinDays.trim()) return { ok: true, value: { type: form.type, services } };
      const days = wholeNumber(form.withinDays, 1, 60, 'days');
      return days.ok ? { ok: true, value: { type: form.type, services, withinDays: days.value } } : days;
    }
    case 'setBox':
      return form.boxSizeId
        ? { ok: true, value: { type: form.type, boxSizeId: form.boxSizeId } }
        : fail('Choose a box');
    case 'setPackageType': {
      const type = splitCarrierKey(form.packageType);
      return type
        ? { ok: true, value: { type: form.type, carrier: type.carrier, packageType: type.code } }
        : fail('Choose a package type');
    }
    case 'insure': {
      const above = parseMoney(form.above.trim() || '0', ctx.currency);
      return above.ok ? { ok: true, value: { type: form.type, above: above.minor } } : above;
    }
    case 'requireSignature':
      return { ok: true, value: { type: form.type, kind: form.signature } };
    case 'holdUntil': {
      if (form.holdBy === 'date') {
        return /^\d{4}-\d{2}-\d{2}$/.test(form.holdDate)
          ? { ok: true, value: { type: form.type, date: form.holdDate } }
          : fail('Enter the date to hold the order until');
      }
      const days = wholeNumber(form.holdDays, 1, 365, 'days');
      return days.ok ? { ok: true, value: { type: form.type, days: days.value } } : days;
    }
    case 'addTag': {
      const tag = form.tag.trim();
      if (!tag) return fail('Enter a tag');
      return tag.length > 50 ? fail('At most 50 characters') : { ok: true, value: { type: form.type, tag } };
    }
    case 'addNote': {
      const text = form.note.trim();
      if (!text) return fail('Enter the note');
      return text.length > RULE_LIMITS.note
        ? fail(`At most ${RULE_LIMITS.note.toLocaleString('en-US')} characters`)
        : { ok: true, value: { type: form.type, text } };
    }
  }
}
