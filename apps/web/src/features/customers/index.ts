export { accountStateColumns, useValveCommandRefresh } from './accountColumns.tsx';
export { listCustomers } from './api/customers.ts';
export { RechargeDialog, RefundDialog } from './CustomerDialogs.tsx';
export { CUSTOMER_STATUSES } from './customerQuery.ts';
