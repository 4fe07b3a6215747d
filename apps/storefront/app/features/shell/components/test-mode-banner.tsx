import { useSiteSettings } from '../../site/index.ts';

/**
 * Shown on every page while the shop takes its card payments through the built-in test gateway: nothing bought here
 * is charged, and a shopper must know it before they order.
 */
export function TestModeBanner() {
  const settings = useSiteSettings();
  if (!settings?.test_mode) return null;
  return (
    <section className="test-mode-banner" aria-label="Test mode">
      <p className="container">
        <strong>Test mode.</strong> This shop takes no real payments: cards go through a test gateway and are never
        charged, and orders are test orders.
      </p>
    </section>
  );
}
