import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import type { ConnectionResult, Store, StoreFieldDefinition } from '@shipdesk/contract';
import type { StoreFormValues } from '../store-form';
import { ConnectionField } from './connection-field';
import { StoreDialogSectionTitle } from './store-dialog-section-title';

function ConnectionAnswer({ result }: { result: ConnectionResult }) {
  if (result.ok) {
    return (
      <Alert severity="success" role="status">
        {result.accountName ? `Connected to ${result.accountName}` : result.message}
      </Alert>
    );
  }
  return (
    <Alert severity="error" role="status">
      <AlertTitle>{result.message}</AlertTitle>
      {result.platformAnswer ? (
        <>
          The platform answered:{' '}
          <Box component="code" sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
            {result.platformAnswer}
          </Box>
        </>
      ) : null}
    </Alert>
  );
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
export function StoreConnectionSection({
  form,
  store,
  fields,
  showAdvanced,
  onToggleAdvanced,
  onTest,
  testing,
  busy,
  result,
}: StoreConnectionSectionProps) {
  const advancedId = useId();
  const basic = fields.filter((field) => !field.advanced);
  const advanced = fields.filter((field) => field.advanced);
  return (
    <>
      <StoreDialogSectionTitle>Connection</StoreDialogSectionTitle>
      {basic.map((field) => (
        <ConnectionField key={field.key} form={form} field={field} stored={store?.credentials[field.key]} />
      ))}
      {advanced.length > 0 ? (
        <Box>
          <Button
            size="small"
            onClick={onToggleAdvanced}
            aria-expanded={showAdvanced}
            aria-controls={advancedId}
            endIcon={
              <ExpandMoreOutlined
                sx={{ transform: showAdvanced ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
              />
            }
          >
            Advanced
          </Button>
          <Collapse in={showAdvanced} id={advancedId}>
            <Stack spacing={2} sx={{ pt: 2 }}>
              {advanced.map((field) => (
                <ConnectionField key={field.key} form={form} field={field} stored={store?.credentials[field.key]} />
              ))}
            </Stack>
          </Collapse>
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, alignItems: 'flex-start' }}>
        <Button
          variant="outlined"
          onClick={onTest}
          disabled={testing || busy}
          startIcon={testing ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          Test connection
        </Button>
        {result ? (
          <Box sx={{ alignSelf: 'stretch' }}>
            <ConnectionAnswer result={result} />
          </Box>
        ) : null}
      </Box>
    </>
  );
}
