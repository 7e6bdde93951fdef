import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { CARRIER_NAMES, type Address, type AddressCheck, type AddressCheckStatus } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { apiErrorMessage } from '@/lib/errors';
import { loadOnce } from '@/lib/lazy/lazy-load';
import { ADDRESS_CHECK_TONES, addressCheckLine, type AddressCheckTone } from './address-check-words';
import { useAddressCheckActions } from './use-address-check-actions';
import { useAddressCheck } from './use-address-check';

// Drawn only for a corrected or ambiguous address (rare), so their code comes when one is: an ordinary order's view
// does not load the radio buttons.
const loadSuggestion = loadOnce(() => import('./address-suggestion'));
const AddressSuggestion = lazy(() => loadSuggestion().then((m) => ({ default: m.AddressSuggestion })));
const AddressCandidates = lazy(() => loadSuggestion().then((m) => ({ default: m.AddressCandidates })));

const ICONS: Record<AddressCheckStatus, typeof CheckCircleOutlined> = {
  verified: CheckCircleOutlined,
  corrected: WarningAmberOutlined,
  ambiguous: HelpOutlineOutlined,
  invalid: ErrorOutlined,
  not_checked: ScheduleOutlined,
  pending: HourglassEmptyOutlined,
  format_only: InfoOutlined,
};

const TONE_COLORS: Record<AddressCheckTone, string> = {
  success: 'success.main',
  warning: 'warning.main',
  error: 'error.main',
  info: 'info.main',
  neutral: 'text.secondary',
};

/** The line's height: loading, failed and answered lines take the same room, so the card does not jump. */
const LINE_MIN_HEIGHT = 30;

interface AddressCheckPanelProps {
  orderId: string;
  address: Address;
  /** The order's version, sent with a carrier's address taken. */
  version: number;
  timeZone: string;
}

/**
 * The ship-to's check against a carrier's address service, under the address on its card: one line with an icon, and
 * what the seller can do about it (take a correction or a candidate, edit an address the carrier does not know, connect
 * a carrier that checks addresses, check again). Asked again while it waits for its carrier.
 */
export function AddressCheckPanel({ orderId, address, version, timeZone }: AddressCheckPanelProps) {
  const query = useAddressCheck(orderId);
  const actions = useAddressCheckActions(orderId, version);
  const check = query.data;

  let line: ReactNode;
  if (check) {
    const Icon = ICONS[check.status];
    line = (
      <>
        <Icon fontSize="small" sx={{ color: TONE_COLORS[ADDRESS_CHECK_TONES[check.status]], mt: '2px' }} aria-hidden />
        <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {addressCheckLine(check, timeZone)}
          {check.status === 'format_only' ? (
            <>
              {' ('}
              <Link component={RouterLink} to={hrefs.settings('carriers')}>
                Settings &gt; Carriers
              </Link>
              )
            </>
          ) : null}
        </Typography>
      </>
    );
  } else if (query.isError) {
    line = (
      <>
        <WarningAmberOutlined fontSize="small" sx={{ color: 'warning.main', mt: '2px' }} aria-hidden />
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 0 }}>
          {apiErrorMessage(query.error, 'Could not load the address check.')}
        </Typography>
      </>
    );
  } else {
    line = <Skeleton variant="text" sx={{ flex: 1 }} aria-label="Loading the address check" />;
  }

  const retry = query.isError && !check;
  return (
    <Box
      component="section"
      aria-label="Address check"
      aria-busy={query.isFetching && !check}
      sx={{ mt: 1.5, pt: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, minHeight: LINE_MIN_HEIGHT }}>
        {/* Read out when it changes: the answer arriving while the seller looks at the order. */}
        <Box role="status" sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flex: 1, minWidth: 0 }}>
          {line}
        </Box>
        {retry ? (
          <Button size="small" onClick={() => void query.refetch()} disabled={query.isFetching}>
            Retry
          </Button>
        ) : null}
        {check && check.status !== 'pending' ? (
          <Button
            size="small"
            startIcon={<RefreshOutlined fontSize="small" />}
            onClick={() => void actions.checkAgain()}
            disabled={actions.checking}
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          >
            Check again
          </Button>
        ) : null}
      </Box>
      {check ? <CheckDetails check={check} address={address} actions={actions} /> : null}
    </Box>
  );
}

interface CheckDetailsProps {
  check: AddressCheck;
  address: Address;
  actions: ReturnType<typeof useAddressCheckActions>;
}

/** What the seller can do about the answer: nothing when it is verified or still to come. */
function CheckDetails({ check, address, actions }: CheckDetailsProps) {
  // "Keep mine" folds the correction away for this visit; the check stays corrected until the address changes.
  const [kept, setKept] = useState(false);
  const carrier = check.carrier ? CARRIER_NAMES[check.carrier] : 'The carrier';

  if (check.status === 'corrected' && check.suggestion) {
    if (kept) {
      return (
        <Button size="small" onClick={() => setKept(false)} sx={{ mt: 0.5, ml: -0.5 }}>
          Show the suggestion
        </Button>
      );
    }
    return (
      <Suspense fallback={null}>
        <AddressSuggestion
          carrier={carrier}
          current={address}
          suggestion={check.suggestion}
          applying={actions.applying}
          onUse={() => void actions.apply({ use: 'suggestion' })}
          onKeep={() => setKept(true)}
        />
      </Suspense>
    );
  }
  if (check.status === 'ambiguous' && check.candidates.length > 0) {
    return (
      <Suspense fallback={null}>
        <AddressCandidates
          carrier={carrier}
          current={address}
          candidates={check.candidates}
          applying={actions.applying}
          onUse={(candidate) => void actions.apply({ use: 'candidate', candidate })}
        />
      </Suspense>
    );
  }
  if (check.status === 'invalid') {
    return (
      <Hint>
        Check the street, number and postcode with the customer, then edit the address: it is checked again when saved.
      </Hint>
    );
  }
  if (check.status === 'format_only' && check.messages.length > 0) {
    // The format's problems (a missing postcode, a state that is not one): each one the seller can fix by an edit.
    return (
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 3.5, typography: 'body2', color: 'text.secondary' }}>
        {check.messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </Box>
    );
  }
  return null;
}

/** A line under the status, aligned with its words (past the icon). */
function Hint({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, pl: 3.5 }}>
      {children}
    </Typography>
  );
}
