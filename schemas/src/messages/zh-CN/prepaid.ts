/** 预付费扣费、充值与退费（简体中文）。 */
export const prepaid = {
  deductions: {
    title: '扣费',
    intro:
      '预付费账户每天按其价格方案，从余额中支付水表前一天计量的用水。欠费达到账户的关阀阈值时关阀；结清欠费的充值会重新开阀。',
    accountNo: '账户号',
    customerName: '客户',
    meterNo: '表号',
    day: '日期',
    volume: '水量（m³）',
    amount: '金额',
    balanceAfter: '扣费后余额',
    valveClosed: '已关阀',
    yes: '是',
    beginTime: '开始',
    endTime: '结束',
    run: '立即扣费',
    runTitle: '立即扣费',
    runConfirm: '每个预付费账户支付今天之前已计量但尚未支付的天数。已支付的日期不会重复扣费。',
    ran: '已扣 {{accounts}} 个账户 {{days}} 天，共 {{amount}}；关阀 {{valves}} 个',
    actions: '操作',
    empty: '尚无扣费记录',
    total_one: '{{count}} 天',
    total_other: '{{count}} 天',
  },
  recharges: {
    title: '充值与退费',
    intro:
      '为账户充值，或将余额退还给户主。充值先支付到期的欠款分期和附加费；结清导致关阀的欠费的充值会重新开阀。',
    actions: '操作',
    empty: '没有匹配的账户',
    total_one: '{{count}} 个账户',
    total_other: '{{count}} 个账户',
  },
};
