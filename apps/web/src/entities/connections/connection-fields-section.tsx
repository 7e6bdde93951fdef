import { useId } from 'react';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import { ConnectionField, type ConnectionFormValues } from './connection-field';
import type { ConnectionAnswer, ConnectionDialogState } from './use-connection-dialog';

/** The outcome of a connection test: success, or the refusal with the other side's own text, verbatim. */
function ConnectionAnswerAlert({ result }: { result: ConnectionAnswer }) {
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

/** A connection's fields (the advanced ones folded away) and 'Test connection' with its answer. */
export function ConnectionFieldsSection<V extends ConnectionFormValues>({
  connection,
}: {
  connection: ConnectionDialogState<V>;
}) {
  const { form, fields, stored, testing, busy, showAdvanced, toggleAdvanced, runTest, result } = connection;
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
            onClick={toggleAdvanced}
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
          onClick={runTest}
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
