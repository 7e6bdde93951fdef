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
import type { StoreFieldDefinition } from '@shipdesk/contract';
import { ConnectionField, type ConnectionFormValues } from './connection-field';

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

/** The outcome of a connection test: success, or the refusal with the other side's own text, verbatim. */
export function ConnectionAnswerAlert({ result }: { result: ConnectionAnswer }) {
  if (result.ok) {
    return (
      <Alert severity="success" role="status">
        {result.title}
      </Alert>
    );
  }
  return (
    <Alert severity="error" role="status">
      <AlertTitle>{result.title}</AlertTitle>
      {result.answer ? (
        <>
          {result.answeredBy} answered:{' '}
          <Box component="code" sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
            {result.answer}
          </Box>
        </>
      ) : null}
    </Alert>
  );
}

export interface ConnectionFieldsSectionProps<V extends ConnectionFormValues> {
  form: UseFormReturn<V>;
  fields: readonly StoreFieldDefinition[];
  /** The masked stored secrets of what is being edited: they stand in the empty secret inputs. */
  stored: Record<string, string> | undefined;
  showAdvanced: boolean;
  onToggleAdvanced(): void;
  onTest(): void;
  testing: boolean;
  /** The form is being saved. */
  busy: boolean;
  /** The last 'Test connection' answer. */
  result: ConnectionAnswer | null;
}

/** A connection's fields (the advanced ones folded away) and 'Test connection' with its answer. */
export function ConnectionFieldsSection<V extends ConnectionFormValues>({
  form,
  fields,
  stored,
  showAdvanced,
  onToggleAdvanced,
  onTest,
  testing,
  busy,
  result,
}: ConnectionFieldsSectionProps<V>) {
  const advancedId = useId();
  const basic = fields.filter((field) => !field.advanced);
  const advanced = fields.filter((field) => field.advanced);
  return (
    <>
      {basic.map((field) => (
        <ConnectionField key={field.key} form={form} field={field} stored={stored?.[field.key]} />
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
                <ConnectionField key={field.key} form={form} field={field} stored={stored?.[field.key]} />
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
            <ConnectionAnswerAlert result={result} />
          </Box>
        ) : null}
      </Box>
    </>
  );
}
