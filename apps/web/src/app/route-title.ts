import { useMatches, type UIMatch } from 'react-router';
import { useRouteDocumentTitle } from '@/lib/document-title';

/** What a route of the route table may carry in its `handle`. */
export interface RouteHandle {
  /** The page's name in the browser tab, shown as '<title> · Shipdesk'. */
  title?: string;
}

/** The title of the deepest matched route that has one. */
function routeTitle(matches: readonly UIMatch[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const title = (matches[i]?.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
}

/** Keeps the document title on the matched route's title (every route of routes.tsx names one). */
export function useRouteTitle(): void {
  useRouteDocumentTitle(routeTitle(useMatches()));
}
