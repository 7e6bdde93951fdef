import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PRINT_METHODS,
  usePrinterPreferences,
  writePrinterPreferences,
  type PrintMethod,
  type ScaleChoice,
} from '@/lib/printing/printer-preferences';
import { qzMessage, qzTray, useQzTrayState, type QzTrayClient } from '@/lib/printing/qz-tray';
import { scaleReadingProblem } from '@/lib/printing/scale-report';
import { QzTrayStatus } from './qz-tray-status';

interface PrinterPreferencesFormProps {
  client?: QzTrayClient;
}

const scaleKey = (scale: ScaleChoice) => `${scale.vendorId}:${scale.productId}`;

/** The printers and scales QZ Tray sees, asked again on demand. */
function useQzDevices(client: QzTrayClient, connected: boolean) {
  const [printers, setPrinters] = useState<string[]>([]);
  const [scales, setScales] = useState<ScaleChoice[]>([]);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(async () => {
    setError(null);
    try {
      setPrinters(await client.listPrinters());
    } catch (failure) {
      setError(qzMessage(failure, 'QZ Tray could not list the printers'));
    }
    // Scales are optional: a QZ Tray without USB access still prints.
    setScales(await client.listScales().catch(() => []));
  }, [client]);
  useEffect(() => {
    if (connected) void refresh();
  }, [connected, refresh]);
  return { printers, scales, error, refresh };
}

/**
 * How this computer prints labels (spec 9: the default printer and scale are kept in local storage): QZ Tray to a
 * chosen printer, the browser's print dialog, or downloads; and the USB scale the label form reads.
 */
export function PrinterPreferencesForm({ client = qzTray }: PrinterPreferencesFormProps) {
  const preferences = usePrinterPreferences();
  const state = useQzTrayState(client);
  const connected = state.status === 'connected';
  const devices = useQzDevices(client, connected);
  const [reading, setReading] = useState<{ text: string; ok: boolean } | null>(null);

  const printers =
    preferences.printer && !devices.printers.includes(preferences.printer)
      ? [preferences.printer, ...devices.printers]
      : devices.printers;
  const scales =
    preferences.scale && !devices.scales.some((scale) => scaleKey(scale) === scaleKey(preferences.scale!))
      ? [preferences.scale, ...devices.scales]
      : devices.scales;

  const testScale = async () => {
    if (!preferences.scale) return;
    setReading(null);
    try {
      const result = await client.readScale(preferences.scale);
      const problem = scaleReadingProblem(result);
      setReading(
        problem
          ? { text: problem, ok: false }
          : { text: `${result.pounds} lb (${result.weight} ${result.unit})`, ok: true },
      );
    } catch (failure) {
      setReading({ text: qzMessage(failure, 'The scale could not be read'), ok: false });
    }
  };

  return (
    <Stack spacing={2.5} sx={{ maxWidth: 560 }}>
      <FormControl>
        <FormLabel id="print-method-label">How labels print on this computer</FormLabel>
        <RadioGroup
          aria-labelledby="print-method-label"
          value={preferences.method}
          onChange={(event) => writePrinterPreferences({ method: event.target.value as PrintMethod })}
        >
          {PRINT_METHODS.map((method) => (
            <FormControlLabel
              key={method.value}
              value={method.value}
              control={<Radio size="small" />}
              disableTypography
              label={
                <Box component="span" sx={{ display: 'block', py: 0.5 }}>
                  <Typography variant="body2" component="span" sx={{ display: 'block' }}>
                    {method.label}
                  </Typography>
                  <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>
                    {method.help}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>

      {preferences.method === 'qz' ? (
        <>
          <Box sx={{ borderRadius: 1, overflow: 'hidden' }}>
            <QzTrayStatus client={client} />
          </Box>
          {!connected && state.status !== 'connecting' ? (
            <Typography variant="body2" color="text.secondary">
              QZ Tray is a free program that lets this page print to your printers and read a USB scale. Install it from
              qz.io, start it, then press Try again. Until then labels print through the browser.
            </Typography>
          ) : null}
          {devices.error ? <Alert severity="warning">{devices.error}</Alert> : null}
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              select
              fullWidth
              label="Default printer"
              value={preferences.printer ?? ''}
              onChange={(event) => writePrinterPreferences({ printer: event.target.value || null })}
              helperText="ZPL labels need a thermal printer (Zebra and compatibles); PDFs print anywhere."
            >
              <MenuItem value="">None</MenuItem>
              {printers.map((name) => (
                <MenuItem key={name} value={name}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
            <Button sx={{ mt: 1, minWidth: 112 }} disabled={!connected} onClick={() => void devices.refresh()}>
              Refresh
            </Button>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              select
              fullWidth
              label="Default scale"
              value={preferences.scale ? scaleKey(preferences.scale) : ''}
              onChange={(event) => {
                setReading(null);
                writePrinterPreferences({
                  scale: scales.find((scale) => scaleKey(scale) === event.target.value) ?? null,
                });
              }}
              helperText={
                reading ? reading.text : 'USB postal scales of the HID scale class (DYMO, Mettler Toledo, Fairbanks …)'
              }
              error={reading ? !reading.ok : false}
            >
              <MenuItem value="">None</MenuItem>
              {scales.map((scale) => (
                <MenuItem key={scaleKey(scale)} value={scaleKey(scale)}>
                  {scale.name}
                </MenuItem>
              ))}
            </TextField>
            <Button
              sx={{ mt: 1, minWidth: 112, whiteSpace: 'nowrap' }}
              disabled={!connected || !preferences.scale}
              onClick={() => void testScale()}
            >
              Read scale
            </Button>
          </Box>
        </>
      ) : null}
      <Typography variant="caption" color="text.secondary">
        Kept on this computer only; each computer has its own printer and scale.
      </Typography>
    </Stack>
  );
}
