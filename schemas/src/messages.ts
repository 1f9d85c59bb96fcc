/**
 * Every message the server can send to a person, in the four interface languages.
 * Keys are stable; the browser and the server translate with the same table.
 */
export const LANGUAGES = ['zh-CN', 'en', 'fr', 'id'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

type Catalogue = Record<string, Record<Language, string>>;

export const messages = {
  ok: { 'zh-CN': '操作成功', en: 'Operation succeeded', fr: 'Opération réussie', id: 'Operasi berhasil' },
  'validation.failed': {
    'zh-CN': '参数校验失败',
    en: 'Some fields are not valid',
    fr: 'Certains champs ne sont pas valides',
    id: 'Beberapa isian tidak valid',
  },
  'validation.required': { 'zh-CN': '不能为空', en: 'Required', fr: 'Obligatoire', id: 'Wajib diisi' },
  'validation.tooLong': {
    'zh-CN': '长度不能超过 {max}',
    en: 'At most {max} characters',
    fr: '{max} caractères au maximum',
    id: 'Paling banyak {max} karakter',
  },
  'validation.tooShort': {
    'zh-CN': '长度不能少于 {min}',
    en: 'At least {min} characters',
    fr: '{min} caractères au minimum',
    id: 'Paling sedikit {min} karakter',
  },
  'validation.tooBig': {
    'zh-CN': '不能大于 {max}',
    en: 'Must be at most {max}',
    fr: 'Doit être au plus {max}',
    id: 'Paling besar {max}',
  },
  'validation.tooSmall': {
    'zh-CN': '不能小于 {min}',
    en: 'Must be at least {min}',
    fr: 'Doit être au moins {min}',
    id: 'Paling kecil {min}',
  },
  'validation.invalidType': {
    'zh-CN': '类型错误，应为 {expected}',
    en: 'Wrong type, expected {expected}',
    fr: 'Type incorrect, {expected} attendu',
    id: 'Tipe salah, seharusnya {expected}',
  },
  'validation.invalidFormat': {
    'zh-CN': '格式不正确',
    en: 'Invalid format',
    fr: 'Format invalide',
    id: 'Format tidak valid',
  },
  'validation.invalidValue': {
    'zh-CN': '取值无效',
    en: 'Invalid value',
    fr: 'Valeur invalide',
    id: 'Nilai tidak valid',
  },
  'validation.unknownField': {
    'zh-CN': '未知字段 {keys}',
    en: 'Unknown field {keys}',
    fr: 'Champ inconnu {keys}',
    id: 'Isian tidak dikenal {keys}',
  },
  'validation.timeZone': {
    'zh-CN': '未知时区',
    en: 'Unknown time zone',
    fr: 'Fuseau horaire inconnu',
    id: 'Zona waktu tidak dikenal',
  },
  'validation.malformedBody': {
    'zh-CN': '请求体不是有效的 JSON',
    en: 'The request body is not valid JSON',
    fr: "Le corps de la requête n'est pas du JSON valide",
    id: 'Isi permintaan bukan JSON yang valid',
  },
  'error.staleVersion': {
    'zh-CN': '数据已被他人修改，请刷新后重试',
    en: 'Someone else changed this record; reload it and try again',
    fr: "Quelqu'un d'autre a modifié cet enregistrement ; rechargez-le et réessayez",
    id: 'Data ini telah diubah orang lain; muat ulang lalu coba lagi',
  },
  'error.tenant.notFound': {
    'zh-CN': '租户不存在',
    en: 'Tenant not found',
    fr: 'Locataire introuvable',
    id: 'Penyewa tidak ditemukan',
  },
  'error.tenant.exists': {
    'zh-CN': '租户已存在',
    en: 'The tenant already exists',
    fr: 'Le locataire existe déjà',
    id: 'Penyewa sudah ada',
  },
  'error.tenant.nameExists': {
    'zh-CN': '租户名称已存在',
    en: 'A tenant with this name already exists',
    fr: 'Un locataire porte déjà ce nom',
    id: 'Nama penyewa sudah dipakai',
  },
  'error.tenant.nothingChanged': {
    'zh-CN': '没有需要保存的修改',
    en: 'Nothing to change',
    fr: 'Aucune modification',
    id: 'Tidak ada perubahan',
  },
  'error.internal': {
    'zh-CN': '未知错误，请反馈给管理员（编号 {correlationId}）',
    en: 'Unknown system error, please report it to the administrator (reference {correlationId})',
    fr: "Erreur système inconnue, signalez-la à l'administrateur (référence {correlationId})",
    id: 'Kesalahan sistem tidak dikenal, laporkan ke administrator (referensi {correlationId})',
  },
  'http.401': {
    'zh-CN': '认证失败，无法访问系统资源',
    en: 'Authentication failed, system resources inaccessible',
    fr: "Échec de l'authentification, ressources système inaccessibles",
    id: 'Autentikasi gagal, sumber daya sistem tidak dapat diakses',
  },
  'http.403': {
    'zh-CN': '当前操作没有权限',
    en: 'No permission for this operation',
    fr: "Pas d'autorisation pour cette opération",
    id: 'Tidak ada izin untuk operasi ini',
  },
  'http.404': {
    'zh-CN': '访问资源不存在',
    en: 'Resource does not exist',
    fr: "La ressource n'existe pas",
    id: 'Sumber daya tidak ada',
  },
  'http.413': {
    'zh-CN': '请求体过大',
    en: 'The request body is too large',
    fr: 'Le corps de la requête est trop volumineux',
    id: 'Isi permintaan terlalu besar',
  },
  'http.415': {
    'zh-CN': '不支持的内容类型',
    en: 'Unsupported content type',
    fr: 'Type de contenu non pris en charge',
    id: 'Tipe konten tidak didukung',
  },
} satisfies Catalogue;

export type MessageKey = keyof typeof messages;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(messages, key);
}

/** Picks a supported language from a header or stored value; any zh variant maps to zh-CN. */
export function resolveLanguage(value: string | null | undefined): Language {
  if (!value) return DEFAULT_LANGUAGE;
  for (const part of value.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('zh')) return 'zh-CN';
    const exact = LANGUAGES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const base = LANGUAGES.find((l) => l.toLowerCase() === tag.split('-')[0]);
    if (base) return base;
    if (tag === 'in') return 'id';
  }
  return DEFAULT_LANGUAGE;
}

export function translate(
  key: MessageKey,
  language: Language,
  params: Record<string, string | number> = {},
): string {
  const template = messages[key][language];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
