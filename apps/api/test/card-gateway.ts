// A shopper's browser at a 2C2P-protocol hosted payment page (the built-in sandbox), driven over HTTP: open the
// page, press an outcome, and follow the auto-posted form back to the shop.
import type { Outcome } from '../src/modules/sandbox-gateway/sandbox.service.ts';

export interface HostedPageVisit {
  /** The hosted page as first served. */
  page: string;
  /** The page after the outcome was pressed (the auto-posting return form, or the form again with an error). */
  answer: { status: number; html: string };
  /** Where the page posts the browser back, and what it posts (unsigned). */
  returnForm: { action: string; paymentResponse: string } | null;
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Opens the hosted page and presses `outcome` (with a test card, and the notification delivered as `notification`). */
export async function payAtHostedPage(
  redirectUrl: string,
  outcome: Outcome,
  options: { notification?: 'once' | 'twice' | 'late' | 'never'; cardNumber?: string } = {},
): Promise<HostedPageVisit> {
  const page = await (await fetch(redirectUrl)).text();
  const response = await fetch(redirectUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      outcome,
      cardNumber: options.cardNumber ?? '4111 1111 1111 1111',
      notification: options.notification ?? 'once',
    }),
  });
  const html = await response.text();
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  const paymentResponse = /name="paymentResponse" value="([^"]+)"/.exec(html)?.[1];
  return {
    page,
    answer: { status: response.status, html },
    returnForm:
      action && paymentResponse
        ? { action: unescapeHtml(action), paymentResponse: unescapeHtml(paymentResponse) }
        : null,
  };
}

/** The browser's auto-posted return to the shop: the shop's answer (a redirect to the payment return page). */
export async function followReturn(form: { action: string; paymentResponse: string }) {
  const response = await fetch(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ paymentResponse: form.paymentResponse }),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location') };
}

/** Waits until `check` holds (polling), for effects that arrive in the background (a late notification). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
