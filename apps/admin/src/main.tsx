import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { tenantTokenOf } from './lib/tenant.ts';

// The shop's token comes from the page the server rendered; Vite's dev server has none, so development names it.
const tenantToken =
  tenantTokenOf(document) ?? (import.meta.env.DEV ? (import.meta.env.VITE_TENANT_TOKEN ?? 'khukuri-demo') : null);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      {tenantToken ? (
        <App tenantToken={tenantToken} />
      ) : (
        <p role="alert">This page does not name its shop: open the administration from the shop's own address.</p>
      )}
    </StrictMode>,
  );
}
