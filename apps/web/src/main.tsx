import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@fontsource/roboto/300.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { bootstrap } from './app/bootstrap.ts';
import { StartupError } from './app/startup-error.tsx';
import { createBrowserEmotionCache, FRAME_STYLES_META } from './lib/theme/emotion-cache.ts';
import { holdUntil } from './lib/lazy/page-settled.ts';
import { recordFirstRequests, startFirstRequests } from './lib/api/first-requests.ts';
import { readAuthToken } from './lib/storage/auth-data.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

bootstrap()
  .then(async (config) => {
    if (!config) return;
    // The providers import the store and router, which read the configuration: load them after it.
    const [{ AppProviders }, { router }, { store }, { canHydrateFrame, whenPageDataCame, whenRouterReady }] =
      await Promise.all([
        import('./app/providers.tsx'),
        import('./app/router.ts'),
        import('./app/store.ts'),
        import('./app/frame/hydrate-frame.ts'),
      ]);
    const cache = createBrowserEmotionCache();
    const app = (hydrating: boolean) => (
      <StrictMode>
        <AppProviders config={config} cache={cache} hydrating={hydrating} />
      </StrictMode>
    );
    const framed = document.querySelector(`meta[name="${FRAME_STYLES_META}"]`) !== null;
    if (!framed || !canHydrateFrame(store.getState())) {
      createRoot(container).render(app(false));
      return;
    }
    // The page's first requests go at once, not after the hydrating render (lib/api/first-requests.ts).
    startFirstRequests(readAuthToken() ?? '');
    // The page's HTML is the signed-in frame (docs/decisions.md): hydrate it once the page's code is here, so the
    // first render is that HTML exactly, and in a transition, so the work yields to the browser.
    await whenRouterReady(router);
    const pageData = whenPageDataCame(store);
    recordFirstRequests(pageData);
    // The controls' code fetched at idle moments waits for the page's data (lib/lazy/page-settled.ts).
    holdUntil(pageData);
    startTransition(() => {
      hydrateRoot(container, app(true));
    });
  })
  .catch((error: unknown) => {
    console.error('Shipdesk could not start', error);
    createRoot(container).render(<StartupError />);
  });
