import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/roboto/300.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { bootstrap } from './app/bootstrap.ts';
import { StartupError } from './app/startup-error.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

bootstrap()
  .then(async (config) => {
    if (!config) return;
    // The providers import the store and router, which read the configuration: load them after it.
    const { AppProviders } = await import('./app/providers.tsx');
    root.render(
      <StrictMode>
        <AppProviders config={config} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error('Shipdesk could not start', error);
    root.render(<StartupError />);
  });
