import Button from '@mui/material/Button';
import BugReportIcon from '@mui/icons-material/BugReport';
import { SUPPORT_BUTTON_OFFSET } from '@shipdesk/contract';
import { useLocation } from 'react-router';

/** The support form learns which page the seller was on. */
export function supportHref(supportUrl: string, pageUrl: string): string {
  const url = new URL(supportUrl);
  url.searchParams.set('from', pageUrl);
  return url.toString();
}

/** The floating 'Report an Issue' button (spec 1): 25px from the bottom, 16px from the right. */
export function ReportIssueButton({ supportUrl }: { supportUrl: string }) {
  const location = useLocation();
  if (!supportUrl) return null;
  const pageUrl = `${window.location.origin}${location.pathname}${location.search}`;
  return (
    <Button
      variant="contained"
      color="secondary"
      href={supportHref(supportUrl, pageUrl)}
      target="_blank"
      rel="noopener noreferrer"
      startIcon={<BugReportIcon />}
      aria-label="Report an Issue (opens in a new tab)"
      sx={{
        position: 'fixed',
        bottom: `${SUPPORT_BUTTON_OFFSET.bottom}px`,
        right: `${SUPPORT_BUTTON_OFFSET.right}px`,
        zIndex: (theme) => theme.zIndex.speedDial,
        borderRadius: 5,
        boxShadow: 4,
      }}
    >
      Report an Issue
    </Button>
  );
}
