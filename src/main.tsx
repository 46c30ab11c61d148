import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { installErrorReporting, installPageLoadBeacon } from './telemetry';
import { applyStoredTheme } from './app/theme';
import { canonicalPath } from './app/registry';
import { reloadOnNewServiceWorker, reloadOnStaleChunk } from './app/stale-chunks';
import './styles.css';

applyStoredTheme();
// A deep link such as /uart-generator/ or /UART-generator: the address becomes the tool's own.
const canonical = canonicalPath(location.pathname);
if (canonical !== location.pathname) {
  history.replaceState(history.state, '', canonical + location.search + location.hash);
}
installPageLoadBeacon();
installErrorReporting();
reloadOnStaleChunk();
reloadOnNewServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
