import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import Typography from '@mui/material/Typography';
import type { StoreFieldDefinition } from '@shipdesk/contract';
import { FormDialog } from '@/components/form-dialog';
import type { ConnectionFormValues } from './connection-field';
import { ConnectionFieldsSection } from './connection-fields-section';
import type { ConnectionDialogState } from './use-connection-dialog';

/** A heading between a connection dialog's groups of fields. */
export function ConnectionSectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600, pt: 1 }}>
      {children}
    </Typography>
  );
}

export interface ConnectionDialogProps<V extends ConnectionFormValues> {
  title: string;
  /** Text above the fields. */
  message?: string | undefined;
  submitLabel: string;
  form: UseFormReturn<V>;
  /** The connection fields of the chosen platform or carrier: none hides the connection. */
  fields: readonly StoreFieldDefinition[];
  /** The masked stored secrets of what is being edited: they stand in the empty secret inputs. */
  stored: Record<string, string> | undefined;
  /** useConnectionDialog's answer. */
  connection: ConnectionDialogState;
  /** A connection test is under way. */
  testing: boolean;
  onCancel(): void;
  /** The fields above the connection: the name, the platform or carrier. */
  children: ReactNode;
  /** What comes after the connection's fields. */
  footer?: ReactNode;
}

/**
 * Connect a store or a carrier account, or edit one: its own fields, then the connection's (the advanced ones folded
 * away) with 'Test connection' and its answer, then whatever follows.
 */
export function ConnectionDialog<V extends ConnectionFormValues>({
  title,
  message,
  submitLabel,
  form,
  fields,
  stored,
  connection,
  testing,
  onCancel,
  children,
  footer,
}: ConnectionDialogProps<V>) {
  const busy = form.formState.isSubmitting;
  return (
    <FormDialog
      open
      title={title}
      message={message}
      onCancel={onCancel}
      onSubmit={connection.submit}
      submitLabel={submitLabel}
      busy={busy}
      error={connection.formError}
      maxWidth="sm"
    >
      {children}
      {fields.length > 0 ? (
        <>
          <ConnectionSectionTitle>Connection</ConnectionSectionTitle>
          <ConnectionFieldsSection
            form={form}
            fields={fields}
            stored={stored}
            showAdvanced={connection.showAdvanced}
            onToggleAdvanced={connection.toggleAdvanced}
            onTest={connection.runTest}
            testing={testing}
            busy={busy}
            result={connection.result}
          />
        </>
      ) : null}
      {footer}
    </FormDialog>
  );
}
