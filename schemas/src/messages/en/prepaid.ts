/** Prepaid deduction, recharge and refund, in English. */
export const prepaid = {
  deductions: {
    title: 'Deduction',
    intro:
      'Each day, prepaid accounts pay for the water their meter measured the day before, at their price scheme, from their balance. When arrears reach an account’s closing threshold, its valve is closed; the recharge that ends them opens it again.',
    accountNo: 'Account number',
    customerName: 'Customer',
    meterNo: 'Meter number',
    day: 'Day',
    volume: 'Volume (m³)',
    amount: 'Amount',
    balanceAfter: 'Balance after',
    valveClosed: 'Valve closed',
    yes: 'Yes',
    beginTime: 'From',
    endTime: 'To',
    run: 'Deduct now',
    runTitle: 'Deduct now',
    runConfirm:
      'Every prepaid account pays for the measured days before today it has not paid for yet. Days already paid are not paid twice.',
    ran: '{{days}} days of {{accounts}} accounts paid, {{amount}} in all; {{valves}} valves closed',
    actions: 'Actions',
    empty: 'No day has been deducted yet',
    total_one: '{{count}} day',
    total_other: '{{count}} days',
  },
  recharges: {
    title: 'Recharge and refund',
    intro:
      'Money onto an account, or its balance back to the holder. A recharge first pays the due debt instalments and surcharges; one that ends the arrears which closed a valve opens it again.',
    actions: 'Actions',
    empty: 'No account matches',
    total_one: '{{count}} account',
    total_other: '{{count}} accounts',
  },
};
