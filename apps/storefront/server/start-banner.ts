// What a start prints once the shop listens: where to go, and (the local demo) who to sign in as. The listen address
// is not the shop's address: a shop configured as http://localhost:8000 is announced so, though it listens on
// 127.0.0.1, since its pages are served on its configured origin only (canonical-host.ts).
import type { DemoAccount } from '@platform/api';

const ROLES: Record<DemoAccount['role'], string> = {
  customer: 'shopper',
  owner: 'shop owner, signs in at the admin',
};

/** The lines that say where the shop and its administration are, and the demo accounts still usable. */
export function startBanner(origin: string, demoAccounts: readonly DemoAccount[] = []): string {
  const width = Math.max(0, ...demoAccounts.map((account) => account.email.length));
  return [
    'The shop is ready:',
    `  shop   ${origin}/`,
    `  admin  ${origin}/admin/`,
    ...(demoAccounts.length > 0
      ? [
          'Demo accounts (published passwords: this machine only):',
          ...demoAccounts.map(
            (account) => `  ${account.email.padEnd(width)}  ${account.password}  (${ROLES[account.role]})`,
          ),
        ]
      : []),
  ].join('\n');
}
