/**
 * Mount only. The locale module must load before any message renders; the providers here are the
 * global ones the UI kit's module-level APIs (toast, confirm) render into.
 */
import './zod-csp.ts';
import './i18n/locale.ts';
import './styles/tokens.css';
import './styles/base.css';
import './styles/ui.css';
import './styles/ui-pickers.css';
import './styles/status.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { LocaleProvider } from './i18n/LocaleProvider.tsx';
import { Toaster } from './ui/Toasts.tsx';
import { DialogHost } from './ui/confirm.tsx';
import { PwaUpdatePrompt } from './ui/PwaUpdatePrompt.tsx';
import { handOverBootShell } from './app/boot-shell.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');
handOverBootShell(root);

// A transition: React renders the first page in slices that yield to the browser every few
// milliseconds instead of one long task, so a slow phone stays responsive while the app starts.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <LocaleProvider>
        <App />
        <DialogHost />
        <Toaster />
        <PwaUpdatePrompt />
      </LocaleProvider>
    </StrictMode>,
  ),
);
