import type { UseFormReturn } from 'react-hook-form';
import type { ConnectionResult, Store, StoreFieldDefinition } from '@shipdesk/contract';
import { ConnectionFieldsSection, type ConnectionAnswer } from '@/components/connection-fields-section';
import type { StoreFormValues } from '../store-form';
import { StoreDialogSectionTitle } from './store-dialog-section-title';

/** A platform's test answer in the words the dialog shows: the shop's name when it connected. */
export function storeConnectionAnswer(result: ConnectionResult): ConnectionAnswer {
  return {
    ok: result.ok,
    title: result.ok && result.accountName ? `Connected to ${result.accountName}` : result.message,
    answer: result.platformAnswer,
    answeredBy: 'The platform',
  };
}

export interface StoreConnectionSectionProps {
  form: UseFormReturn<StoreFormValues>;
  /** The store being edited: its masked secrets stand in the empty secret inputs. */
  store: Store | undefined;
  fields: readonly StoreFieldDefinition[];
  showAdvanced: boolean;
  onToggleAdvanced(): void;
  onTest(): void;
  testing: boolean;
  /** The form is being saved. */
  busy: boolean;
  /** The last 'Test connection' answer. */
  result: ConnectionResult | null;
}

/** The channel's connection fields (its advanced ones folded away) and 'Test connection' with its answer. */
export function StoreConnectionSection({ store, result, ...section }: StoreConnectionSectionProps) {
  return (
    <>
      <StoreDialogSectionTitle>Connection</StoreDialogSectionTitle>
      <ConnectionFieldsSection
        {...section}
        stored={store?.credentials}
        result={result ? storeConnectionAnswer(result) : null}
      />
    </>
  );
}
