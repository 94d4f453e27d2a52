import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installReadableErrors } from '../../contracts/error-map.ts';
import { App } from './App.tsx';
import { configureApi } from './lib/api/index.ts';
import { reportError, startErrorReporting } from './lib/reporting/index.ts';
import { purgeExpiredStorage } from './lib/storage.ts';
import { endSession } from './features/session/session.ts';
import { queryClient } from './features/session/store.ts';
import { router } from './router.tsx';
import { showToast } from './ui/toast.tsx';
import './ui/tokens.css';
import './styles.css';

purgeExpiredStorage();
// Forms judge drafts with the API's own schemas: their lines read as the server's do.
installReadableErrors();
startErrorReporting(() => router.state.matches.at(-1)?.fullPath ?? '/');

configureApi({
  notify: showToast,
  // The person stays on their page; the sign-in modal follows (features/session).
  onUnauthorized: () => void endSession(queryClient),
  report: (error) => reportError(error),
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain an element with id "root"');

// Errors the router's boundaries catch (a route that fails to render) are reported like uncaught ones.
createRoot(root, { onCaughtError: (error, info) => reportError(error, info.componentStack), onUncaughtError: (error, info) => reportError(error, info.componentStack) }).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
