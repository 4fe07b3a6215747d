import { createHash } from 'node:crypto';
// The sandbox gateway's hosted payment page: plain server HTML, clearly marked as a test page.
import { formatMinor, parseMinor } from '@platform/contracts';
import { type HostedPage, NOTIFICATION_MODES, OUTCOMES, TEST_CARDS } from './sandbox.service.ts';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

/** The description as the shop sent it: HTML-encoded by 2C2P's rules, so read back to text before escaping. */
function decodeEntities(text: string): string {
  return text.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)));
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f3f4f6; color: #111827; }
  main { max-width: 34rem; margin: 2rem auto; background: #fff; border-radius: 8px; padding: 1.5rem 2rem;
    box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
  .banner { background: #fef3c7; color: #78350f; border: 1px solid #f59e0b; border-radius: 6px; padding: .5rem .75rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
  dt { color: #4b5563; } dd { margin: 0; font-weight: 600; }
  label { display: block; margin: .75rem 0 .25rem; }
  input[type=text] { font: inherit; padding: .4rem .5rem; width: 100%; box-sizing: border-box; }
  fieldset { border: 1px solid #d1d5db; border-radius: 6px; margin: 1rem 0; }
  fieldset label { display: inline; margin: 0 0 0 .25rem; }
  .outcomes { display: flex; flex-wrap: wrap; gap: .5rem; margin-top: 1rem; }
  button { font: inherit; padding: .5rem 1rem; border-radius: 6px; border: 1px solid #374151; background: #fff;
    cursor: pointer; }
  button.primary { background: #065f46; color: #fff; border-color: #065f46; }
  .error { color: #991b1b; font-weight: 600; }
  small { color: #4b5563; }`;

/** The one script of the sandbox pages: the return page posts itself back to the shop. */
const AUTO_SUBMIT = 'document.forms[0].submit();';

/**
 * The pages' Content-Security-Policy: their own inline style, the auto-submit script by its hash, forms posted to
 * this gateway or the shop (`returnOrigin`), nothing else.
 */
export function hostedPagePolicy(returnOrigin: string): string {
  const scriptHash = createHash('sha256').update(AUTO_SUBMIT).digest('base64');
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `script-src 'sha256-${scriptHash}'`,
    `form-action 'self' ${returnOrigin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>
<p class="banner" role="note"><strong>Test payment page.</strong> This is the shop's sandbox card gateway: no card is
charged and no money moves.</p>
${body}
</main></body>
</html>`;
}

/** The page for a token: the form, a closed-link message, or the auto-posting return to the shop. */
export function renderHostedPage(page: HostedPage, action: string): string {
  if (page.kind === 'closed') {
    return layout('Test payment page', `<h1>Test payment page</h1><p class="error">${escapeHtml(page.message)}</p>`);
  }
  if (page.kind === 'return') {
    return layout(
      'Returning to the shop',
      `<h1>Returning to the shop…</h1>
<form method="post" action="${escapeHtml(page.url)}">
<input type="hidden" name="paymentResponse" value="${escapeHtml(page.paymentResponse)}">
<button type="submit" class="primary">Return to the shop</button>
</form>
<script>${AUTO_SUBMIT}</script>`,
    );
  }
  const { transaction } = page;
  const minor = parseMinor(transaction.amount.replace(/(\.\d{2})\d*$/, '$1'));
  const amount = minor === null ? transaction.amount : formatMinor(minor);
  const pending = transaction.respCode === '0001';
  const cards = TEST_CARDS.map((card) => `<li>${card.brand} <code>${card.number}</code> (CVV ${card.cvv})</li>`).join(
    '',
  );
  const modes = Object.entries(NOTIFICATION_MODES)
    .map(
      ([value, label], index) =>
        `<div><input type="radio" id="notify-${value}" name="notification" value="${value}"${index === 0 ? ' checked' : ''}>` +
        `<label for="notify-${value}">${escapeHtml(label)}</label></div>`,
    )
    .join('\n');
  const buttons = Object.entries(OUTCOMES)
    .map(
      ([value, outcome]) =>
        `<button type="submit" name="outcome" value="${value}"${value === 'approve' ? ' class="primary"' : ''}>` +
        `${escapeHtml(outcome.label)}</button>`,
    )
    .join('\n');
  return layout(
    `Test payment page — ${page.shopName}`,
    `<h1>Test payment page</h1>
${pending ? '<p><strong>This payment is pending.</strong> Settle it below, as the bank eventually would.</p>' : ''}
<dl>
<dt>Shop</dt><dd>${escapeHtml(page.shopName)}</dd>
<dt>Invoice</dt><dd>${escapeHtml(transaction.invoiceNo)}</dd>
<dt>Description</dt><dd>${escapeHtml(decodeEntities(transaction.description))}</dd>
<dt>Amount</dt><dd>${escapeHtml(amount)} ${escapeHtml(transaction.currency)}</dd>
</dl>
${page.error ? `<p class="error" role="alert">${escapeHtml(page.error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label for="card-number">Card number</label>
<input type="text" id="card-number" name="cardNumber" inputmode="numeric" autocomplete="off" value="${TEST_CARDS[0].number}">
<small>Test cards:</small>
<ul>${cards}</ul>
<fieldset><legend>Notification to the shop</legend>
${modes}
</fieldset>
<div class="outcomes">
${buttons}
</div>
</form>`,
  );
}
