import { useEffect, useMemo, useState } from 'react';
import type { CustomsDeclaration, CustomsDraft, OrderFlowBody } from '@shipdesk/contract';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { useUnits } from '@/lib/units/use-units';
import type { LabelEvent } from '../api/labels-api';
import {
  customsErrorsFrom,
  customsFieldsFrom,
  declarationFromFields,
  sameContents,
  type CustomsErrors,
  type CustomsFields,
} from '../label-customs-form';

/**
 * The label form's customs declaration, when the shipment needs one: the server's draft as the seller edits it, the
 * problems by field (the draft's, then the server's answer to a purchase), and whether the section is open (it opens
 * by itself while something is to fix). A re-quoted parcel brings a new draft: the edits are kept while it declares
 * the same lines.
 *
 * `draft`: the quote's `customs`; undefined while no quote is shown (one is loading), which changes nothing.
 */
export function useLabelCustoms(draft: CustomsDraft | null | undefined) {
  const { system } = useUnits();
  const [fields, setFields] = useState<CustomsFields | null>(null);
  const [errors, setErrors] = useState<CustomsErrors>({});
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    if (draft === undefined) return;
    if (draft === null) {
      if (fields !== null) setFields(null);
      return;
    }
    if (fields && sameContents(fields, draft)) return;
    setFields(customsFieldsFrom(draft));
    setErrors(draft.problems);
    setExpanded(Object.keys(draft.problems).length > 0);
  }, [draft, fields]);

  const checked = fields ? declarationFromFields(fields, system) : null;

  /** The fields as edited; `field`'s error (as the server names it) goes, the seller having answered it. */
  const edit = (next: CustomsFields, field?: string) => {
    setFields(next);
    if (field && field in errors) setErrors(({ [field]: _, ...rest }) => rest);
  };

  /** Before a purchase: false (the fields marked, the section open) when a value or weight cannot be read. */
  const check = (): boolean => {
    if (!checked?.errors) return true;
    setErrors((current) => ({ ...current, ...checked.errors }));
    setExpanded(true);
    return false;
  };

  /** A purchase's 400: its `label.customs.*` errors under their fields; whether there were any. */
  const showServerErrors = (fieldErrors: Record<string, string>): boolean => {
    const found = customsErrorsFrom(fieldErrors);
    if (!fields || Object.keys(found).length === 0) return false;
    setErrors(found);
    setExpanded(true);
    return true;
  };

  return {
    fields,
    errors,
    expanded,
    setExpanded,
    edit,
    check,
    showServerErrors,
    /** What a purchase sends as `label.customs`; null without customs or while a value cannot be read. */
    declaration: checked?.declaration ?? null,
  };
}

/**
 * The purchase as sent: the quote's body with the declaration as edited, and one Idempotency-Key per purchase: a
 * double click or a retry of the same choice buys once; another service, parcel or declaration is another purchase.
 */
export function useCustomsPurchase(
  body: OrderFlowBody | null,
  declaration: CustomsDeclaration | null,
  event: LabelEvent,
) {
  const text = JSON.stringify(body && declaration ? { body, declaration } : body);
  return useMemo(() => {
    const purchase: OrderFlowBody | null =
      body && body.label && declaration ? { ...body, label: { ...body.label, customs: declaration } } : body;
    return { purchase, idempotencyKey: purchase ? newIdempotencyKey() : '' };
  }, [text, event]); // eslint-disable-line react-hooks/exhaustive-deps
}
