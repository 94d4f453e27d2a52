import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installReadableErrors } from '../../contracts/error-map.ts';
import { App } from './App.tsx';
import { configureApi } from './lib/api/index.ts';
import { purgeExpiredStorage } from './lib/storage.ts';
import { endSession } from './features/session/session.ts';
import { queryClient } from './features/session/store.ts';
import { showToast } from './ui/toast.tsx';
import './ui/tokens.css';
import './styles.css';

purgeExpiredStorage();
// Forms judge drafts with the API's own schemas: their lines read as the server's do.
installReadableErrors();

configureApi({
  notify: showToast,
  // The person stays on their page; the sign-in modal follows (features/session).
  onUnauthorized: () => void endSession(queryClient),
  // No error-reporting service is configured: the console is where a 5xx is reported.
  report: (error) => console.error(error),
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain an element with id "root"');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
