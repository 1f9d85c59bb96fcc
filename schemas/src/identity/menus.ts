import type { Language } from '../messages/index.ts';

/**
 * The menu catalogue: every screen of the spec, its route, its page component and its permission strings
 * (RuoYi-Cloud conventions: `area:resource:action`, pages `...:list`, buttons `...:query|add|edit|...`).
 * Roles grant menus by key; a user's permissions are the `perms` of the menus their roles grant, and the
 * menu tree of GET /system/menu/getRouters is this catalogue cut down to them.
 */
export interface MenuEntry {
  /** Stable id, also the key of the title in the catalogue (`menuTitleKey`). */
  menuId: string;
  parentId: string | null;
  /** M directory, C page, F button. */
  menuType: 'M' | 'C' | 'F';
  /** Path segment (directories and pages); pages resolve to `/<directory path>/<page path>`. */
  path: string;
  /** Page component the web app maps to a static route. */
  component: string | null;
  perms: string | null;
  icon: string | null;
  orderNum: number;
  visible: boolean;
  /** Whether the page keeps its state when the visitor leaves its tab. */
  isCache: boolean;
  /** External link, opened in a new tab. */
  link: string | null;
  /** Only platform operators (the platform tenant) see it. */
  platformOnly: boolean;
}

interface PageSpec {
  key: string;
  path: string;
  component: string;
  /** `area:resource`: the page gets `<prefix>:list`, its buttons `<prefix>:<action>`. */
  perms: string;
  buttons: readonly string[];
  icon?: string;
  link?: string;
}

interface DirSpec {
  key: string;
  path: string;
  icon: string;
  platformOnly?: boolean;
  pages: readonly PageSpec[];
}

const CRUD = ['query', 'add', 'edit', 'remove', 'export'] as const;
const READ = ['query', 'export'] as const;

const page = (
  key: string,
  path: string,
  component: string,
  perms: string,
  buttons: readonly string[] = CRUD,
  extra: Partial<PageSpec> = {},
): PageSpec => ({ key, path, component, perms, buttons, ...extra });

const DIRECTORIES: readonly DirSpec[] = [
  {
    key: 'system',
    path: 'system',
    icon: 'settings',
    pages: [
      page('system.dept', 'dept', 'system/dept/index', 'system:dept', ['query', 'add', 'edit', 'remove']),
      page('system.user', 'user', 'system/user/index', 'system:user', [...CRUD, 'import', 'resetPwd']),
      page('system.role', 'role', 'system/role/index', 'system:role', [...CRUD, 'authUser']),
      page('system.notice', 'notice', 'system/notice/index', 'system:notice', [...CRUD, 'publish']),
      page('system.operlog', 'operlog', 'monitor/operlog/index', 'monitor:operlog', [
        'query',
        'remove',
        'export',
      ]),
      page('system.logininfor', 'logininfor', 'monitor/logininfor/index', 'monitor:logininfor', [
        'query',
        'remove',
        'export',
        'unlock',
      ]),
    ],
  },
  {
    key: 'platform',
    path: 'platform',
    icon: 'server',
    platformOnly: true,
    pages: [
      page('platform.menu', 'menu', 'system/menu/index', 'system:menu', ['query', 'add', 'edit', 'remove']),
      page('platform.dict', 'dict', 'system/dict/index', 'system:dict', CRUD),
      page('platform.config', 'config', 'system/config/index', 'system:config', CRUD),
      // The messages the outbox provider kept (one-time codes), for operators (admin-b).
      page('platform.outbox', 'outbox', 'system/outbox/index', 'system:outbox', ['query']),
    ],
  },
  {
    key: 'tenant',
    path: 'tenant',
    icon: 'building',
    platformOnly: true,
    pages: [
      page('tenant.list', 'list', 'tenant/list/index', 'system:tenant', [...CRUD, 'suspend']),
      page('tenant.dashboard', 'dashboard', 'tenant/dashboard/index', 'tenant:dashboard', ['query']),
      page('tenant.agent', 'agent', 'tenant/agent/index', 'system:agent', [...CRUD, 'recharge']),
      page('tenant.thirdParty', 'thirdParty', 'tenant/thirdParty/index', 'tenant:thirdParty', CRUD),
      page('tenant.carrier', 'carrier', 'tenant/carrier/index', 'tenant:carrier', CRUD),
      page('tenant.region', 'region', 'tenant/region/index', 'tenant:region', CRUD),
      page('tenant.meterMove', 'meterMove', 'tenant/meterMove/index', 'business:meterMove', [
        'query',
        'move',
        'export',
      ]),
    ],
  },
  {
    key: 'customer',
    path: 'customer',
    icon: 'users',
    pages: [
      page('customer.account', 'account', 'business/customer/index', 'business:customer', [
        ...CRUD,
        'import',
        'freeze',
        'unfreeze',
        'cancel',
        'transfer',
      ]),
      page('customer.type', 'type', 'business/customerType/index', 'business:customerType', CRUD),
    ],
  },
  {
    key: 'meter',
    path: 'meter',
    icon: 'gauge',
    pages: [
      page('meter.list', 'list', 'business/meter/index', 'business:meter', [...CRUD, 'import']),
      page('meter.type', 'type', 'business/meterType/index', 'business:meterType', CRUD),
      page('meter.group', 'group', 'business/group/index', 'business:group', CRUD),
      page('meter.valve', 'valve', 'business/valve/index', 'business:valve', [
        'query',
        'open',
        'close',
        'export',
      ]),
      page('meter.keyUpdate', 'keyUpdate', 'business/keyUpdate/index', 'business:keyUpdate', [
        'query',
        'send',
        'export',
      ]),
      page('meter.replace', 'replace', 'business/meterReplace/index', 'business:meterReplace', [
        'query',
        'add',
        'export',
      ]),
    ],
  },
  {
    key: 'price',
    path: 'price',
    icon: 'coin',
    pages: [
      page('price.scheme', 'scheme', 'business/priceScheme/index', 'business:priceScheme', CRUD),
      page('price.surcharge', 'surcharge', 'business/surcharge/index', 'business:surcharge', [
        ...CRUD,
        'calculate',
      ]),
      page(
        'price.personalSurcharge',
        'personalSurcharge',
        'business/personalSurcharge/index',
        'business:personalSurcharge',
        CRUD,
      ),
      page('price.debt', 'debt', 'business/debt/index', 'business:debt', [
        'query',
        'add',
        'pay',
        'plan',
        'export',
      ]),
    ],
  },
  {
    key: 'bill',
    path: 'bill',
    icon: 'receipt',
    pages: [
      page('bill.bill', 'bill', 'business/bill/index', 'business:bill', [
        'query',
        'export',
        'run',
        'pay',
        'correct',
      ]),
      page('bill.trade', 'trade', 'business/trade/index', 'business:trade', READ),
      page('bill.deduction', 'deduction', 'business/deduction/index', 'business:deduction', [
        'query',
        'deduct',
      ]),
      page('bill.recharge', 'recharge', 'business/recharge/index', 'business:recharge', [
        'query',
        'recharge',
        'refund',
        'export',
      ]),
    ],
  },
  {
    key: 'card',
    path: 'card',
    icon: 'id',
    pages: [
      page('card.recharge', 'recharge', 'card/recharge/index', 'card:recharge', [
        'query',
        'recharge',
        'refund',
      ]),
      page('card.manage', 'manage', 'card/manage/index', 'card:manage', [
        'query',
        'read',
        'make',
        'replace',
        'recycle',
        'reset',
        'configure',
      ]),
      page('card.record', 'record', 'card/record/index', 'card:record', READ),
    ],
  },
  {
    key: 'readMeter',
    path: 'readMeter',
    icon: 'clipboard',
    pages: [
      page('readMeter.manual', 'manual', 'readMeter/manual/index', 'readMeter:manual', [
        'query',
        'add',
        'export',
      ]),
      page('readMeter.walkBy', 'walkBy', 'readMeter/walkBy/index', 'readMeter:walkBy', CRUD),
    ],
  },
  {
    key: 'workOrder',
    path: 'workOrder',
    icon: 'tool',
    pages: [
      page('workOrder.maintenance', 'maintenance', 'workOrder/maintenance/index', 'workOrder:maintenance', [
        ...CRUD,
        'process',
      ]),
      page('workOrder.reading', 'reading', 'workOrder/reading/index', 'workOrder:reading', [
        ...CRUD,
        'process',
      ]),
      page('workOrder.plan', 'plan', 'workOrder/plan/index', 'workOrder:plan', CRUD),
      // The assignee's own orders, laid out for a phone.
      page('workOrder.mine', 'mine', 'workOrder/mine/index', 'workOrder:mine', ['query', 'process']),
    ],
  },
  {
    key: 'alarm',
    path: 'alarm',
    icon: 'bell',
    pages: [
      page('alarm.alarm', 'alarm', 'alarm/alarm/index', 'report:alarm', [
        'query',
        'process',
        'ignore',
        'workOrder',
        'export',
      ]),
      page('alarm.rule', 'rule', 'alarm/rule/index', 'alarm:rule', CRUD),
    ],
  },
  {
    key: 'report',
    path: 'report',
    icon: 'chart',
    pages: [
      page('report.history', 'history', 'report/history/index', 'report:history', [...READ, 'import']),
      page('report.interval', 'interval', 'report/interval/index', 'report:interval', READ),
      page('report.subGroup', 'subGroup', 'report/subGroup/index', 'report:subGroup', READ),
      page('report.dailyWater', 'dailyWater', 'report/dailyWater/index', 'report:dailyWater', READ),
      page('report.rechargeStat', 'rechargeStat', 'report/rechargeStat/index', 'report:rechargeStat', READ),
      page('report.postpaid', 'postpaid', 'report/postpaid/index', 'report:postpaid', READ),
      page('report.readingRate', 'readingRate', 'report/readingRate/index', 'report:readingRate', READ),
    ],
  },
  {
    key: 'cascade',
    path: 'cascade',
    icon: 'droplet',
    pages: [
      page('cascade.partition', 'partition', 'cascade/partition/index', 'cascade:partition', [
        ...CRUD,
        'import',
      ]),
      page('cascade.gis', 'gis', 'cascade/gis/index', 'cascade:gis', ['query']),
      page('cascade.analysis', 'analysis', 'cascade/analysis/index', 'cascade:analysis', [
        ...READ,
        'process',
      ]),
      // The full-screen view resolves to /cascadeScreen and opens in a new tab (spec section 2).
      page('cascade.screen', 'cascadeScreen', 'cascadeScreen', 'cascade:screen', [], {
        link: '/cascadeScreen',
      }),
    ],
  },
  {
    key: 'gateway',
    path: 'gateway',
    icon: 'antenna',
    pages: [
      page('gateway.gateway', 'gateway', 'gateway/gateway/index', 'ingest:gateway', [...CRUD, 'rotate']),
      page('gateway.concentrator', 'concentrator', 'gateway/concentrator/index', 'device:concentrator', CRUD),
      page('gateway.pressure', 'pressure', 'gateway/pressure/index', 'device:pressure', CRUD),
      page('gateway.flow', 'flow', 'gateway/flow/index', 'device:flow', CRUD),
      page('gateway.device', 'device', 'gateway/device/index', 'device:device', CRUD),
      page('gateway.region', 'region', 'gateway/region/index', 'device:region', [
        'query',
        'add',
        'edit',
        'remove',
      ]),
      // The full-screen device map resolves to /deviceScreen and opens in a new tab, like /cascadeScreen.
      page('gateway.deviceScreen', 'deviceScreen', 'deviceScreen', 'device:screen', [], {
        link: '/deviceScreen',
      }),
    ],
  },
  {
    key: 'payment',
    path: 'payment',
    icon: 'wallet',
    pages: [
      page('payment.platform', 'platform', 'payment/platform/index', 'payment:platform', CRUD),
      page('payment.order', 'order', 'payment/order/index', 'payment:order', ['query', 'refund', 'export']),
      page('payment.association', 'association', 'payment/association/index', 'payment:association', CRUD),
      page('payment.stsRefund', 'stsRefund', 'payment/stsRefund/index', 'payment:stsRefund', [
        'query',
        'apply',
        'audit',
      ]),
    ],
  },
  {
    key: 'message',
    path: 'message',
    icon: 'mail',
    // One visible child: the sidebar collapses the directory to it (spec section 2).
    pages: [page('message.noticeCenter', 'noticeCenter', 'system/notice/center', 'system:noticeCenter', [])],
  },
];

function buildCatalogue(): MenuEntry[] {
  const entries: MenuEntry[] = [];
  DIRECTORIES.forEach((dir, d) => {
    const platformOnly = dir.platformOnly ?? false;
    const base = { visible: true, isCache: true, link: null, platformOnly } as const;
    entries.push({
      ...base,
      menuId: dir.key,
      parentId: null,
      menuType: 'M',
      path: dir.path,
      component: null,
      perms: null,
      icon: dir.icon,
      orderNum: d + 1,
    });
    dir.pages.forEach((p, i) => {
      entries.push({
        ...base,
        menuId: p.key,
        parentId: dir.key,
        menuType: 'C',
        path: p.path,
        component: p.component,
        perms: `${p.perms}:list`,
        icon: p.icon ?? null,
        orderNum: i + 1,
        link: p.link ?? null,
      });
      p.buttons.forEach((action, b) => {
        entries.push({
          ...base,
          menuId: `${p.key}.${action}`,
          parentId: p.key,
          menuType: 'F',
          path: '',
          component: null,
          perms: `${p.perms}:${action}`,
          icon: null,
          orderNum: b + 1,
        });
      });
    });
  });
  return entries;
}

export const MENU_CATALOGUE: readonly MenuEntry[] = buildCatalogue();

/** The grant-all permission string (spec section 6). */
export const ALL_PERMISSIONS = '*:*:*';
/** The role a user without roles has (spec section 6). */
export const DEFAULT_ROLE = 'ROLE_DEFAULT';

/** Spec section 6: the wildcard grants everything; otherwise one of the listed permissions is needed. */
export function hasPermission(held: readonly string[], ...wanted: string[]): boolean {
  return held.includes(ALL_PERMISSIONS) || wanted.some((p) => held.includes(p));
}

/** Spec section 6: role `admin` passes every role check; otherwise one of the listed roles is needed. */
export function hasRole(held: readonly string[], ...wanted: string[]): boolean {
  return held.includes('admin') || wanted.some((r) => held.includes(r));
}

/** A node of GET /system/menu/getRouters, in the RuoYi-Cloud shape. */
export interface RouterNode {
  name: string;
  path: string;
  hidden: boolean;
  redirect?: string;
  component: string;
  alwaysShow?: boolean;
  meta: { title: string; icon: string | null; noCache: boolean; link: string | null };
  children?: RouterNode[];
}

/**
 * The menu tree for a set of granted menu ids, with titles in `language`.
 * Directories without a granted page disappear; buttons never appear (they only give permissions).
 */
export function buildRouters(
  granted: ReadonlySet<string>,
  language: Language,
  /** The menu tree (the menus read model), whose entries carry their own titles. */
  entries: readonly (MenuEntry & { titles: Record<Language, string> })[],
): RouterNode[] {
  const byParent = new Map<string | null, (typeof entries)[number][]>();
  for (const entry of entries) {
    if (entry.menuType === 'F' || !granted.has(entry.menuId)) continue;
    const list = byParent.get(entry.parentId) ?? [];
    list.push(entry);
    byParent.set(entry.parentId, list);
  }
  const node = (entry: (typeof entries)[number]): RouterNode | null => {
    const title = entry.titles[language];
    const meta = { title, icon: entry.icon, noCache: !entry.isCache, link: entry.link };
    const name = entry.menuId.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase());
    if (entry.menuType === 'C') {
      return { name, path: entry.path, hidden: !entry.visible, component: entry.component ?? '', meta };
    }
    const path = `/${entry.path}`;
    const children = (byParent.get(entry.menuId) ?? [])
      .sort((a, b) => a.orderNum - b.orderNum)
      .map(node)
      .filter((c): c is RouterNode => c !== null);
    if (children.length === 0) return null;
    return {
      name: name.charAt(0).toUpperCase() + name.slice(1),
      path,
      hidden: !entry.visible,
      redirect: 'noRedirect',
      component: 'Layout',
      alwaysShow: children.length > 1,
      meta,
      children,
    };
  };
  return (byParent.get(null) ?? [])
    .sort((a, b) => a.orderNum - b.orderNum)
    .map(node)
    .filter((n): n is RouterNode => n !== null);
}

/**
 * The catalogue key of a menu entry's title (`menuTitles` of the identity messages): the id with `_` for
 * `.`, as a dot would nest the key. Buttons have none.
 */
export const menuTitleKey = (menuId: string) => `menuTitles.${menuId.replaceAll('.', '_')}`;
