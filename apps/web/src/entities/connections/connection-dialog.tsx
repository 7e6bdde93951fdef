import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
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

interface ConnectionDialogProps<V extends ConnectionFormValues> {
  title: string;
  /** Text above the fields. */
  message?: string | undefined;
  submitLabel: string;
  /** useConnectionDialog's answer: the form, the connection's fields, the save and the test. */
  connection: ConnectionDialogState<V>;
  onCancel(): void;
  /** The fields above the connection: the name, the platform or carrier. */
  children: ReactNode;
  /** What comes after the connection's fields. */
  footer?: ReactNode;
}

/**
 * Connect a store or a carrier account, or edit one: its own fields, then the connection's (the advanced ones folded
 * away) with 'Test connection' and its answer, then whatever follows. No connection fields (a Wholesale store, no
 * carrier chosen yet): no connection.
 */
export function ConnectionDialog<V extends ConnectionFormValues>({
  title,
  message,
  submitLabel,
  connection,
  onCancel,
  children,
  footer,
}: ConnectionDialogProps<V>) {
  return (
    <FormDialog
      open
      title={title}
      message={message}
      onCancel={onCancel}
      onSubmit={connection.submit}
      submitLabel={submitLabel}
      busy={connection.busy}
      error={connection.formError}
      maxWidth="sm"
    >
      {children}
      {connection.fields.length > 0 ? (
        <>
          <ConnectionSectionTitle>Connection</ConnectionSectionTitle>
          <ConnectionFieldsSection connection={connection} />
        </>
      ) : null}
      {footer}
    </FormDialog>
  );
}
