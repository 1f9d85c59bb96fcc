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
  'validation.password.length': {
    'zh-CN': '密码长度必须介于 6 和 16 之间',
    en: 'The password must be 6 to 16 characters long',
    fr: 'Le mot de passe doit comporter 6 à 16 caractères',
    id: 'Kata sandi harus 6 sampai 16 karakter',
  },
  'validation.password.rules': {
    'zh-CN': '密码必须包含数字、大写字母和小写字母',
    en: 'The password needs digits, upper-case and lower-case letters',
    fr: 'Le mot de passe doit contenir des chiffres, des majuscules et des minuscules',
    id: 'Kata sandi harus berisi angka, huruf besar dan huruf kecil',
  },
  'validation.password.required': {
    'zh-CN': '密码不能为空',
    en: 'The password must not be empty',
    fr: 'Le mot de passe est obligatoire',
    id: 'Kata sandi wajib diisi',
  },
  'validation.password.oldRequired': {
    'zh-CN': '旧密码不能为空',
    en: 'The old password must not be empty',
    fr: "L'ancien mot de passe est obligatoire",
    id: 'Kata sandi lama wajib diisi',
  },
  'validation.password.confirmRequired': {
    'zh-CN': '确认密码不能为空',
    en: 'Please confirm the new password',
    fr: 'Veuillez confirmer le nouveau mot de passe',
    id: 'Konfirmasi kata sandi baru wajib diisi',
  },
  'validation.password.mismatch': {
    'zh-CN': '两次输入的密码不一致',
    en: 'The two passwords entered differ',
    fr: 'Les deux mots de passe saisis diffèrent',
    id: 'Kedua kata sandi yang dimasukkan berbeda',
  },
  'validation.password.sameAsOld': {
    'zh-CN': '新密码不能与旧密码相同',
    en: 'The new password must differ from the old one',
    fr: "Le nouveau mot de passe doit être différent de l'ancien",
    id: 'Kata sandi baru harus berbeda dari yang lama',
  },
  'validation.password.sameAsInitial': {
    'zh-CN': '新密码不能与初始密码相同',
    en: 'The new password must differ from the initial password',
    fr: 'Le nouveau mot de passe doit être différent du mot de passe initial',
    id: 'Kata sandi baru harus berbeda dari kata sandi awal',
  },
  'validation.userName.length': {
    'zh-CN': '用户名长度必须介于 2 和 30 之间',
    en: 'The user name must be 2 to 30 characters long',
    fr: "Le nom d'utilisateur doit comporter 2 à 30 caractères",
    id: 'Nama pengguna harus 2 sampai 30 karakter',
  },
  'validation.userName.rules': {
    'zh-CN': '用户名只能包含字母、数字和下划线，且不能以数字或下划线开头',
    en: 'Only letters, digits and underscore, not starting with a digit or underscore',
    fr: 'Lettres, chiffres et tiret bas uniquement, sans commencer par un chiffre ni un tiret bas',
    id: 'Hanya huruf, angka dan garis bawah, tidak diawali angka atau garis bawah',
  },
  'validation.username.required': {
    'zh-CN': '用户名或邮箱不能为空',
    en: 'The user name or email must not be empty',
    fr: "Le nom d'utilisateur ou l'e-mail est obligatoire",
    id: 'Nama pengguna atau email wajib diisi',
  },
  'validation.email': {
    'zh-CN': '邮箱格式不正确',
    en: 'Invalid email address',
    fr: 'Adresse e-mail invalide',
    id: 'Alamat email tidak valid',
  },
  'validation.phone': {
    'zh-CN': '请输入 11 位手机号码',
    en: 'Enter an 11-digit mobile number',
    fr: 'Saisissez un numéro de mobile à 11 chiffres',
    id: 'Masukkan nomor ponsel 11 digit',
  },
  'validation.code': {
    'zh-CN': '请输入 6 位验证码',
    en: 'Enter the 6-digit code',
    fr: 'Saisissez le code à 6 chiffres',
    id: 'Masukkan kode 6 digit',
  },
  'validation.captcha.required': {
    'zh-CN': '验证码不能为空',
    en: 'The verification code must not be empty',
    fr: 'Le code de vérification est obligatoire',
    id: 'Kode verifikasi wajib diisi',
  },
  'error.login.badCredentials': {
    'zh-CN': '用户不存在或密码错误',
    en: 'Wrong user name or password',
    fr: "Nom d'utilisateur ou mot de passe incorrect",
    id: 'Nama pengguna atau kata sandi salah',
  },
  'error.login.locked': {
    'zh-CN': '密码错误次数过多，帐户已锁定 {minutes} 分钟',
    en: 'Too many wrong passwords: the account is locked for {minutes} minutes',
    fr: 'Trop de mots de passe erronés : le compte est verrouillé pendant {minutes} minutes',
    id: 'Terlalu banyak kata sandi salah: akun dikunci selama {minutes} menit',
  },
  'error.login.captchaWrong': {
    'zh-CN': '验证码错误',
    en: 'The verification code is wrong',
    fr: 'Le code de vérification est incorrect',
    id: 'Kode verifikasi salah',
  },
  'error.login.captchaExpired': {
    'zh-CN': '验证码已失效',
    en: 'The verification code has expired',
    fr: 'Le code de vérification a expiré',
    id: 'Kode verifikasi sudah kedaluwarsa',
  },
  'error.login.disabled': {
    'zh-CN': '该账号已停用',
    en: 'This account is disabled',
    fr: 'Ce compte est désactivé',
    id: 'Akun ini dinonaktifkan',
  },
  'error.login.undecryptable': {
    'zh-CN': '密码无法解密，请刷新页面后重试',
    en: 'The password could not be decrypted; reload the page and try again',
    fr: "Le mot de passe n'a pas pu être déchiffré ; rechargez la page et réessayez",
    id: 'Kata sandi tidak dapat didekripsi; muat ulang halaman lalu coba lagi',
  },
  'error.session.ended': {
    'zh-CN': '登录状态已过期，请重新登录',
    en: 'Your session has ended, please log in again',
    fr: 'Votre session est terminée, veuillez vous reconnecter',
    id: 'Sesi Anda telah berakhir, silakan masuk kembali',
  },
  'error.session.disabled': {
    'zh-CN': '该账号已停用，请联系管理员',
    en: 'This account has been disabled, contact your administrator',
    fr: 'Ce compte a été désactivé, contactez votre administrateur',
    id: 'Akun ini telah dinonaktifkan, hubungi administrator Anda',
  },
  'error.session.mustChangePassword': {
    'zh-CN': '请先修改初始密码',
    en: 'Change the initial password first',
    fr: "Changez d'abord le mot de passe initial",
    id: 'Ubah kata sandi awal terlebih dahulu',
  },
  'error.password.oldWrong': {
    'zh-CN': '修改密码失败，旧密码错误',
    en: 'Password not changed: the old password is wrong',
    fr: "Mot de passe non modifié : l'ancien mot de passe est incorrect",
    id: 'Kata sandi tidak diubah: kata sandi lama salah',
  },
  'error.recovery.codeWrong': {
    'zh-CN': '验证码错误或已失效',
    en: 'The verification code is incorrect or invalid',
    fr: 'Le code de vérification est incorrect ou invalide',
    id: 'Kode verifikasi salah atau tidak valid',
  },
  'error.recovery.noContact': {
    'zh-CN': '该账号没有可接收验证码的邮箱或手机号',
    en: 'This account has no email or phone to receive a code',
    fr: "Ce compte n'a ni e-mail ni téléphone pour recevoir un code",
    id: 'Akun ini tidak memiliki email atau telepon untuk menerima kode',
  },
  'error.recovery.cooldown': {
    'zh-CN': '发送过于频繁，请 {seconds} 秒后再试',
    en: 'Sent too often, try again in {seconds} seconds',
    fr: 'Envoi trop fréquent, réessayez dans {seconds} secondes',
    id: 'Terlalu sering, coba lagi dalam {seconds} detik',
  },
  'error.user.notFound': {
    'zh-CN': '用户不存在',
    en: 'User not found',
    fr: 'Utilisateur introuvable',
    id: 'Pengguna tidak ditemukan',
  },
  'error.user.exists': {
    'zh-CN': '登录账号、邮箱或手机号已存在',
    en: 'The user name, email or phone is already taken',
    fr: "Le nom d'utilisateur, l'e-mail ou le téléphone est déjà utilisé",
    id: 'Nama pengguna, email atau telepon sudah dipakai',
  },
  'error.config.builtIn': {
    'zh-CN': '内置参数不能删除',
    en: 'A built-in parameter cannot be deleted',
    fr: 'Un paramètre intégré ne peut pas être supprimé',
    id: 'Parameter bawaan tidak dapat dihapus',
  },
  'error.config.keyExists': {
    'zh-CN': '参数键名已存在',
    en: 'The parameter key already exists',
    fr: 'La clé de paramètre existe déjà',
    id: 'Kunci parameter sudah ada',
  },
  'error.config.notFound': {
    'zh-CN': '参数不存在',
    en: 'Parameter not found',
    fr: 'Paramètre introuvable',
    id: 'Parameter tidak ditemukan',
  },
  'error.dict.notFound': {
    'zh-CN': '字典数据不存在',
    en: 'Dictionary entry not found',
    fr: 'Entrée de dictionnaire introuvable',
    id: 'Entri kamus tidak ditemukan',
  },
  'error.dict.valueExists': {
    'zh-CN': '该字典类型下键值已存在',
    en: 'This value already exists in the dictionary',
    fr: 'Cette valeur existe déjà dans le dictionnaire',
    id: 'Nilai ini sudah ada di kamus',
  },
  'error.upload.type': {
    'zh-CN': '文件格式错误，请上传 png 或 jpg 图片',
    en: 'Wrong file type: upload a png or jpg image',
    fr: 'Type de fichier incorrect : envoyez une image png ou jpg',
    id: 'Tipe berkas salah: unggah gambar png atau jpg',
  },
  'error.upload.size': {
    'zh-CN': '上传文件大小不能超过 5 MB',
    en: 'The file must not exceed 5 MB',
    fr: 'Le fichier ne doit pas dépasser 5 Mo',
    id: 'Berkas tidak boleh melebihi 5 MB',
  },
  'error.upload.missing': {
    'zh-CN': '请选择要上传的文件',
    en: 'Choose a file to upload',
    fr: 'Choisissez un fichier à envoyer',
    id: 'Pilih berkas untuk diunggah',
  },
  'recovery.sent': {
    'zh-CN': '验证码已发送',
    en: 'The code has been sent',
    fr: 'Le code a été envoyé',
    id: 'Kode telah dikirim',
  },
  'recovery.message': {
    'zh-CN': '您的 Hydrolog 验证码是 {code}，{minutes} 分钟内有效。',
    en: 'Your Hydrolog verification code is {code}; it is valid for {minutes} minutes.',
    fr: 'Votre code de vérification Hydrolog est {code} ; il est valable {minutes} minutes.',
    id: 'Kode verifikasi Hydrolog Anda adalah {code}; berlaku {minutes} menit.',
  },
  'error.role.exists': {
    'zh-CN': '角色已存在',
    en: 'The role already exists',
    fr: 'Le rôle existe déjà',
    id: 'Peran sudah ada',
  },
  'error.user.self': {
    'zh-CN': '不能对当前登录用户执行此操作',
    en: 'You cannot do this to your own account',
    fr: 'Impossible sur votre propre compte',
    id: 'Tidak dapat dilakukan pada akun Anda sendiri',
  },
  'error.role.notFound': {
    'zh-CN': '角色不存在',
    en: 'Role not found',
    fr: 'Rôle introuvable',
    id: 'Peran tidak ditemukan',
  },
  'error.dept.notFound': {
    'zh-CN': '部门不存在',
    en: 'Department not found',
    fr: 'Service introuvable',
    id: 'Departemen tidak ditemukan',
  },
  'error.dept.hasChildren': {
    'zh-CN': '存在下级部门，不允许删除',
    en: 'The department has sub-departments and cannot be deleted',
    fr: 'Le service a des sous-services et ne peut pas être supprimé',
    id: 'Departemen memiliki subdepartemen dan tidak dapat dihapus',
  },
  'error.dept.hasUsers': {
    'zh-CN': '部门存在用户，不允许删除',
    en: 'The department has users and cannot be deleted',
    fr: 'Le service a des utilisateurs et ne peut pas être supprimé',
    id: 'Departemen memiliki pengguna dan tidak dapat dihapus',
  },
  'error.dept.parentLoop': {
    'zh-CN': '上级部门不能是自己或下级部门',
    en: 'The parent department cannot be the department itself or one below it',
    fr: 'Le service parent ne peut être le service lui-même ni un de ses sous-services',
    id: 'Departemen induk tidak boleh departemen itu sendiri atau bawahannya',
  },
  'error.role.keyExists': {
    'zh-CN': '角色权限字符已存在',
    en: 'The role key already exists',
    fr: 'La clé de rôle existe déjà',
    id: 'Kunci peran sudah ada',
  },
  'error.role.inUse': {
    'zh-CN': '角色已分配给用户，不能删除',
    en: 'The role is assigned to users and cannot be deleted',
    fr: 'Le rôle est attribué à des utilisateurs et ne peut pas être supprimé',
    id: 'Peran sudah diberikan ke pengguna dan tidak dapat dihapus',
  },
  'error.role.builtIn': {
    'zh-CN': '不允许修改超级管理员角色',
    en: 'The administrator role cannot be changed',
    fr: "Le rôle d'administrateur ne peut pas être modifié",
    id: 'Peran administrator tidak dapat diubah',
  },
  'error.role.unknownMenu': {
    'zh-CN': '包含不存在的菜单',
    en: 'Unknown menu in the selection',
    fr: 'Menu inconnu dans la sélection',
    id: 'Menu tidak dikenal dalam pilihan',
  },
  'error.dept.exists': {
    'zh-CN': '部门已存在',
    en: 'The department already exists',
    fr: 'Le service existe déjà',
    id: 'Departemen sudah ada',
  },
  'error.recovery.dailyLimit': {
    'zh-CN': '今日验证码发送次数已达上限',
    en: 'Too many codes today for this account',
    fr: "Trop de codes aujourd'hui pour ce compte",
    id: 'Terlalu banyak kode hari ini untuk akun ini',
  },
  'login.success': { 'zh-CN': '登录成功', en: 'Logged in', fr: 'Connecté', id: 'Berhasil masuk' },
  'login.unlocked': {
    'zh-CN': '管理员已解锁',
    en: 'Unlocked by an administrator',
    fr: 'Déverrouillé par un administrateur',
    id: 'Dibuka oleh administrator',
  },
  'log.userName': { 'zh-CN': '用户名', en: 'User name', fr: "Nom d'utilisateur", id: 'Nama pengguna' },
  'log.ip': { 'zh-CN': 'IP 地址', en: 'IP address', fr: 'Adresse IP', id: 'Alamat IP' },
  'log.browser': { 'zh-CN': '浏览器', en: 'Browser', fr: 'Navigateur', id: 'Peramban' },
  'log.os': {
    'zh-CN': '操作系统',
    en: 'Operating system',
    fr: "Système d'exploitation",
    id: 'Sistem operasi',
  },
  'log.status': { 'zh-CN': '状态', en: 'Status', fr: 'Statut', id: 'Status' },
  'log.success': { 'zh-CN': '成功', en: 'Success', fr: 'Succès', id: 'Berhasil' },
  'log.failure': { 'zh-CN': '失败', en: 'Failure', fr: 'Échec', id: 'Gagal' },
  'log.message': { 'zh-CN': '信息', en: 'Message', fr: 'Message', id: 'Pesan' },
  'log.time': { 'zh-CN': '时间', en: 'Time', fr: 'Heure', id: 'Waktu' },
  'log.title': { 'zh-CN': '操作', en: 'Operation', fr: 'Opération', id: 'Operasi' },
  'log.businessType': {
    'zh-CN': '业务类型',
    en: 'Business type',
    fr: "Type d'opération",
    id: 'Jenis operasi',
  },
  'log.method': { 'zh-CN': '请求', en: 'Request', fr: 'Requête', id: 'Permintaan' },
  'log.operator': { 'zh-CN': '操作人员', en: 'Operator', fr: 'Opérateur', id: 'Operator' },
  'log.parameters': { 'zh-CN': '请求参数', en: 'Parameters', fr: 'Paramètres', id: 'Parameter' },
  'log.duration': { 'zh-CN': '耗时（毫秒）', en: 'Duration (ms)', fr: 'Durée (ms)', id: 'Durasi (md)' },
  'error.tenant.platform': {
    'zh-CN': '不能停用平台租户',
    en: 'The platform tenant cannot be suspended',
    fr: 'Le locataire de la plateforme ne peut pas être suspendu',
    id: 'Penyewa platform tidak dapat ditangguhkan',
  },
  'error.tenant.suspended': {
    'zh-CN': '租户已停用，请联系平台管理员',
    en: 'This tenant is suspended; contact the platform operators',
    fr: 'Ce locataire est suspendu ; contactez les opérateurs de la plateforme',
    id: 'Penyewa ini ditangguhkan; hubungi operator platform',
  },
  'error.tenant.trialExpired': {
    'zh-CN': '试用期已结束，数据只读',
    en: 'The trial has ended: data is read-only',
    fr: "L'essai est terminé : les données sont en lecture seule",
    id: 'Masa uji coba berakhir: data hanya dapat dibaca',
  },
  'validation.meterNo': {
    'zh-CN': '表号只能是数字（最多 32 位）',
    en: 'The meter number must be digits only (at most 32)',
    fr: 'Le numéro de compteur ne contient que des chiffres (32 au plus)',
    id: 'Nomor meter hanya berupa angka (paling banyak 32)',
  },
  'validation.imei': {
    'zh-CN': 'IMEI 必须是 15 位数字',
    en: 'The IMEI must be 15 digits',
    fr: "L'IMEI doit comporter 15 chiffres",
    id: 'IMEI harus 15 digit',
  },
  'validation.sim': {
    'zh-CN': 'SIM 卡号必须是 20 位数字或字母',
    en: 'The SIM number must be 20 digits or letters',
    fr: 'Le numéro SIM doit comporter 20 chiffres ou lettres',
    id: 'Nomor SIM harus 20 digit atau huruf',
  },
  'error.ingest.tooManyReadings': {
    'zh-CN': '每次请求最多 {max} 条读数，请分批发送',
    en: 'At most {max} readings per request: split the upload into several batches',
    fr: 'Au plus {max} relevés par requête : découpez l’envoi en plusieurs lots',
    id: 'Paling banyak {max} pembacaan per permintaan: bagi unggahan menjadi beberapa batch',
  },
  'error.ingest.tooLarge': {
    'zh-CN': '每次请求最多 {max} MB，请分批发送',
    en: 'At most {max} MB per request: split the upload into several batches',
    fr: 'Au plus {max} Mo par requête : découpez l’envoi en plusieurs lots',
    id: 'Paling banyak {max} MB per permintaan: bagi unggahan menjadi beberapa batch',
  },
  'error.ingest.contentType': {
    'zh-CN':
      '不支持的内容类型：请使用 application/json、application/x-ndjson 或 application/vnd.apache.arrow.stream',
    en: 'Unsupported content type: send application/json, application/x-ndjson or application/vnd.apache.arrow.stream',
    fr: 'Type de contenu non pris en charge : envoyez application/json, application/x-ndjson ou application/vnd.apache.arrow.stream',
    id: 'Tipe konten tidak didukung: kirim application/json, application/x-ndjson atau application/vnd.apache.arrow.stream',
  },
  'error.ingest.malformed': {
    'zh-CN': '请求体无法解析：{detail}',
    en: 'The body cannot be read: {detail}',
    fr: 'Le corps de la requête est illisible : {detail}',
    id: 'Isi permintaan tidak dapat dibaca: {detail}',
  },
  'error.ingest.idempotencyKey': {
    'zh-CN': '请在 Idempotency-Key 请求头中提供批次 UUID',
    en: 'Send the batch id (a UUID) in the Idempotency-Key header',
    fr: 'Envoyez l’identifiant du lot (un UUID) dans l’en-tête Idempotency-Key',
    id: 'Kirim id batch (UUID) di header Idempotency-Key',
  },
  'error.ingest.busy': {
    'zh-CN': '读数处理繁忙，请在 {seconds} 秒后重试同一批次',
    en: 'Readings are being processed: send the same batch again in {seconds} s',
    fr: 'Traitement des relevés en cours : renvoyez le même lot dans {seconds} s',
    id: 'Pembacaan sedang diproses: kirim batch yang sama lagi dalam {seconds} detik',
  },
  'error.gateway.key': {
    'zh-CN': '网关密钥无效或已吊销',
    en: 'The gateway key is not valid or has been revoked',
    fr: 'La clé de passerelle n’est pas valide ou a été révoquée',
    id: 'Kunci gateway tidak valid atau telah dicabut',
  },
  'error.gateway.notFound': {
    'zh-CN': '网关不存在',
    en: 'The gateway does not exist',
    fr: 'La passerelle n’existe pas',
    id: 'Gateway tidak ada',
  },
  'error.gateway.revoked': {
    'zh-CN': '网关已吊销',
    en: 'The gateway has been revoked',
    fr: 'La passerelle a été révoquée',
    id: 'Gateway telah dicabut',
  },
  'error.gateway.nameExists': {
    'zh-CN': '网关名称已存在',
    en: 'A gateway with this name already exists',
    fr: 'Une passerelle porte déjà ce nom',
    id: 'Gateway dengan nama ini sudah ada',
  },
  'error.command.notFound': {
    'zh-CN': '指令不存在或不属于该网关',
    en: 'The command does not exist or was not sent to this gateway',
    fr: 'La commande n’existe pas ou n’a pas été envoyée à cette passerelle',
    id: 'Perintah tidak ada atau tidak dikirim ke gateway ini',
  },
  'error.command.finished': {
    'zh-CN': '指令已结束（{status}）',
    en: 'The command has already ended ({status})',
    fr: 'La commande est déjà terminée ({status})',
    id: 'Perintah sudah selesai ({status})',
  },
  'error.meter.exists': {
    'zh-CN': '表号已存在',
    en: 'The meter number already exists',
    fr: 'Le numéro de compteur existe déjà',
    id: 'Nomor meter sudah ada',
  },
  'error.meter.notFound': {
    'zh-CN': '水表不存在',
    en: 'The meter does not exist',
    fr: 'Le compteur n’existe pas',
    id: 'Meter tidak ada',
  },
  'error.meterType.notFound': {
    'zh-CN': '水表类型不存在',
    en: 'The meter type does not exist',
    fr: 'Le type de compteur n’existe pas',
    id: 'Jenis meter tidak ada',
  },
  'error.meterType.exists': {
    'zh-CN': '水表类型名称已存在',
    en: 'A meter type with this name already exists',
    fr: 'Un type de compteur porte déjà ce nom',
    id: 'Jenis meter dengan nama ini sudah ada',
  },
  'error.meter.noValve': {
    'zh-CN': '该水表类型不支持阀门控制',
    en: 'This meter type has no remote valve',
    fr: 'Ce type de compteur n’a pas de vanne pilotable',
    id: 'Jenis meter ini tidak memiliki katup jarak jauh',
  },
  'validation.dateRange': {
    'zh-CN': '结束日期不能早于开始日期',
    en: 'The end date cannot be before the start date',
    fr: 'La date de fin ne peut pas précéder la date de début',
    id: 'Tanggal akhir tidak boleh sebelum tanggal mulai',
  },
  'gateway.name': { 'zh-CN': '名称', en: 'Name', fr: 'Nom', id: 'Nama' },
  'gateway.kind': { 'zh-CN': '类型', en: 'Kind', fr: 'Type', id: 'Jenis' },
  'gateway.kind.gateway': { 'zh-CN': '网关', en: 'Gateway', fr: 'Passerelle', id: 'Gateway' },
  'gateway.kind.concentrator': {
    'zh-CN': '集中器',
    en: 'Concentrator',
    fr: 'Concentrateur',
    id: 'Konsentrator',
  },
  'gateway.manufacturer': { 'zh-CN': '厂家', en: 'Manufacturer', fr: 'Fabricant', id: 'Pabrikan' },
  'gateway.status': { 'zh-CN': '状态', en: 'Status', fr: 'État', id: 'Status' },
  'gateway.status.active': { 'zh-CN': '启用', en: 'Active', fr: 'Active', id: 'Aktif' },
  'gateway.status.revoked': { 'zh-CN': '已吊销', en: 'Revoked', fr: 'Révoquée', id: 'Dicabut' },
  'gateway.keyPrefix': { 'zh-CN': '密钥前缀', en: 'Key prefix', fr: 'Préfixe de clé', id: 'Awalan kunci' },
  'gateway.lastSeen': {
    'zh-CN': '最后上报',
    en: 'Last upload',
    fr: 'Dernier envoi',
    id: 'Unggahan terakhir',
  },
  'gateway.meters': { 'zh-CN': '水表数', en: 'Meters', fr: 'Compteurs', id: 'Meter' },
  'gateway.created': { 'zh-CN': '创建时间', en: 'Created', fr: 'Créée le', id: 'Dibuat' },
  // ---- Platform administration: menus, notices, dictionary types, carriers, regions, third parties, agents (issue 7, admin-a) ----
  'error.menu.notFound': {
    'zh-CN': '菜单不存在',
    en: 'Menu entry not found',
    fr: 'Entrée de menu introuvable',
    id: 'Entri menu tidak ditemukan',
  },
  'error.menu.exists': {
    'zh-CN': '菜单已存在',
    en: 'This menu entry already exists',
    fr: 'Cette entrée de menu existe déjà',
    id: 'Entri menu ini sudah ada',
  },
  'error.menu.builtIn': {
    'zh-CN': '内置菜单不能删除，其类型、路径、组件和权限标识不能修改',
    en: 'A built-in menu entry cannot be deleted, nor its kind, path, component or permission changed',
    fr: 'Une entrée de menu intégrée ne peut être supprimée, ni son type, son chemin, son composant ou sa permission modifiés',
    id: 'Entri menu bawaan tidak dapat dihapus, dan jenis, jalur, komponen, atau izinnya tidak dapat diubah',
  },
  'error.menu.hasChildren': {
    'zh-CN': '存在子菜单，不允许删除',
    en: 'The menu entry has sub-entries',
    fr: "L'entrée de menu a des sous-entrées",
    id: 'Entri menu memiliki subentri',
  },
  'error.menu.parentNotFound': {
    'zh-CN': '上级菜单不存在',
    en: 'Parent menu entry not found',
    fr: 'Entrée de menu parente introuvable',
    id: 'Entri menu induk tidak ditemukan',
  },
  'error.menu.parentType': {
    'zh-CN': '目录下放目录或菜单，菜单下放按钮',
    en: 'Directories hold directories and pages; pages hold buttons',
    fr: 'Les répertoires contiennent des répertoires et des pages ; les pages contiennent des boutons',
    id: 'Direktori berisi direktori dan halaman; halaman berisi tombol',
  },
  'error.menu.parentLoop': {
    'zh-CN': '上级菜单不能是自己或下级菜单',
    en: 'The parent cannot be the entry itself or one below it',
    fr: "Le parent ne peut être l'entrée elle-même ni une entrée en dessous",
    id: 'Induk tidak boleh entri itu sendiri atau entri di bawahnya',
  },
  'error.notice.notFound': {
    'zh-CN': '公告不存在',
    en: 'Notice not found',
    fr: 'Avis introuvable',
    id: 'Pengumuman tidak ditemukan',
  },
  'error.notice.exists': {
    'zh-CN': '公告已存在',
    en: 'This notice already exists',
    fr: 'Cet avis existe déjà',
    id: 'Pengumuman ini sudah ada',
  },
  'error.notice.published': {
    'zh-CN': '已发布的公告请先撤回再修改或删除',
    en: 'Withdraw a published notice before changing or deleting it',
    fr: 'Retirez un avis publié avant de le modifier ou de le supprimer',
    id: 'Tarik pengumuman yang sudah terbit sebelum mengubah atau menghapusnya',
  },
  'error.notice.notPublished': {
    'zh-CN': '公告未发布',
    en: 'The notice is not published',
    fr: "L'avis n'est pas publié",
    id: 'Pengumuman belum terbit',
  },
  'error.carrier.notFound': {
    'zh-CN': '运营商不存在',
    en: 'Carrier not found',
    fr: 'Opérateur introuvable',
    id: 'Operator tidak ditemukan',
  },
  'error.carrier.unknownCountry': {
    'zh-CN': '国家或地区不存在',
    en: 'Unknown country',
    fr: 'Pays inconnu',
    id: 'Negara tidak dikenal',
  },
  'error.region.notFound': {
    'zh-CN': '区域不存在',
    en: 'Region not found',
    fr: 'Région introuvable',
    id: 'Wilayah tidak ditemukan',
  },
  'error.region.hasChildren': {
    'zh-CN': '存在下级区域，不允许删除',
    en: 'The region has sub-regions and cannot be deleted',
    fr: 'La région a des sous-régions et ne peut être supprimée',
    id: 'Wilayah memiliki subwilayah dan tidak dapat dihapus',
  },
  'error.region.parentLoop': {
    'zh-CN': '上级区域不能是自己或下级区域',
    en: 'The superior region cannot be the region itself or one below it',
    fr: 'La région supérieure ne peut être la région elle-même ni une région en dessous',
    id: 'Wilayah atasan tidak boleh wilayah itu sendiri atau wilayah di bawahnya',
  },
  'error.region.exists': {
    'zh-CN': '同级区域名称已存在',
    en: 'A region of this name already exists at this level',
    fr: 'Une région de ce nom existe déjà à ce niveau',
    id: 'Wilayah dengan nama ini sudah ada di tingkat ini',
  },
  'error.thirdParty.notFound': {
    'zh-CN': '第三方平台不存在',
    en: 'Third-party platform not found',
    fr: 'Plateforme tierce introuvable',
    id: 'Platform pihak ketiga tidak ditemukan',
  },
  'error.thirdParty.codeExists': {
    'zh-CN': '平台编码已存在',
    en: 'This platform code already exists',
    fr: 'Ce code de plateforme existe déjà',
    id: 'Kode platform ini sudah ada',
  },
  'error.thirdParty.hasRecharges': {
    'zh-CN': '平台已有充值记录，不允许删除',
    en: 'The platform has recharge records and cannot be deleted',
    fr: 'La plateforme a des recharges enregistrées et ne peut être supprimée',
    id: 'Platform memiliki catatan isi ulang dan tidak dapat dihapus',
  },
  'error.agent.notFound': {
    'zh-CN': '代理商不存在',
    en: 'Agent not found',
    fr: 'Agent introuvable',
    id: 'Agen tidak ditemukan',
  },
  'error.agent.balanceInsufficient': {
    'zh-CN': '账户余额不足',
    en: 'Account balance insufficient',
    fr: 'Solde du compte insuffisant',
    id: 'Saldo akun tidak mencukupi',
  },
  'error.agent.thirdPartyMismatch': {
    'zh-CN': '购买方式为第三方的代理商充值须选择第三方平台，其他方式不能选择',
    en: 'A recharge names a third-party platform exactly when the agent buys through a third party',
    fr: "Une recharge indique une plateforme tierce exactement quand l'agent achète via un tiers",
    id: 'Isi ulang menyebut platform pihak ketiga tepat ketika agen membeli melalui pihak ketiga',
  },
  'error.dictType.notFound': {
    'zh-CN': '字典类型不存在',
    en: 'Dictionary type not found',
    fr: 'Type de dictionnaire introuvable',
    id: 'Jenis kamus tidak ditemukan',
  },
  'error.dictType.keyExists': {
    'zh-CN': '字典类型已存在',
    en: 'This dictionary type already exists',
    fr: 'Ce type de dictionnaire existe déjà',
    id: 'Jenis kamus ini sudah ada',
  },
  'error.dictType.hasData': {
    'zh-CN': '字典类型下有数据，不能删除',
    en: 'The dictionary type has data and cannot be deleted',
    fr: 'Le type de dictionnaire a des données et ne peut être supprimé',
    id: 'Jenis kamus memiliki data dan tidak dapat dihapus',
  },
  'error.dictType.keyInUse': {
    'zh-CN': '字典类型下有数据，不能修改类型',
    en: 'The type of a dictionary with data cannot change',
    fr: "Le type d'un dictionnaire qui a des données ne peut changer",
    id: 'Jenis kamus yang memiliki data tidak dapat diubah',
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
