// English texts: react-admin's, with the shop's words for its sign-in form and resources.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

const messages = {
  ...englishMessages,
  ra: {
    ...englishMessages.ra,
    auth: { ...englishMessages.ra.auth, username: 'E-mail or username' },
  },
  resources: {
    orders: {
      name: 'Order |||| Orders',
      fields: {
        number: 'Order',
        created_at: 'Placed',
        customer_email: 'Customer',
        status: 'Status',
        payment_method: 'Payment method',
        payment_label: 'Payment',
        total: 'Total',
        total_items: 'Items',
        q: 'Search',
      },
    },
    'payment-settings': {
      name: 'Payment settings |||| Payment settings',
      notifications: { updated: 'Payment settings saved.' },
    },
    'home-page': {
      name: 'Home page |||| Home page',
      notifications: { updated: 'Home page saved: the shop shows it now.' },
    },
    'audit-log': {
      name: 'Audit log |||| Audit log',
      fields: {
        created_at: 'When',
        actor_role: 'Role',
        action: 'Action',
        entity: 'Entity',
        entity_id: 'Entity id',
        summary: 'Summary',
      },
    },
  },
};

export const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});
