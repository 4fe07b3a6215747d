import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ScrollTopButton } from './scroll-top-button.tsx';
import { SiteFooter } from './site-footer.tsx';
import { MinimalHeader, SiteHeader } from './site-header.tsx';
import { TestModeBanner } from './test-mode-banner.tsx';

const MINIMAL_PATHS = new Set(['/login', '/register']);

/** The shared shell of every page but /test; the sign-in pages get only the minimal header. */
export function Shell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const minimal = MINIMAL_PATHS.has(pathname.replace(/\/$/, ''));
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TestModeBanner />
      {minimal ? <MinimalHeader /> : <SiteHeader />}
      <main id="main" className="site-main">
        {children}
      </main>
      {!minimal && <SiteFooter />}
      {!minimal && <ScrollTopButton />}
    </>
  );
}
