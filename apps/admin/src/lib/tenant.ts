// The shop this administration is for: the server that serves the admin's index.html names it in
// `<meta name="tenant-token" content="…">`, from the request's host; the browser never chooses it.
export const TENANT_META = 'tenant-token';

export function tenantTokenOf(document: Pick<Document, 'querySelector'>): string | null {
  const content = document.querySelector(`meta[name="${TENANT_META}"]`)?.getAttribute('content')?.trim();
  return content || null;
}
