import { useState } from 'react';
import type { Path, UseFormReturn } from 'react-hook-form';
import { toast } from '@/lib/toast/toast';
import type { StoreFieldDefinition } from '@shipdesk/contract';
import { apiFieldErrors } from '@/lib/errors';
import { applyServerErrors } from '@/lib/validation';
import { connectionFieldPath, type ConnectionFormValues } from './connection-field';

/** What a 'Test connection' answered, in the words to show. */
export interface ConnectionAnswer {
  ok: boolean;
  /** 'Connected to …', or what went wrong. */
  title: string;
  /** The other side's own words when it refused (status and error text). */
  answer: string | null;
  /** Who `answer` comes from: 'The platform', 'UPS'. */
  answeredBy: string;
}

interface ConnectionDialogOptions<V extends ConnectionFormValues> {
  form: UseFormReturn<V>;
  /** The connection fields of the chosen platform or carrier. */
  fields: readonly StoreFieldDefinition[];
  /** The field that chooses the platform or carrier: checked with the connection fields before a test. */
  choiceField: Path<V>;
  /** Every field a 400 may name, so its messages land under their inputs. */
  serverFields: Path<V>[];
  /** Saves what the form holds; answers the words of the toast that says so. */
  save(values: V): Promise<string>;
  /** What a failed save says when the server's answer names no field. */
  saveFailure: string;
  /** Tests what the form holds now; null when there is no answer to show (the form marked the fields to fix). */
  test(values: V): Promise<ConnectionAnswer | null>;
  /** Who answers a test: 'The platform', 'UPS'. */
  answeredBy: string;
  /** A test is under way. */
  testing: boolean;
  /** The masked stored secrets of what is being edited: they stand in the empty secret inputs. */
  stored: Record<string, string> | undefined;
  onClose(): void;
}

/** What a connection dialog shows and does: useConnectionDialog's answer, for ConnectionDialog. */
export interface ConnectionDialogState<V extends ConnectionFormValues> extends Pick<
  ConnectionDialogOptions<V>,
  'form' | 'fields' | 'stored' | 'testing'
> {
  /** The form is being saved. */
  busy: boolean;
  showAdvanced: boolean;
  toggleAdvanced(): void;
  /** A failure of the save that belongs to no field. */
  formError: string | null;
  /** The last 'Test connection' answer. */
  result: ConnectionAnswer | null;
  /** Forgets the last answer (the platform or carrier changed). */
  clearResult(): void;
  submit(): void;
  runTest(): void;
}

/**
 * The behaviour shared by the dialogs that connect to an outside service (a store's platform, a carrier account):
 * save, then close with a toast; test what the form holds before anything is saved; and put the server's field errors
 * under their inputs, opening "Advanced" when one of them is there.
 */
export function useConnectionDialog<V extends ConnectionFormValues>(
  options: ConnectionDialogOptions<V>,
): ConnectionDialogState<V> {
  const { form, fields, choiceField, serverFields, save, saveFailure, test, answeredBy, onClose } = options;
  const [showAdvanced, setShowAdvanced] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<ConnectionAnswer | null>(null);

  /** Field errors of a 400 go under their inputs (opening "Advanced" if one is there); the rest is returned. */
  const landOnFields = (error: unknown, fallback: string) => {
    const named = Object.keys(apiFieldErrors(error));
    if (fields.some((field) => field.advanced && named.includes(connectionFieldPath(field)))) setShowAdvanced(true);
    return applyServerErrors(error, serverFields, form.setError, fallback);
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      toast.success(await save(values));
      onClose();
    } catch (error) {
      setFormError(landOnFields(error, saveFailure));
    }
  });

  const runTest = async () => {
    setResult(null);
    const checked = [choiceField, ...fields.map((field) => connectionFieldPath(field) as Path<V>)];
    if (!(await form.trigger(checked))) return;
    try {
      const answer = await test(form.getValues());
      if (answer) setResult(answer);
    } catch (error) {
      const message = landOnFields(error, 'Could not test the connection.');
      if (message) setResult({ ok: false, title: message, answer: null, answeredBy });
    }
  };

  return {
    form,
    fields,
    stored: options.stored,
    testing: options.testing,
    busy: form.formState.isSubmitting,
    showAdvanced,
    toggleAdvanced: () => setShowAdvanced((open) => !open),
    formError,
    result,
    clearResult: () => setResult(null),
    submit: () => void submit(),
    runTest: () => void runTest(),
  };
}
