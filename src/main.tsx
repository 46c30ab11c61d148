import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { installErrorReporting, installPageLoadBeacon } from './telemetry';
import { applyStoredTheme } from './app/theme';
import { reloadOnStaleChunk } from './app/stale-chunks';
import './styles.css';

applyStoredTheme();
installPageLoadBeacon();
installErrorReporting();
reloadOnStaleChunk();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
