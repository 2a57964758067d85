import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Only the first screen's styles; the rest load with the screens that use them (issue 21).
import '@/app/first-screen-styles';
import '@/app/global.css';
import { App } from '@/app/app';
import { registerServiceWorkerWhenStable } from '@/app/offline/register-when-stable';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The offline shell (spec 9): registered once the app is stable, its code loaded only then.
registerServiceWorkerWhenStable();
