import {
  administratorRole,
  DEFAULT_ACCOUNT_SETTINGS,
  ensureBuiltInMenus,
  ensureDictTypes,
  executeAll,
  provisionTenant,
  type Services,
  type StreamCommand,
} from '@hydrolog/api';
import { configDecider, DomainError, dictDataDecider, streamName, tenantDecider } from '@hydrolog/domain';
import { knownDictionaries } from '@hydrolog/projections';
import {
  CONFIG_KEYS,
  type EventMetadata,
  LANGUAGES,
  MENU_CATALOGUE,
  PLATFORM_TENANT_ID,
  tenantSettingsSchema,
  uuidv7,
} from '@hydrolog/schemas';

/** Fixed ids, so that later seeds (meters, customers) and the docs can name the demo tenants. */
export const DEMO_TENANT_ID = '00000000-0000-7000-8000-000000000002';
const TRIAL_TENANT_ID = '00000000-0000-7000-8000-000000000003';
const id = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;

/** Directories of the utility's daily work: the operator and read-only roles get these. */
const BUSINESS_DIRECTORIES = [
  'customer',
  'meter',
  'price',
  'bill',
  'card',
  'readMeter',
  'workOrder',
  'alarm',
  'report',
  'cascade',
  'gateway',
  'payment',
  'message',
];

function menusUnder(directories: readonly string[], button: (perms: string) => boolean): string[] {
  const top = (menuId: string) => menuId.split('.')[0]!;
  return MENU_CATALOGUE.filter(
    (m) =>
      directories.includes(top(m.menuId)) && !m.platformOnly && (m.menuType !== 'F' || button(m.perms ?? '')),
  ).map((m) => m.menuId);
}

interface SeedUser {
  userId: string;
  userName: string;
  nickName: string;
  password: string | 'initial';
  roleId: string;
  email?: string;
  phonenumber?: string;
}

/** The demo platform of the README: tenants, their roles and users (passwords in the README). */
export const DEMO_TENANTS = [
  {
    tenantId: PLATFORM_TENANT_ID,
    name: 'Hydrolog Platform',
    kind: 'platform' as const,
    trial: false,
    settings: { timeZone: 'UTC' },
    roles: [administratorRole(id(101))],
    users: [
      {
        userId: id(201),
        userName: 'admin',
        nickName: 'Platform admin',
        password: 'Admin123',
        roleId: id(101),
        email: 'admin@hydrolog.example',
      },
    ] as SeedUser[],
  },
  {
    tenantId: DEMO_TENANT_ID,
    name: 'Demo Water Utility',
    kind: 'utility' as const,
    trial: false,
    settings: {
      timeZone: 'Asia/Shanghai',
      country: 'CN',
      currencyUnit: 'CNY',
      tenantAreaAddress: 'Hangzhou',
    },
    roles: [
      administratorRole(id(102)),
      {
        roleId: id(103),
        roleName: 'Operator',
        roleKey: 'operator',
        roleType: 'general' as const,
        allPermissions: false,
        menuIds: menusUnder(BUSINESS_DIRECTORIES, () => true),
      },
      {
        roleId: id(104),
        roleName: 'Read only',
        roleKey: 'viewer',
        roleType: 'general' as const,
        allPermissions: false,
        menuIds: menusUnder(BUSINESS_DIRECTORIES, (perms) => /:(query|export)$/.test(perms)),
      },
    ],
    users: [
      {
        userId: id(202),
        userName: 'demo_admin',
        nickName: 'Demo admin',
        password: 'Demo1234',
        roleId: id(102),
        phonenumber: '13800000001',
      },
      {
        userId: id(203),
        userName: 'demo_operator',
        nickName: 'Demo operator',
        password: 'Oper1234',
        roleId: id(103),
        phonenumber: '13800000002',
      },
      {
        userId: id(204),
        userName: 'demo_viewer',
        nickName: 'Demo viewer',
        password: 'View1234',
        roleId: id(104),
        email: 'viewer@demo.example',
      },
      {
        userId: id(205),
        userName: 'demo_newcomer',
        nickName: 'New colleague',
        password: 'initial',
        roleId: id(104),
        email: 'newcomer@demo.example',
      },
    ] as SeedUser[],
  },
  {
    tenantId: TRIAL_TENANT_ID,
    name: 'Trial Water Co.',
    kind: 'utility' as const,
    trial: true,
    settings: { timeZone: 'Europe/Paris', country: 'FR', currencyUnit: 'EUR' },
    roles: [administratorRole(id(105))],
    users: [
      {
        userId: id(206),
        userName: 'trial_admin',
        nickName: 'Trial admin',
        password: 'Trial123',
        roleId: id(105),
        email: 'admin@trial.example',
      },
    ] as SeedUser[],
  },
];

export interface SeedOptions {
  /** The sys.account.captchaEnabled parameter at first start (automated browser tests turn it off). */
  captchaEnabled: boolean;
  now?: Date;
}

/** Seeds the demo platform once: a tenant whose stream already has events is left alone. */
export async function seedDemo(services: Services, options: SeedOptions): Promise<number> {
  const now = options.now ?? new Date();
  await ensureBuiltInMenus(services);
  let created = 0;
  for (const tenant of DEMO_TENANTS) {
    const existing = await services.store.readStream(streamName(tenantDecider, tenant.tenantId));
    if (existing.length > 0) continue;
    const { settings, roles, users, ...rest } = tenant;
    const metadata: EventMetadata = { tenantId: tenant.tenantId, userId: 'seed', correlationId: uuidv7() };
    const createdAt = now.toISOString();
    // Two processes starting on one PostgreSQL may both get here: the second is refused by the decider.
    const provisioned = await provisionTenant(
      services.store,
      {
        tenant: { ...rest, createdAt, settings: tenantSettingsSchema.parse(settings) },
        roles,
        users: users.map(({ password, roleId, ...user }) => {
          const initialPassword = password === 'initial';
          return {
            ...user,
            email: user.email ?? null,
            phonenumber: user.phonenumber ?? null,
            password: initialPassword ? DEFAULT_ACCOUNT_SETTINGS.initPassword : password,
            initialPassword,
            roleIds: [roleId],
            deptId: null,
            createdAt,
          };
        }),
        alongside: tenant.tenantId === PLATFORM_TENANT_ID ? platformSettings(options.captchaEnabled) : [],
      },
      { metadata },
    ).then(
      () => true,
      (error) => {
        if (error instanceof DomainError && error.key === 'error.tenant.exists') return false;
        throw error;
      },
    );
    if (provisioned) created++;
  }
  await ensureDictionaries(services);
  await ensureDictTypes(services);
  return created;
}

/** Built-in parameters, set up with the platform tenant. */
function platformSettings(captchaEnabled: boolean): StreamCommand[] {
  const configs: [string, string, string][] = [
    [CONFIG_KEYS.captchaEnabled, 'Captcha on the login page', String(captchaEnabled)],
    [
      CONFIG_KEYS.maxRetryCount,
      'Wrong passwords before the account locks',
      String(DEFAULT_ACCOUNT_SETTINGS.maxRetryCount),
    ],
    [CONFIG_KEYS.lockMinutes, 'Lock time in minutes', String(DEFAULT_ACCOUNT_SETTINGS.lockMinutes)],
    [CONFIG_KEYS.initPassword, 'Initial password of new users', DEFAULT_ACCOUNT_SETTINGS.initPassword],
  ];
  return configs.map(([configKey, configName, configValue]) => {
    const configId = uuidv7();
    return {
      decider: configDecider,
      id: configId,
      command: {
        type: 'SaveConfig',
        configId,
        configKey,
        configName,
        configValue,
        configType: 'Y',
        remark: null,
      },
    };
  });
}

/**
 * The dictionaries the spec's states and the screens read (labels in the four languages), each seeded once: one that has neither a type nor data yet (first
 * start, or a release that brings a new dictionary) gets its entries; one an operator has edited is left
 * as it is.
 */
async function ensureDictionaries(services: Services): Promise<void> {
  const known = await knownDictionaries(services.db);
  const metadata = { tenantId: PLATFORM_TENANT_ID, userId: 'seed', correlationId: uuidv7() };
  for (const [dictType, entries] of Object.entries(DICTIONARIES)) {
    if (known.has(dictType)) continue;
    // A dictionary's entries land together: one half seeded would count as edited and stay half.
    await executeAll(
      services.store,
      entries.map(([dictValue, listClass, ...labels], index) => {
        const dictCode = uuidv7();
        return {
          decider: dictDataDecider,
          id: dictCode,
          command: {
            type: 'SaveDictData',
            dictCode,
            dictType,
            dictValue,
            labels: Object.fromEntries(LANGUAGES.map((l, i) => [l, labels[i]!])) as Record<
              (typeof LANGUAGES)[number],
              string
            >,
            dictSort: index + 1,
            cssClass: null,
            listClass,
            isDefault: index === 0 ? 'Y' : 'N',
            status: '0',
            remark: null,
          },
        };
      }),
      { metadata },
    );
  }
}

type ListClass = 'default' | 'primary' | 'success' | 'info' | 'warning' | 'danger';
/** value, list class, then labels in zh-CN, en, fr, id. */
type Entry = [string, ListClass, string, string, string, string];

const DICTIONARIES: Record<string, Entry[]> = {
  sys_user_sex: [
    ['0', 'default', '男', 'Male', 'Homme', 'Laki-laki'],
    ['1', 'default', '女', 'Female', 'Femme', 'Perempuan'],
    ['2', 'default', '未知', 'Unknown', 'Inconnu', 'Tidak diketahui'],
  ],
  sys_normal_disable: [
    ['0', 'primary', '正常', 'Normal', 'Actif', 'Normal'],
    ['1', 'danger', '停用', 'Disabled', 'Désactivé', 'Nonaktif'],
  ],
  sys_yes_no: [
    ['Y', 'primary', '是', 'Yes', 'Oui', 'Ya'],
    ['N', 'danger', '否', 'No', 'Non', 'Tidak'],
  ],
  sys_common_status: [
    ['0', 'primary', '成功', 'Success', 'Succès', 'Berhasil'],
    ['1', 'danger', '失败', 'Failure', 'Échec', 'Gagal'],
  ],
  sys_notice_type: [
    ['1', 'warning', '通知', 'Notice', 'Avis', 'Pemberitahuan'],
    ['2', 'success', '公告', 'Announcement', 'Annonce', 'Pengumuman'],
  ],
  sys_notice_status: [
    ['0', 'primary', '正常', 'Normal', 'Actif', 'Normal'],
    ['1', 'danger', '关闭', 'Closed', 'Fermé', 'Ditutup'],
  ],
  // The business types the operation log records (RuoYi's numbering).
  sys_oper_type: [
    ['1', 'info', '新增', 'Insert', 'Ajout', 'Tambah'],
    ['2', 'info', '修改', 'Update', 'Modification', 'Ubah'],
    ['3', 'danger', '删除', 'Delete', 'Suppression', 'Hapus'],
    ['4', 'primary', '授权', 'Grant', 'Autorisation', 'Otorisasi'],
    ['5', 'warning', '导出', 'Export', 'Export', 'Ekspor'],
    ['6', 'warning', '导入', 'Import', 'Import', 'Impor'],
    ['9', 'danger', '清空数据', 'Clean', 'Vidage', 'Kosongkan'],
    ['0', 'info', '其他', 'Other', 'Autre', 'Lainnya'],
  ],
  sys_show_hide: [
    ['0', 'primary', '显示', 'Show', 'Afficher', 'Tampilkan'],
    ['1', 'danger', '隐藏', 'Hide', 'Masquer', 'Sembunyikan'],
  ],
  sys_role_type: [
    ['general', 'primary', '普通角色', 'General', 'Général', 'Umum'],
    ['agent', 'warning', '代理商角色', 'Agent', 'Agent', 'Agen'],
  ],
  meter_alarm_type: [
    ['1', 'warning', '电池欠压', 'Low battery', 'Batterie faible', 'Baterai lemah'],
    ['2', 'danger', '磁干扰', 'Magnetic tampering', 'Fraude magnétique', 'Gangguan magnet'],
    ['3', 'danger', '阀门故障', 'Valve fault', 'Défaut de vanne', 'Gangguan katup'],
    ['4', 'warning', '反向流量', 'Reverse flow', 'Débit inverse', 'Aliran balik'],
    [
      '5',
      'danger',
      '持续流量（疑似漏水）',
      'Continuous flow (possible leak)',
      'Débit continu (fuite possible)',
      'Aliran terus-menerus (kemungkinan bocor)',
    ],
    ['6', 'info', '零用水', 'Zero consumption', 'Consommation nulle', 'Pemakaian nol'],
    ['7', 'warning', '流量超量程', 'Flow over range', 'Débit hors plage', 'Aliran melebihi batas'],
    ['8', 'info', '通讯中断', 'Communication lost', 'Communication perdue', 'Komunikasi terputus'],
    ['9', 'danger', '漏损告警', 'Leakage alarm', 'Alarme de fuite', 'Alarm kebocoran'],
    ['10', 'warning', '夜间流量告警', 'Night flow alarm', 'Alarme de débit nocturne', 'Alarm aliran malam'],
    // The system alarms (alarm type 1) the service raises about itself.
    [
      '11',
      'danger',
      '网关/集中器离线',
      'Gateway or concentrator offline',
      'Passerelle ou concentrateur hors ligne',
      'Gateway atau konsentrator luring',
    ],
    [
      '12',
      'danger',
      '读数积压超限',
      'Readings backlog over its limit',
      'Retard des relevés au-delà de sa limite',
      'Antrean pembacaan melebihi batas',
    ],
    [
      '13',
      'warning',
      '定时任务失败',
      'Scheduled job failed',
      'Échec d’une tâche planifiée',
      'Tugas terjadwal gagal',
    ],
    // A meter alarm the accounts' balances raise, numbered after the system alarms that came first.
    ['14', 'warning', '余额不足', 'Low balance', 'Solde bas', 'Saldo rendah'],
  ],
  alarm_status: [
    ['0', 'danger', '未处理', 'Unprocessed', 'Non traitée', 'Belum diproses'],
    ['1', 'warning', '处理中', 'Processing', 'En cours', 'Sedang diproses'],
    ['2', 'success', '已处理', 'Processed', 'Traitée', 'Sudah diproses'],
    ['3', 'info', '已忽略', 'Ignored', 'Ignorée', 'Diabaikan'],
  ],
  valve_state: [
    ['open', 'success', '开阀', 'Open', 'Ouverte', 'Terbuka'],
    ['closed', 'danger', '关阀', 'Closed', 'Fermée', 'Tertutup'],
  ],
  valve_operation_status: [
    ['sending', 'warning', '发送中', 'Sending', 'Envoi', 'Mengirim'],
    ['success', 'success', '成功', 'Success', 'Succès', 'Berhasil'],
    ['fail', 'danger', '失败', 'Fail', 'Échec', 'Gagal'],
  ],
  key_update_status: [
    ['executing', 'warning', '执行中', 'Executing', 'En cours', 'Sedang dijalankan'],
    ['resend', 'info', '重发', 'Resend', 'Renvoi', 'Kirim ulang'],
    ['timeout', 'danger', '超时', 'Timeout', 'Délai dépassé', 'Waktu habis'],
    ['resendSuccess', 'success', '重发成功', 'Resend successful', 'Renvoi réussi', 'Kirim ulang berhasil'],
  ],
  customer_status: [
    ['active', 'success', '正常', 'Active', 'Actif', 'Aktif'],
    ['frozen', 'warning', '冻结', 'Frozen', 'Gelé', 'Dibekukan'],
    ['cancelled', 'info', '销户', 'Cancelled', 'Résilié', 'Ditutup'],
  ],
  work_order_status: [
    ['pending', 'warning', '待处理', 'Pending', 'En attente', 'Menunggu'],
    ['processing', 'primary', '处理中', 'Processing', 'En cours', 'Sedang diproses'],
    ['completed', 'success', '已完成', 'Completed', 'Terminé', 'Selesai'],
  ],
  work_order_type: [
    ['0', 'primary', '维修', 'Maintenance', 'Maintenance', 'Pemeliharaan'],
    ['1', 'info', '抄表', 'Meter reading', 'Relevé', 'Pembacaan meter'],
  ],
  bill_status: [
    ['unpaid', 'danger', '未缴费', 'Unpaid', 'Impayée', 'Belum dibayar'],
    ['paid', 'success', '已缴费', 'Paid', 'Payée', 'Sudah dibayar'],
  ],
  device_status: [
    ['notInstalled', 'info', '未安装', 'Not installed', 'Non installé', 'Belum dipasang'],
    ['installed', 'primary', '已安装', 'Installed', 'Installé', 'Terpasang'],
    ['offline', 'danger', '离线', 'Offline', 'Hors ligne', 'Luring'],
    ['online', 'success', '在线', 'Online', 'En ligne', 'Daring'],
  ],
  // Spec section 9's seven device types.
  device_type: [
    ['largeMeter', 'primary', '大表', 'Large meter', 'Gros compteur', 'Meter besar'],
    ['concentrator', 'info', '集中器', 'Concentrator', 'Concentrateur', 'Konsentrator'],
    ['pressureGauge', 'warning', '压力计', 'Pressure gauge', 'Manomètre', 'Pengukur tekanan'],
    ['valveControl', 'danger', '阀控', 'Valve control', 'Commande de vanne', 'Kontrol katup'],
    ['flowMeter', 'primary', '流量计', 'Flow meter', 'Débitmètre', 'Meter aliran'],
    ['sonarDetection', 'info', '声呐检测', 'Sonar detection', 'Détection sonar', 'Deteksi sonar'],
    ['waterPump', 'success', '水泵', 'Water pump', 'Pompe à eau', 'Pompa air'],
  ],
};
