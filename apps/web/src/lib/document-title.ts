import { useEffect, useLayoutEffect } from 'react';

const APP_NAME = 'Shipdesk';

/** 'Orders' -> 'Orders · Shipdesk'; no title -> 'Shipdesk'. */
function documentTitle(title?: string): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

/**
 * Sets the browser tab's title while the calling page is shown. Every route already has a title in the route table
 * (set before paint); a page that knows better (e.g. the not-found page under an order path) refines it with this.
 */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/** The route table's title: set in a layout effect, so the page's own useDocumentTitle (a later effect) wins. */
export function useRouteDocumentTitle(title: string | undefined): void {
  useLayoutEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
