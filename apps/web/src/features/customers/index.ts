export { listCustomers } from './api/customers.ts';
export { StatusBadge } from './CustomerBadges.tsx';
export { RechargeDialog, RefundDialog } from './CustomerDialogs.tsx';
export { CUSTOMER_STATUSES } from './customerQuery.ts';
