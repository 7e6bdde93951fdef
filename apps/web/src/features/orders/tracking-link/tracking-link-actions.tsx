import { useState } from 'react';
import { toast } from '@/lib/toast/toast';
import Button from '@mui/material/Button';
import { apiErrorMessage } from '@/lib/errors';
import { useMakeTrackingLinkMutation } from './tracking-link-api';

/**
 * "Copy tracking link" and "Open tracking page" of a standing label (docs/tracking-page.md): the buyer's public page
 * of the parcel, the same address the buyer's e-mails carry.
 */
export function TrackingLinkActions({ deliveryId }: { deliveryId: string }) {
  const [makeLink, state] = useMakeTrackingLinkMutation();
  const [url, setUrl] = useState<string | null>(null);

  const linkNow = async (): Promise<string | null> => {
    if (url) return url;
    try {
      const made = (await makeLink({ deliveryId }).unwrap()).url;
      setUrl(made);
      return made;
    } catch (error) {
      toast.error(apiErrorMessage(error, 'The tracking link could not be made.'));
      return null;
    }
  };
  const copy = async () => {
    const link = await linkNow();
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toast.success('Tracking link copied.');
    } catch {
      // A browser that refuses the clipboard (no permission, not a secure page): show the link to copy by hand.
      toast.info(`Tracking link: ${link}`);
    }
  };
  const open = async () => {
    // Opened in the click itself, so no pop-up blocker stops it, then sent to the page once its address is known.
    const page = url ? null : window.open('', '_blank');
    const link = await linkNow();
    if (!link) return page?.close();
    if (page) {
      page.opener = null;
      page.location.href = link;
    } else window.open(link, '_blank', 'noopener,noreferrer');
  };

  return (
    <>
      <Button size="small" onClick={() => void copy()} disabled={state.isLoading}>
        Copy tracking link
      </Button>
      <Button size="small" onClick={() => void open()} disabled={state.isLoading}>
        Open tracking page
      </Button>
    </>
  );
}
