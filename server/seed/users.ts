/** The seed logins README lists; the seed creates them confirmed. */
export const SEED_USERS = [
  { label: 'admin', email: 'admin@nopain-nogain.test', password: 'Admin-Pass-2025', fullName: 'Ada Admin' },
  { label: 'customer', email: 'alex@nopain-nogain.test', password: 'Customer-Pass-2025', fullName: 'Alex Becker' },
] as const;
