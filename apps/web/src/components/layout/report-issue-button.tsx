import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import BugReportIcon from '@mui/icons-material/BugReport';
import { SUPPORT_BUTTON_OFFSET } from '@shipdesk/contract';
import { useLocation } from 'react-router';

/** The support form learns which page the seller was on. */
function supportHref(supportUrl: string, pageUrl: string): string {
  const url = new URL(supportUrl);
  url.searchParams.set('from', pageUrl);
  return url.toString();
}

/** The button's own height, set on it so the space kept free for it is exact. */
const REPORT_ISSUE_BUTTON_HEIGHT = 40;

/**
 * The space at the bottom of every signed-in page kept free of content, so the floating button never covers the
 * last row of a list, a pager or a card: its offset from the bottom, its height and a 16px gap above it.
 */
export const REPORT_ISSUE_RESERVED_SPACE = SUPPORT_BUTTON_OFFSET.bottom + REPORT_ISSUE_BUTTON_HEIGHT + 16;

/** The floating 'Report an Issue' button (spec 1): 25px from the bottom, 16px from the right. */
export function ReportIssueButton({ supportUrl }: { supportUrl: string }) {
  const location = useLocation();
  if (!supportUrl) return null;
  const pageUrl = `${window.location.origin}${location.pathname}${location.search}`;
  // In a landmark of its own, so no content of the page sits outside one.
  return (
    <Box component="aside" aria-label="Support">
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
          height: REPORT_ISSUE_BUTTON_HEIGHT,
          whiteSpace: 'nowrap',
          zIndex: (theme) => theme.zIndex.speedDial,
          borderRadius: 5,
          boxShadow: 4,
        }}
      >
        Report an Issue
      </Button>
    </Box>
  );
}
