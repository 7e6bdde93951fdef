import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { usePrinterPreferences, type PrinterPreferences } from '@/lib/printing/printer-preferences';
import { qzTray, useQzTrayState, type QzState, type QzTrayClient } from '@/lib/printing/qz-tray';

interface QzTrayStatusProps {
  client?: QzTrayClient;
  /** The document about to print: a browser cannot print ZPL, so without QZ Tray it is downloaded instead. */
  format?: 'pdf' | 'zpl' | 'png';
}

function describe(
  preferences: PrinterPreferences,
  state: QzState,
  format: QzTrayStatusProps['format'],
): { text: string; tone: 'ok' | 'off' | 'busy' } {
  const zpl = format === 'zpl';
  if (preferences.method === 'browser') {
    return zpl
      ? { text: "A browser cannot print ZPL: Print downloads it for the printer's own tool", tone: 'off' }
      : { text: "Printing through the browser's print dialog", tone: 'ok' };
  }
  if (preferences.method === 'download') return { text: 'Labels are downloaded as files', tone: 'ok' };
  switch (state.status) {
    case 'connected':
      return preferences.printer
        ? { text: `QZ Tray connected · printing to ${preferences.printer}`, tone: 'ok' }
        : { text: 'QZ Tray connected · no default printer chosen', tone: 'off' };
    case 'connecting':
      return { text: 'Connecting to QZ Tray…', tone: 'busy' };
    case 'idle':
      return { text: 'QZ Tray not connected yet', tone: 'busy' };
    default:
      return {
        text: `${state.message ?? 'QZ Tray is not running'} · ${zpl ? 'Print downloads the ZPL instead' : 'the browser prints instead'}`,
        tone: 'off',
      };
  }
}

const DOT = { ok: 'success.main', off: 'warning.main', busy: 'text.disabled' } as const;

/** One line on how labels will print from here, and a way to look for QZ Tray again. */
export function QzTrayStatus({ client = qzTray, format }: QzTrayStatusProps) {
  const preferences = usePrinterPreferences();
  const state = useQzTrayState(client);
  const wantsQz = preferences.method === 'qz';

  useEffect(() => {
    if (wantsQz) void client.connect();
  }, [wantsQz, client]);

  const { text, tone } = describe(preferences, state, format);
  const canLookAgain = wantsQz && (state.status === 'not-running' || state.status === 'failed');
  return (
    <Box
      role="status"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 0.75, bgcolor: 'action.hover', minHeight: 36 }}
    >
      <Box aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: DOT[tone], flexShrink: 0 }} />
      <Typography variant="caption" color="text.secondary" sx={{ flex: 1, minWidth: 0 }}>
        {text}
      </Typography>
      {canLookAgain ? (
        <Button size="small" sx={{ py: 0 }} onClick={() => void client.connect({ force: true })}>
          Try again
        </Button>
      ) : null}
    </Box>
  );
}
