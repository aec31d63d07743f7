/** The demo accounts printed at start-up and used by the browser tests. */
export const DEMO_ACCOUNTS = {
  zh: { phone: '13800138000', password: 'Demo@2026', member_name: '演示卖家' },
  en: { email: 'demo@creatordesk.app', password: 'Demo@2026', member_name: 'Demo Seller' },
} as const;
