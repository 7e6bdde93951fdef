import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import MailOutlineOutlined from '@mui/icons-material/MailOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReturnLabel } from '@shipdesk/contract';
import { formatDateTime, formatMoney } from '@/lib/format';
import { returnCostWords, returnEmailWords, rmaWords, serviceWords } from './return-words';

export type ReturnItemAction = 'preview' | 'download' | 'void' | 'email';

interface ReturnLabelItemProps {
  label: ReturnLabel;
  timeZone: string;
  locale: string;
  /** The download of this return is on its way. */
  downloading: boolean;
  onAction(action: ReturnItemAction): void;
}

const STATUS_WORDS: Record<ReturnLabel['status'], string | null> = {
  active: null,
  voided: 'Voided',
  refund_requested: 'Voided · refund requested',
};

/** One return of the order: what it is, what it costs, whether the buyer got it, and what can be done with it. */
export function ReturnLabelItem({ label, timeZone, locale, downloading, onAction }: ReturnLabelItemProps) {
  const voided = label.status !== 'active';
  const email = returnEmailWords(label.email, timeZone);
  const money = (minor: number, currency: string) => formatMoney(minor, currency, locale);
  const statusWords = STATUS_WORDS[label.status];
  return (
    <Box
      component="li"
      aria-label={`Return ${label.rma}${voided ? ', voided' : ''}`}
      sx={{ px: 2, pt: 1.5, pb: 1, '& + &': { borderTop: 1, borderColor: 'divider' } }}
    >
      <Box sx={{ minWidth: 0, color: voided ? 'text.secondary' : 'text.primary' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" component="h3" sx={{ fontWeight: 600 }}>
            {rmaWords(label.rma)}
          </Typography>
          {statusWords ? <Chip size="small" label={statusWords} variant="outlined" /> : null}
        </Box>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {serviceWords(label.carrier, label.serviceName)} ·{' '}
          <Box component="span" sx={voided ? { textDecoration: 'line-through' } : undefined}>
            {label.trackingUrl && !voided ? (
              <Link href={label.trackingUrl} target="_blank" rel="noopener noreferrer">
                {label.trackingNumber}
              </Link>
            ) : (
              label.trackingNumber
            )}
          </Box>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {voided && label.voidMessage ? label.voidMessage : returnCostWords(label, money)}
        </Typography>
        {email.tone !== 'none' ? (
          <Typography
            variant="body2"
            color={email.tone === 'failed' && !voided ? 'error' : 'text.secondary'}
            sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.75, mt: 0.25 }}
          >
            {email.tone === 'failed' ? (
              <ErrorOutlineOutlined fontSize="small" aria-hidden sx={{ mt: '1px' }} />
            ) : (
              <MailOutlineOutlined fontSize="small" aria-hidden sx={{ mt: '1px' }} />
            )}
            <span>{email.text}</span>
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.25 }}>
          Made by {label.createdBy} · {formatDateTime(label.createdAt, timeZone)}
          {label.voidedAt ? ` · voided ${formatDateTime(label.voidedAt, timeZone)}` : ''}
        </Typography>
      </Box>
      {/* The text buttons' labels line up with the text above them. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 0.5, alignItems: 'center', mt: 0.5, ml: -0.625 }}>
        <Button size="small" onClick={() => onAction('preview')}>
          Preview
        </Button>
        <Button size="small" onClick={() => onAction('download')} disabled={downloading}>
          Download
        </Button>
        {!voided ? (
          <>
            <Button
              size="small"
              onClick={() => onAction('email')}
              variant={email.tone === 'failed' ? 'outlined' : 'text'}
            >
              {email.tone === 'failed' ? 'Send again' : email.tone === 'none' ? 'E-mail' : 'E-mail again'}
            </Button>
            <Button size="small" color="error" onClick={() => onAction('void')}>
              Void
            </Button>
          </>
        ) : null}
      </Box>
    </Box>
  );
}
