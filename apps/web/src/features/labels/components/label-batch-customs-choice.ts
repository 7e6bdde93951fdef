import type { CustomsDefaults } from '@shipdesk/contract';

/**
 * Whether two customs choices of a label batch declare the same (an explanation counts with "Other" only). Kept apart
 * from the customs dialog so that the 'Buy labels' button can tell changed choices without loading the dialog's code.
 */
export function sameCustoms(a: CustomsDefaults, b: CustomsDefaults): boolean {
  const explained = (customs: CustomsDefaults) =>
    customs.contentsType === 'other' ? (customs.contentsExplanation ?? '').trim() : '';
  return (
    a.contentsType === b.contentsType &&
    a.nonDelivery === b.nonDelivery &&
    a.incoterm === b.incoterm &&
    explained(a) === explained(b)
  );
}
