import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './lib/theme/roboto.css';
import { bootstrap } from './app/bootstrap.ts';
import { StartupError } from './app/startup-error.tsx';
import { createBrowserEmotionCache, FRAME_STYLES_META } from './lib/theme/emotion-cache.ts';
import { holdUntil } from './lib/lazy/page-settled.ts';
import { adoptFirstRequests, recordFirstRequests } from './lib/api/first-requests.ts';
import { readAuthToken } from './lib/storage/auth-data.ts';
import { warmFormats } from './lib/format/warm-formats.ts';
import { nextTask } from './lib/lazy/next-task.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

bootstrap()
  .then(async (config) => {
    if (!config) return;
    // The store and router read the configuration: load them after it. Their code is here already (frame-boot.js
    // preloads it); each step's evaluation runs in a task of its own, so that a phone's main thread answers between
    // them (docs/decisions.md, "The signed-in frame as HTML").
    const { store } = await import('./app/store.ts');
    const { canHydrateFrame, drawnOnLeaving, whenPageDataCame, whenRouterReady } =
      await import('./app/frame/hydrate-frame.ts');
    const framed = document.querySelector(`meta[name="${FRAME_STYLES_META}"]`) !== null;
    const hydrating = framed && canHydrateFrame(store.getState());
    // The page's first requests, started by the frame's boot file with the scripts, are this page's answers
    // (lib/api/first-requests.ts).
    if (hydrating) adoptFirstRequests(readAuthToken() ?? '');
    await nextTask();
    const { router } = await import('./app/router.ts');
    await nextTask();
    const { AppProviders, prepareTheme } = await import('./app/providers.tsx');
    await nextTask();
    prepareTheme();
    await nextTask();
    const cache = createBrowserEmotionCache();
    const app = (hydrate: boolean) => (
      <StrictMode>
        <AppProviders config={config} cache={cache} hydrating={hydrate} />
      </StrictMode>
    );
    if (!hydrating) {
      createRoot(container).render(app(false));
      return;
    }
    // The page's HTML is the signed-in frame (docs/decisions.md): hydrate it once the page's code is here, so the
    // first render is that HTML exactly, and in a transition, so the work yields to the browser.
    await whenRouterReady(router);
    const pageData = whenPageDataCame(store);
    drawnOnLeaving(router);
    recordFirstRequests(pageData);
    // The controls' code fetched at idle moments waits for the page's data (lib/lazy/page-settled.ts).
    holdUntil(pageData);
    startTransition(() => {
      hydrateRoot(container, app(true));
    });
    // While the page waits for its data: the formats its dates and amounts are drawn with.
    void warmFormats();
  })
  .catch((error: unknown) => {
    console.error('Shipdesk could not start', error);
    createRoot(container).render(<StartupError />);
  });
