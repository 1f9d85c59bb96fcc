/**
 * Every message the server can send to a person, in the four interface languages.
 * Keys are stable; the browser and the server translate with the same table.
 */
export const LANGUAGES = ['zh-CN', 'en', 'fr', 'id'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

type Catalogue = Record<string, Record<Language, string>>;

export const messages = {
  "ok": {
    "zh-CN": "操作成功",
    "en": "Operation succeeded",
    "fr": "Opération réussie",
    "id": "Operasi berhasil"
  },
  "validation.failed": {
    "zh-CN": "参数校验失败",
    "en": "Some fields are not valid",
    "fr": "Certains champs ne sont pas valides",
    "id": "Beberapa isian tidak valid"
  },
  "validation.required": {
    "zh-CN": "不能为空",
    "en": "Required",
    "fr": "Obligatoire",
    "id": "Wajib diisi"
  },
  "validation.tooLong": {
    "zh-CN": "长度不能超过 {max}",
    "en": "At most {max} characters",
    "fr": "{max} caractères au maximum",
    "id": "Paling banyak {max} karakter"
  },
  "validation.tooShort": {
    "zh-CN": "长度不能少于 {min}",
    "en": "At least {min} characters",
    "fr": "{min} caractères au minimum",
    "id": "Paling sedikit {min} karakter"
  },
  "validation.tooBig": {
    "zh-CN": "不能大于 {max}",
    "en": "Must be at most {max}",
    "fr": "Doit être au plus {max}",
    "id": "Paling besar {max}"
  },
  "validation.tooSmall": {
    "zh-CN": "不能小于 {min}",
    "en": "Must be at least {min}",
    "fr": "Doit être au moins {min}",
    "id": "Paling kecil {min}"
  },
  "validation.invalidType": {
    "zh-CN": "类型错误，应为 {expected}",
    "en": "Wrong type, expected {expected}",
    "fr": "Type incorrect, {expected} attendu",
    "id": "Tipe salah, seharusnya {expected}"
  },
  "validation.invalidFormat": {
    "zh-CN": "格式不正确",
    "en": "Invalid format",
    "fr": "Format invalide",
    "id": "Format tidak valid"
  },
  "validation.invalidValue": {
    "zh-CN": "取值无效",
    "en": "Invalid value",
    "fr": "Valeur invalide",
    "id": "Nilai tidak valid"
  },
  "validation.unknownField": {
    "zh-CN": "未知字段 {keys}",
    "en": "Unknown field {keys}",
    "fr": "Champ inconnu {keys}",
    "id": "Isian tidak dikenal {keys}"
  },
  "validation.timeZone": {
    "zh-CN": "未知时区",
    "en": "Unknown time zone",
    "fr": "Fuseau horaire inconnu",
    "id": "Zona waktu tidak dikenal"
  },
  "validation.malformedBody": {
    "zh-CN": "请求体不是有效的 JSON",
    "en": "The request body is not valid JSON",
    "fr": "Le corps de la requête n'est pas du JSON valide",
    "id": "Isi permintaan bukan JSON yang valid"
  },
  "error.staleVersion": {
    "zh-CN": "数据已被他人修改，请刷新后重试",
    "en": "Someone else changed this record; reload it and try again",
    "fr": "Quelqu'un d'autre a modifié cet enregistrement ; rechargez-le et réessayez",
    "id": "Data ini telah diubah orang lain; muat ulang lalu coba lagi"
  },
  "error.tenant.notFound": {
    "zh-CN": "租户不存在",
    "en": "Tenant not found",
    "fr": "Locataire introuvable",
    "id": "Penyewa tidak ditemukan"
  },
  "error.tenant.exists": {
    "zh-CN": "租户已存在",
    "en": "The tenant already exists",
    "fr": "Le locataire existe déjà",
    "id": "Penyewa sudah ada"
  },
  "error.tenant.nameExists": {
    "zh-CN": "租户名称已存在",
    "en": "A tenant with this name already exists",
    "fr": "Un locataire porte déjà ce nom",
    "id": "Nama penyewa sudah dipakai"
  },
  "error.tenant.nothingChanged": {
    "zh-CN": "没有需要保存的修改",
    "en": "Nothing to change",
    "fr": "Aucune modification",
    "id": "Tidak ada perubahan"
  },
  "error.internal": {
    "zh-CN": "未知错误，请反馈给管理员（编号 {correlationId}）",
    "en": "Unknown system error, please report it to the administrator (reference {correlationId})",
    "fr": "Erreur système inconnue, signalez-la à l'administrateur (référence {correlationId})",
    "id": "Kesalahan sistem tidak dikenal, laporkan ke administrator (referensi {correlationId})"
  },
  "http.401": {
    "zh-CN": "认证失败，无法访问系统资源",
    "en": "Authentication failed, system resources inaccessible",
    "fr": "Échec de l'authentification, ressources système inaccessibles",
    "id": "Autentikasi gagal, sumber daya sistem tidak dapat diakses"
  },
  "http.403": {
    "zh-CN": "当前操作没有权限",
    "en": "No permission for this operation",
    "fr": "Pas d'autorisation pour cette opération",
    "id": "Tidak ada izin untuk operasi ini"
  },
  "http.404": {
    "zh-CN": "访问资源不存在",
    "en": "Resource does not exist",
    "fr": "La ressource n'existe pas",
    "id": "Sumber daya tidak ada"
  },
  "http.413": {
    "zh-CN": "请求体过大",
    "en": "The request body is too large",
    "fr": "Le corps de la requête est trop volumineux",
    "id": "Isi permintaan terlalu besar"
  },
  "http.415": {
    "zh-CN": "不支持的内容类型",
    "en": "Unsupported content type",
    "fr": "Type de contenu non pris en charge",
    "id": "Tipe konten tidak didukung"
  },
  "validation.password.length": {
    "zh-CN": "密码长度必须介于 6 和 16 之间",
    "en": "The password must be 6 to 16 characters long",
    "fr": "Le mot de passe doit comporter 6 à 16 caractères",
    "id": "Kata sandi harus 6 sampai 16 karakter"
  },
  "validation.password.rules": {
    "zh-CN": "密码必须包含数字、大写字母和小写字母",
    "en": "The password needs digits, upper-case and lower-case letters",
    "fr": "Le mot de passe doit contenir des chiffres, des majuscules et des minuscules",
    "id": "Kata sandi harus berisi angka, huruf besar dan huruf kecil"
  },
  "validation.password.required": {
    "zh-CN": "密码不能为空",
    "en": "The password must not be empty",
    "fr": "Le mot de passe est obligatoire",
    "id": "Kata sandi wajib diisi"
  },
  "validation.password.oldRequired": {
    "zh-CN": "旧密码不能为空",
    "en": "The old password must not be empty",
    "fr": "L'ancien mot de passe est obligatoire",
    "id": "Kata sandi lama wajib diisi"
  },
  "validation.password.confirmRequired": {
    "zh-CN": "确认密码不能为空",
    "en": "Please confirm the new password",
    "fr": "Veuillez confirmer le nouveau mot de passe",
    "id": "Konfirmasi kata sandi baru wajib diisi"
  },
  "validation.password.mismatch": {
    "zh-CN": "两次输入的密码不一致",
    "en": "The two passwords entered differ",
    "fr": "Les deux mots de passe saisis diffèrent",
    "id": "Kedua kata sandi yang dimasukkan berbeda"
  },
  "validation.password.sameAsOld": {
    "zh-CN": "新密码不能与旧密码相同",
    "en": "The new password must differ from the old one",
    "fr": "Le nouveau mot de passe doit être différent de l'ancien",
    "id": "Kata sandi baru harus berbeda dari yang lama"
  },
  "validation.password.sameAsInitial": {
    "zh-CN": "新密码不能与初始密码相同",
    "en": "The new password must differ from the initial password",
    "fr": "Le nouveau mot de passe doit être différent du mot de passe initial",
    "id": "Kata sandi baru harus berbeda dari kata sandi awal"
  },
  "validation.userName.length": {
    "zh-CN": "用户名长度必须介于 2 和 30 之间",
    "en": "The user name must be 2 to 30 characters long",
    "fr": "Le nom d'utilisateur doit comporter 2 à 30 caractères",
    "id": "Nama pengguna harus 2 sampai 30 karakter"
  },
  "validation.userName.rules": {
    "zh-CN": "用户名只能包含字母、数字和下划线，且不能以数字或下划线开头",
    "en": "Only letters, digits and underscore, not starting with a digit or underscore",
    "fr": "Lettres, chiffres et tiret bas uniquement, sans commencer par un chiffre ni un tiret bas",
    "id": "Hanya huruf, angka dan garis bawah, tidak diawali angka atau garis bawah"
  },
  "validation.username.required": {
    "zh-CN": "用户名或邮箱不能为空",
    "en": "The user name or email must not be empty",
    "fr": "Le nom d'utilisateur ou l'e-mail est obligatoire",
    "id": "Nama pengguna atau email wajib diisi"
  },
  "validation.email": {
    "zh-CN": "邮箱格式不正确",
    "en": "Invalid email address",
    "fr": "Adresse e-mail invalide",
    "id": "Alamat email tidak valid"
  },
  "validation.phone": {
    "zh-CN": "请输入 11 位手机号码",
    "en": "Enter an 11-digit mobile number",
    "fr": "Saisissez un numéro de mobile à 11 chiffres",
    "id": "Masukkan nomor ponsel 11 digit"
  },
  "validation.code": {
    "zh-CN": "请输入 6 位验证码",
    "en": "Enter the 6-digit code",
    "fr": "Saisissez le code à 6 chiffres",
    "id": "Masukkan kode 6 digit"
  },
  "validation.captcha.required": {
    "zh-CN": "验证码不能为空",
    "en": "The verification code must not be empty",
    "fr": "Le code de vérification est obligatoire",
    "id": "Kode verifikasi wajib diisi"
  },
  "error.login.badCredentials": {
    "zh-CN": "用户不存在或密码错误",
    "en": "Wrong user name or password",
    "fr": "Nom d'utilisateur ou mot de passe incorrect",
    "id": "Nama pengguna atau kata sandi salah"
  },
  "error.login.locked": {
    "zh-CN": "密码错误次数过多，帐户已锁定 {minutes} 分钟",
    "en": "Too many wrong passwords: the account is locked for {minutes} minutes",
    "fr": "Trop de mots de passe erronés : le compte est verrouillé pendant {minutes} minutes",
    "id": "Terlalu banyak kata sandi salah: akun dikunci selama {minutes} menit"
  },
  "error.login.captchaWrong": {
    "zh-CN": "验证码错误",
    "en": "The verification code is wrong",
    "fr": "Le code de vérification est incorrect",
    "id": "Kode verifikasi salah"
  },
  "error.login.captchaExpired": {
    "zh-CN": "验证码已失效",
    "en": "The verification code has expired",
    "fr": "Le code de vérification a expiré",
    "id": "Kode verifikasi sudah kedaluwarsa"
  },
  "error.login.disabled": {
    "zh-CN": "该账号已停用",
    "en": "This account is disabled",
    "fr": "Ce compte est désactivé",
    "id": "Akun ini dinonaktifkan"
  },
  "error.login.undecryptable": {
    "zh-CN": "密码无法解密，请刷新页面后重试",
    "en": "The password could not be decrypted; reload the page and try again",
    "fr": "Le mot de passe n'a pas pu être déchiffré ; rechargez la page et réessayez",
    "id": "Kata sandi tidak dapat didekripsi; muat ulang halaman lalu coba lagi"
  },
  "error.session.ended": {
    "zh-CN": "登录状态已过期，请重新登录",
    "en": "Your session has ended, please log in again",
    "fr": "Votre session est terminée, veuillez vous reconnecter",
    "id": "Sesi Anda telah berakhir, silakan masuk kembali"
  },
  "error.session.disabled": {
    "zh-CN": "该账号已停用，请联系管理员",
    "en": "This account has been disabled, contact your administrator",
    "fr": "Ce compte a été désactivé, contactez votre administrateur",
    "id": "Akun ini telah dinonaktifkan, hubungi administrator Anda"
  },
  "error.session.mustChangePassword": {
    "zh-CN": "请先修改初始密码",
    "en": "Change the initial password first",
    "fr": "Changez d'abord le mot de passe initial",
    "id": "Ubah kata sandi awal terlebih dahulu"
  },
  "error.password.oldWrong": {
    "zh-CN": "修改密码失败，旧密码错误",
    "en": "Password not changed: the old password is wrong",
    "fr": "Mot de passe non modifié : l'ancien mot de passe est incorrect",
    "id": "Kata sandi tidak diubah: kata sandi lama salah"
  },
  "error.recovery.codeWrong": {
    "zh-CN": "验证码错误或已失效",
    "en": "The verification code is incorrect or invalid",
    "fr": "Le code de vérification est incorrect ou invalide",
    "id": "Kode verifikasi salah atau tidak valid"
  },
  "error.recovery.noContact": {
    "zh-CN": "该账号没有可接收验证码的邮箱或手机号",
    "en": "This account has no email or phone to receive a code",
    "fr": "Ce compte n'a ni e-mail ni téléphone pour recevoir un code",
    "id": "Akun ini tidak memiliki email atau telepon untuk menerima kode"
  },
  "error.recovery.cooldown": {
    "zh-CN": "发送过于频繁，请 {seconds} 秒后再试",
    "en": "Sent too often, try again in {seconds} seconds",
    "fr": "Envoi trop fréquent, réessayez dans {seconds} secondes",
    "id": "Terlalu sering, coba lagi dalam {seconds} detik"
  },
  "error.user.notFound": {
    "zh-CN": "用户不存在",
    "en": "User not found",
    "fr": "Utilisateur introuvable",
    "id": "Pengguna tidak ditemukan"
  },
  "error.user.exists": {
    "zh-CN": "登录账号、邮箱或手机号已存在",
    "en": "The user name, email or phone is already taken",
    "fr": "Le nom d'utilisateur, l'e-mail ou le téléphone est déjà utilisé",
    "id": "Nama pengguna, email atau telepon sudah dipakai"
  },
  "error.config.builtIn": {
    "zh-CN": "内置参数不能删除",
    "en": "A built-in parameter cannot be deleted",
    "fr": "Un paramètre intégré ne peut pas être supprimé",
    "id": "Parameter bawaan tidak dapat dihapus"
  },
  "error.config.keyExists": {
    "zh-CN": "参数键名已存在",
    "en": "The parameter key already exists",
    "fr": "La clé de paramètre existe déjà",
    "id": "Kunci parameter sudah ada"
  },
  "error.config.notFound": {
    "zh-CN": "参数不存在",
    "en": "Parameter not found",
    "fr": "Paramètre introuvable",
    "id": "Parameter tidak ditemukan"
  },
  "error.dict.notFound": {
    "zh-CN": "字典数据不存在",
    "en": "Dictionary entry not found",
    "fr": "Entrée de dictionnaire introuvable",
    "id": "Entri kamus tidak ditemukan"
  },
  "error.dict.valueExists": {
    "zh-CN": "该字典类型下键值已存在",
    "en": "This value already exists in the dictionary",
    "fr": "Cette valeur existe déjà dans le dictionnaire",
    "id": "Nilai ini sudah ada di kamus"
  },
  "error.upload.type": {
    "zh-CN": "文件格式错误，请上传 png 或 jpg 图片",
    "en": "Wrong file type: upload a png or jpg image",
    "fr": "Type de fichier incorrect : envoyez une image png ou jpg",
    "id": "Tipe berkas salah: unggah gambar png atau jpg"
  },
  "error.upload.size": {
    "zh-CN": "上传文件大小不能超过 5 MB",
    "en": "The file must not exceed 5 MB",
    "fr": "Le fichier ne doit pas dépasser 5 Mo",
    "id": "Berkas tidak boleh melebihi 5 MB"
  },
  "error.upload.missing": {
    "zh-CN": "请选择要上传的文件",
    "en": "Choose a file to upload",
    "fr": "Choisissez un fichier à envoyer",
    "id": "Pilih berkas untuk diunggah"
  },
  "recovery.sent": {
    "zh-CN": "验证码已发送",
    "en": "The code has been sent",
    "fr": "Le code a été envoyé",
    "id": "Kode telah dikirim"
  },
  "recovery.message": {
    "zh-CN": "您的 Hydrolog 验证码是 {code}，{minutes} 分钟内有效。",
    "en": "Your Hydrolog verification code is {code}; it is valid for {minutes} minutes.",
    "fr": "Votre code de vérification Hydrolog est {code} ; il est valable {minutes} minutes.",
    "id": "Kode verifikasi Hydrolog Anda adalah {code}; berlaku {minutes} menit."
  },
  "error.role.exists": {
    "zh-CN": "角色已存在",
    "en": "The role already exists",
    "fr": "Le rôle existe déjà",
    "id": "Peran sudah ada"
  },
  "error.user.self": {
    "zh-CN": "不能对当前登录用户执行此操作",
    "en": "You cannot do this to your own account",
    "fr": "Impossible sur votre propre compte",
    "id": "Tidak dapat dilakukan pada akun Anda sendiri"
  },
  "error.role.notFound": {
    "zh-CN": "角色不存在",
    "en": "Role not found",
    "fr": "Rôle introuvable",
    "id": "Peran tidak ditemukan"
  },
  "error.dept.notFound": {
    "zh-CN": "部门不存在",
    "en": "Department not found",
    "fr": "Service introuvable",
    "id": "Departemen tidak ditemukan"
  },
  "error.dept.hasChildren": {
    "zh-CN": "存在下级部门，不允许删除",
    "en": "The department has sub-departments and cannot be deleted",
    "fr": "Le service a des sous-services et ne peut pas être supprimé",
    "id": "Departemen memiliki subdepartemen dan tidak dapat dihapus"
  },
  "error.dept.hasUsers": {
    "zh-CN": "部门存在用户，不允许删除",
    "en": "The department has users and cannot be deleted",
    "fr": "Le service a des utilisateurs et ne peut pas être supprimé",
    "id": "Departemen memiliki pengguna dan tidak dapat dihapus"
  },
  "error.dept.parentLoop": {
    "zh-CN": "上级部门不能是自己或下级部门",
    "en": "The parent department cannot be the department itself or one below it",
    "fr": "Le service parent ne peut être le service lui-même ni un de ses sous-services",
    "id": "Departemen induk tidak boleh departemen itu sendiri atau bawahannya"
  },
  "error.role.keyExists": {
    "zh-CN": "角色权限字符已存在",
    "en": "The role key already exists",
    "fr": "La clé de rôle existe déjà",
    "id": "Kunci peran sudah ada"
  },
  "error.role.inUse": {
    "zh-CN": "角色已分配给用户，不能删除",
    "en": "The role is assigned to users and cannot be deleted",
    "fr": "Le rôle est attribué à des utilisateurs et ne peut pas être supprimé",
    "id": "Peran sudah diberikan ke pengguna dan tidak dapat dihapus"
  },
  "error.role.builtIn": {
    "zh-CN": "不允许修改超级管理员角色",
    "en": "The administrator role cannot be changed",
    "fr": "Le rôle d'administrateur ne peut pas être modifié",
    "id": "Peran administrator tidak dapat diubah"
  },
  "error.role.unknownMenu": {
    "zh-CN": "包含不存在的菜单",
    "en": "Unknown menu in the selection",
    "fr": "Menu inconnu dans la sélection",
    "id": "Menu tidak dikenal dalam pilihan"
  },
  "error.dept.exists": {
    "zh-CN": "部门已存在",
    "en": "The department already exists",
    "fr": "Le service existe déjà",
    "id": "Departemen sudah ada"
  },
  "error.recovery.dailyLimit": {
    "zh-CN": "今日验证码发送次数已达上限",
    "en": "Too many codes today for this account",
    "fr": "Trop de codes aujourd'hui pour ce compte",
    "id": "Terlalu banyak kode hari ini untuk akun ini"
  },
  "login.success": {
    "zh-CN": "登录成功",
    "en": "Logged in",
    "fr": "Connecté",
    "id": "Berhasil masuk"
  },
  "login.unlocked": {
    "zh-CN": "管理员已解锁",
    "en": "Unlocked by an administrator",
    "fr": "Déverrouillé par un administrateur",
    "id": "Dibuka oleh administrator"
  },
  "log.userName": {
    "zh-CN": "用户名",
    "en": "User name",
    "fr": "Nom d'utilisateur",
    "id": "Nama pengguna"
  },
  "log.ip": {
    "zh-CN": "IP 地址",
    "en": "IP address",
    "fr": "Adresse IP",
    "id": "Alamat IP"
  },
  "log.browser": {
    "zh-CN": "浏览器",
    "en": "Browser",
    "fr": "Navigateur",
    "id": "Peramban"
  },
  "log.os": {
    "zh-CN": "操作系统",
    "en": "Operating system",
    "fr": "Système d'exploitation",
    "id": "Sistem operasi"
  },
  "log.status": {
    "zh-CN": "状态",
    "en": "Status",
    "fr": "Statut",
    "id": "Status"
  },
  "log.success": {
    "zh-CN": "成功",
    "en": "Success",
    "fr": "Succès",
    "id": "Berhasil"
  },
  "log.failure": {
    "zh-CN": "失败",
    "en": "Failure",
    "fr": "Échec",
    "id": "Gagal"
  },
  "log.message": {
    "zh-CN": "信息",
    "en": "Message",
    "fr": "Message",
    "id": "Pesan"
  },
  "log.time": {
    "zh-CN": "时间",
    "en": "Time",
    "fr": "Heure",
    "id": "Waktu"
  },
  "log.title": {
    "zh-CN": "操作",
    "en": "Operation",
    "fr": "Opération",
    "id": "Operasi"
  },
  "log.businessType": {
    "zh-CN": "业务类型",
    "en": "Business type",
    "fr": "Type d'opération",
    "id": "Jenis operasi"
  },
  "log.method": {
    "zh-CN": "请求",
    "en": "Request",
    "fr": "Requête",
    "id": "Permintaan"
  },
  "log.operator": {
    "zh-CN": "操作人员",
    "en": "Operator",
    "fr": "Opérateur",
    "id": "Operator"
  },
  "log.parameters": {
    "zh-CN": "请求参数",
    "en": "Parameters",
    "fr": "Paramètres",
    "id": "Parameter"
  },
  "log.duration": {
    "zh-CN": "耗时（毫秒）",
    "en": "Duration (ms)",
    "fr": "Durée (ms)",
    "id": "Durasi (md)"
  },
  "error.tenant.platform": {
    "zh-CN": "不能停用平台租户",
    "en": "The platform tenant cannot be suspended",
    "fr": "Le locataire de la plateforme ne peut pas être suspendu",
    "id": "Penyewa platform tidak dapat ditangguhkan"
  },
  "error.tenant.suspended": {
    "zh-CN": "租户已停用，请联系平台管理员",
    "en": "This tenant is suspended; contact the platform operators",
    "fr": "Ce locataire est suspendu ; contactez les opérateurs de la plateforme",
    "id": "Penyewa ini ditangguhkan; hubungi operator platform"
  },
  "error.tenant.trialExpired": {
    "zh-CN": "试用期已结束，数据只读",
    "en": "The trial has ended: data is read-only",
    "fr": "L'essai est terminé : les données sont en lecture seule",
    "id": "Masa uji coba berakhir: data hanya dapat dibaca"
  },
  "validation.meterNo": {
    "zh-CN": "表号只能是数字（最多 32 位）",
    "en": "The meter number must be digits only (at most 32)",
    "fr": "Le numéro de compteur ne contient que des chiffres (32 au plus)",
    "id": "Nomor meter hanya berupa angka (paling banyak 32)"
  },
  "validation.imei": {
    "zh-CN": "IMEI 必须是 15 位数字",
    "en": "The IMEI must be 15 digits",
    "fr": "L'IMEI doit comporter 15 chiffres",
    "id": "IMEI harus 15 digit"
  },
  "validation.sim": {
    "zh-CN": "SIM 卡号必须是 20 位数字或字母",
    "en": "The SIM number must be 20 digits or letters",
    "fr": "Le numéro SIM doit comporter 20 chiffres ou lettres",
    "id": "Nomor SIM harus 20 digit atau huruf"
  },
  "error.ingest.tooManyReadings": {
    "zh-CN": "每次请求最多 {max} 条读数，请分批发送",
    "en": "At most {max} readings per request: split the upload into several batches",
    "fr": "Au plus {max} relevés par requête : découpez l’envoi en plusieurs lots",
    "id": "Paling banyak {max} pembacaan per permintaan: bagi unggahan menjadi beberapa batch"
  },
  "error.ingest.tooLarge": {
    "zh-CN": "每次请求最多 {max} MB，请分批发送",
    "en": "At most {max} MB per request: split the upload into several batches",
    "fr": "Au plus {max} Mo par requête : découpez l’envoi en plusieurs lots",
    "id": "Paling banyak {max} MB per permintaan: bagi unggahan menjadi beberapa batch"
  },
  "error.ingest.contentType": {
    "zh-CN": "不支持的内容类型：请使用 application/json、application/x-ndjson 或 application/vnd.apache.arrow.stream",
    "en": "Unsupported content type: send application/json, application/x-ndjson or application/vnd.apache.arrow.stream",
    "fr": "Type de contenu non pris en charge : envoyez application/json, application/x-ndjson ou application/vnd.apache.arrow.stream",
    "id": "Tipe konten tidak didukung: kirim application/json, application/x-ndjson atau application/vnd.apache.arrow.stream"
  },
  "error.ingest.malformed": {
    "zh-CN": "请求体无法解析：{detail}",
    "en": "The body cannot be read: {detail}",
    "fr": "Le corps de la requête est illisible : {detail}",
    "id": "Isi permintaan tidak dapat dibaca: {detail}"
  },
  "error.ingest.idempotencyKey": {
    "zh-CN": "请在 Idempotency-Key 请求头中提供批次 UUID",
    "en": "Send the batch id (a UUID) in the Idempotency-Key header",
    "fr": "Envoyez l’identifiant du lot (un UUID) dans l’en-tête Idempotency-Key",
    "id": "Kirim id batch (UUID) di header Idempotency-Key"
  },
  "error.ingest.busy": {
    "zh-CN": "读数处理繁忙，请在 {seconds} 秒后重试同一批次",
    "en": "Readings are being processed: send the same batch again in {seconds} s",
    "fr": "Traitement des relevés en cours : renvoyez le même lot dans {seconds} s",
    "id": "Pembacaan sedang diproses: kirim batch yang sama lagi dalam {seconds} detik"
  },
  "error.gateway.key": {
    "zh-CN": "网关密钥无效或已吊销",
    "en": "The gateway key is not valid or has been revoked",
    "fr": "La clé de passerelle n’est pas valide ou a été révoquée",
    "id": "Kunci gateway tidak valid atau telah dicabut"
  },
  "error.gateway.notFound": {
    "zh-CN": "网关不存在",
    "en": "The gateway does not exist",
    "fr": "La passerelle n’existe pas",
    "id": "Gateway tidak ada"
  },
  "error.gateway.revoked": {
    "zh-CN": "网关已吊销",
    "en": "The gateway has been revoked",
    "fr": "La passerelle a été révoquée",
    "id": "Gateway telah dicabut"
  },
  "error.gateway.nameExists": {
    "zh-CN": "网关名称已存在",
    "en": "A gateway with this name already exists",
    "fr": "Une passerelle porte déjà ce nom",
    "id": "Gateway dengan nama ini sudah ada"
  },
  "error.command.notFound": {
    "zh-CN": "指令不存在或不属于该网关",
    "en": "The command does not exist or was not sent to this gateway",
    "fr": "La commande n’existe pas ou n’a pas été envoyée à cette passerelle",
    "id": "Perintah tidak ada atau tidak dikirim ke gateway ini"
  },
  "error.command.finished": {
    "zh-CN": "指令已结束（{status}）",
    "en": "The command has already ended ({status})",
    "fr": "La commande est déjà terminée ({status})",
    "id": "Perintah sudah selesai ({status})"
  },
  "error.meter.exists": {
    "zh-CN": "表号已存在",
    "en": "The meter number already exists",
    "fr": "Le numéro de compteur existe déjà",
    "id": "Nomor meter sudah ada"
  },
  "error.meter.notFound": {
    "zh-CN": "水表不存在",
    "en": "The meter does not exist",
    "fr": "Le compteur n’existe pas",
    "id": "Meter tidak ada"
  },
  "error.meterType.notFound": {
    "zh-CN": "水表类型不存在",
    "en": "The meter type does not exist",
    "fr": "Le type de compteur n’existe pas",
    "id": "Jenis meter tidak ada"
  },
  "error.meterType.exists": {
    "zh-CN": "水表类型名称已存在",
    "en": "A meter type with this name already exists",
    "fr": "Un type de compteur porte déjà ce nom",
    "id": "Jenis meter dengan nama ini sudah ada"
  },
  "error.meter.noValve": {
    "zh-CN": "该水表类型不支持阀门控制",
    "en": "This meter type has no remote valve",
    "fr": "Ce type de compteur n’a pas de vanne pilotable",
    "id": "Jenis meter ini tidak memiliki katup jarak jauh"
  },
  "validation.dateRange": {
    "zh-CN": "结束日期不能早于开始日期",
    "en": "The end date cannot be before the start date",
    "fr": "La date de fin ne peut pas précéder la date de début",
    "id": "Tanggal akhir tidak boleh sebelum tanggal mulai"
  },
  "gateway.name": {
    "zh-CN": "名称",
    "en": "Name",
    "fr": "Nom",
    "id": "Nama"
  },
  "gateway.kind": {
    "zh-CN": "类型",
    "en": "Kind",
    "fr": "Type",
    "id": "Jenis"
  },
  "gateway.kind.gateway": {
    "zh-CN": "网关",
    "en": "Gateway",
    "fr": "Passerelle",
    "id": "Gateway"
  },
  "gateway.kind.concentrator": {
    "zh-CN": "集中器",
    "en": "Concentrator",
    "fr": "Concentrateur",
    "id": "Konsentrator"
  },
  "gateway.manufacturer": {
    "zh-CN": "厂家",
    "en": "Manufacturer",
    "fr": "Fabricant",
    "id": "Pabrikan"
  },
  "gateway.status": {
    "zh-CN": "状态",
    "en": "Status",
    "fr": "État",
    "id": "Status"
  },
  "gateway.status.active": {
    "zh-CN": "启用",
    "en": "Active",
    "fr": "Active",
    "id": "Aktif"
  },
  "gateway.status.revoked": {
    "zh-CN": "已吊销",
    "en": "Revoked",
    "fr": "Révoquée",
    "id": "Dicabut"
  },
  "gateway.keyPrefix": {
    "zh-CN": "密钥前缀",
    "en": "Key prefix",
    "fr": "Préfixe de clé",
    "id": "Awalan kunci"
  },
  "gateway.lastSeen": {
    "zh-CN": "最后上报",
    "en": "Last upload",
    "fr": "Dernier envoi",
    "id": "Unggahan terakhir"
  },
  "gateway.meters": {
    "zh-CN": "水表数",
    "en": "Meters",
    "fr": "Compteurs",
    "id": "Meter"
  },
  "gateway.created": {
    "zh-CN": "创建时间",
    "en": "Created",
    "fr": "Créée le",
    "id": "Dibuat"
  },
  "validation.positive": {
    "zh-CN": "必须大于 0",
    "en": "Must be greater than 0",
    "fr": "Doit être supérieur à 0",
    "id": "Harus lebih besar dari 0"
  },
  "validation.meterNoList": {
    "zh-CN": "表号请用英文逗号分隔",
    "en": "Meter numbers separated by English commas",
    "fr": "Numéros de compteur séparés par des virgules",
    "id": "Nomor meter dipisahkan dengan koma"
  },
  "validation.atLeastOne": {
    "zh-CN": "请至少选择一项",
    "en": "Select at least one",
    "fr": "Sélectionnez-en au moins un",
    "id": "Pilih setidaknya satu"
  },
  "validation.tooMany": {
    "zh-CN": "每批最多 {max} 个",
    "en": "At most {max} per batch",
    "fr": "{max} au maximum par lot",
    "id": "Paling banyak {max} per batch"
  },
  "validation.periodTooLong": {
    "zh-CN": "时间范围不能超过一年",
    "en": "The period cannot exceed one year",
    "fr": "La période ne peut pas dépasser un an",
    "id": "Periode tidak boleh lebih dari satu tahun"
  },
  "error.cascade.layers": {
    "zh-CN": "级联层级不能超过五级",
    "en": "Cascade layers cannot exceed five",
    "fr": "La cascade ne peut pas dépasser cinq niveaux",
    "id": "Lapisan kaskade tidak boleh lebih dari lima"
  },
  "error.cascade.subMeterExists": {
    "zh-CN": "存在子表，不能删除",
    "en": "Sub-meter exists and cannot be deleted",
    "fr": "Des sous-compteurs existent, suppression impossible",
    "id": "Sub-meter ada dan tidak dapat dihapus"
  },
  "error.cascade.rootDelete": {
    "zh-CN": "根节点不能直接删除，请删除级联分区",
    "en": "The root node cannot be removed; delete the cascade partition instead",
    "fr": "Le nœud racine ne peut pas être supprimé ; supprimez le secteur",
    "id": "Simpul akar tidak dapat dihapus; hapus partisi kaskade"
  },
  "error.cascade.partitionNotFound": {
    "zh-CN": "分区不存在",
    "en": "The partition does not exist",
    "fr": "Le secteur n'existe pas",
    "id": "Partisi tidak ada"
  },
  "error.cascade.pointNotFound": {
    "zh-CN": "计量点不存在",
    "en": "The metering point does not exist",
    "fr": "Le point de comptage n'existe pas",
    "id": "Titik meter tidak ada"
  },
  "error.cascade.nameExists": {
    "zh-CN": "分区名称已存在",
    "en": "A partition with this name already exists",
    "fr": "Un secteur portant ce nom existe déjà",
    "id": "Partisi dengan nama ini sudah ada"
  },
  "error.cascade.meterNotOpened": {
    "zh-CN": "表号 {meterNo} 未开户",
    "en": "Meter {meterNo} is not opened",
    "fr": "Le compteur {meterNo} n'est pas ouvert",
    "id": "Meter {meterNo} belum dibuka"
  },
  "error.cascade.meterInPoint": {
    "zh-CN": "表号 {meterNo} 已在该计量点",
    "en": "Meter {meterNo} is already on this metering point",
    "fr": "Le compteur {meterNo} est déjà sur ce point de comptage",
    "id": "Meter {meterNo} sudah ada di titik meter ini"
  },
  "error.cascade.quota": {
    "zh-CN": "超出剩余额度（剩余 {remaining}）",
    "en": "More than the remaining quota ({remaining} left)",
    "fr": "Plus que le quota restant ({remaining} restants)",
    "id": "Melebihi sisa kuota ({remaining} tersisa)"
  },
  "error.cascade.importFile": {
    "zh-CN": "请上传 xls 或 xlsx 文件",
    "en": "Upload an xls or xlsx file",
    "fr": "Téléversez un fichier xls ou xlsx",
    "id": "Unggah berkas xls atau xlsx"
  },
  "error.cascade.shareToken": {
    "zh-CN": "链接无效或已过期",
    "en": "The link is not valid or has expired",
    "fr": "Le lien n'est pas valide ou a expiré",
    "id": "Tautan tidak valid atau telah kedaluwarsa"
  },
  "cascade.meterNo": {
    "zh-CN": "表号",
    "en": "Meter number",
    "fr": "Numéro de compteur",
    "id": "Nomor meter"
  },
  "cascade.date": {
    "zh-CN": "日期",
    "en": "Date",
    "fr": "Date",
    "id": "Tanggal"
  },
  "cascade.supply": {
    "zh-CN": "供水量 (m³)",
    "en": "Supply (m³)",
    "fr": "Production (m³)",
    "id": "Pasokan (m³)"
  },
  "cascade.sales": {
    "zh-CN": "售水量 (m³)",
    "en": "Sales (m³)",
    "fr": "Ventes (m³)",
    "id": "Penjualan (m³)"
  },
  "cascade.leakage": {
    "zh-CN": "漏损量 (m³)",
    "en": "Leakage (m³)",
    "fr": "Pertes (m³)",
    "id": "Kebocoran (m³)"
  },
  "cascade.leakageRate": {
    "zh-CN": "漏损率",
    "en": "Leakage rate",
    "fr": "Taux de pertes",
    "id": "Tingkat kebocoran"
  },
  "cascade.coverage": {
    "zh-CN": "数据覆盖率",
    "en": "Data coverage",
    "fr": "Couverture des données",
    "id": "Cakupan data"
  },
  "cascade.mnf": {
    "zh-CN": "夜间最小流量 (m³/h)",
    "en": "Night minimum flow (m³/h)",
    "fr": "Débit minimum nocturne (m³/h)",
    "id": "Aliran minimum malam (m³/h)"
  },
  "cascade.adf": {
    "zh-CN": "日均流量 (m³/h)",
    "en": "Average daily flow (m³/h)",
    "fr": "Débit journalier moyen (m³/h)",
    "id": "Aliran harian rata-rata (m³/h)"
  },
  "cascade.kl": {
    "zh-CN": "KL 值",
    "en": "KL",
    "fr": "KL",
    "id": "KL"
  },
  "validation.accountNo": {
    "zh-CN": "户号只能包含字母、数字和连字符（最多 32 位）",
    "en": "Letters, digits and hyphens only (at most 32)",
    "fr": "Lettres, chiffres et tirets uniquement (32 au maximum)",
    "id": "Hanya huruf, angka dan tanda hubung (paling banyak 32)"
  },
  "validation.customerName": {
    "zh-CN": "客户名称长度为 2 到 20 个字符",
    "en": "The name is 2 to 20 characters",
    "fr": "Le nom compte de 2 à 20 caractères",
    "id": "Nama terdiri dari 2 sampai 20 karakter"
  },
  "validation.idNumber": {
    "zh-CN": "证件号码为 18 位数字",
    "en": "The ID number is 18 digits",
    "fr": "Le numéro d'identité compte 18 chiffres",
    "id": "Nomor identitas terdiri dari 18 angka"
  },
  "validation.creditCode": {
    "zh-CN": "统一社会信用代码为 18 位数字或大写字母",
    "en": "The credit code is 18 digits or capital letters",
    "fr": "Le code de crédit compte 18 chiffres ou majuscules",
    "id": "Kode kredit terdiri dari 18 angka atau huruf kapital"
  },
  "validation.twoDecimals": {
    "zh-CN": "金额最多两位小数",
    "en": "Amounts allow at most two decimals",
    "fr": "Les montants ont au plus deux décimales",
    "id": "Jumlah paling banyak dua desimal"
  },
  "validation.rechargePositive": {
    "zh-CN": "充值金额必须大于零",
    "en": "The recharge amount must be greater than zero",
    "fr": "Le montant de la recharge doit être supérieur à zéro",
    "id": "Jumlah isi ulang harus lebih besar dari nol"
  },
  "error.customerType.exists": {
    "zh-CN": "客户类型名称已存在",
    "en": "A customer type with this name already exists",
    "fr": "Un type de client porte déjà ce nom",
    "id": "Jenis pelanggan dengan nama ini sudah ada"
  },
  "error.customerType.notFound": {
    "zh-CN": "客户类型不存在",
    "en": "The customer type does not exist",
    "fr": "Le type de client n'existe pas",
    "id": "Jenis pelanggan tidak ada"
  },
  "error.customerType.inUse": {
    "zh-CN": "该客户类型已有客户使用，不能删除",
    "en": "Customers have this type: it cannot be deleted",
    "fr": "Des clients ont ce type : il ne peut pas être supprimé",
    "id": "Ada pelanggan dengan jenis ini: tidak dapat dihapus"
  },
  "error.customer.notFound": {
    "zh-CN": "户号不存在",
    "en": "Account number not found",
    "fr": "Numéro de compte introuvable",
    "id": "Nomor akun tidak ditemukan"
  },
  "error.customer.accountExists": {
    "zh-CN": "户号已存在",
    "en": "Account number already exists",
    "fr": "Le numéro de compte existe déjà",
    "id": "Nomor akun sudah ada"
  },
  "error.customer.accountNoRequired": {
    "zh-CN": "请填写户号（本租户手动编号）",
    "en": "Enter the account number (this utility numbers accounts by hand)",
    "fr": "Saisissez le numéro de compte (ce service numérote les comptes à la main)",
    "id": "Isi nomor akun (perusahaan ini memberi nomor akun secara manual)"
  },
  "error.customer.closed": {
    "zh-CN": "账户已销户",
    "en": "Account closed",
    "fr": "Compte clôturé",
    "id": "Akun ditutup"
  },
  "error.customer.cancelNotAllowed": {
    "zh-CN": "不允许销户：存在未结清欠费",
    "en": "Cancellation not allowed: a debt is still open",
    "fr": "Résiliation non autorisée : une dette reste ouverte",
    "id": "Penutupan tidak diizinkan: masih ada utang"
  },
  "error.customer.balanceNotRefunded": {
    "zh-CN": "账户余额未退，请先退费",
    "en": "The balance has not been refunded: refund it first",
    "fr": "Le solde n'a pas été remboursé : remboursez-le d'abord",
    "id": "Saldo belum dikembalikan: kembalikan dulu"
  },
  "error.customer.balanceInsufficient": {
    "zh-CN": "账户余额不足",
    "en": "Account balance insufficient",
    "fr": "Solde du compte insuffisant",
    "id": "Saldo akun tidak mencukupi"
  },
  "error.customer.alreadyFrozen": {
    "zh-CN": "账户已冻结",
    "en": "The account is already frozen",
    "fr": "Le compte est déjà gelé",
    "id": "Akun sudah dibekukan"
  },
  "error.customer.notFrozen": {
    "zh-CN": "账户未冻结",
    "en": "The account is not frozen",
    "fr": "Le compte n'est pas gelé",
    "id": "Akun tidak dibekukan"
  },
  "error.customer.exists": {
    "zh-CN": "账户已开户",
    "en": "The account is already open",
    "fr": "Le compte est déjà ouvert",
    "id": "Akun sudah dibuka"
  },
  "error.customer.meterTaken": {
    "zh-CN": "该水表已开户",
    "en": "This meter is already on an account",
    "fr": "Ce compteur est déjà rattaché à un compte",
    "id": "Meter ini sudah terdaftar pada akun"
  },
  "error.customer.importFile": {
    "zh-CN": "导入文件只支持 xls 或 xlsx",
    "en": "Imports take xls or xlsx files only",
    "fr": "Les imports acceptent uniquement les fichiers xls ou xlsx",
    "id": "Impor hanya menerima berkas xls atau xlsx"
  },
  "error.customer.importEmpty": {
    "zh-CN": "文件中没有数据行",
    "en": "The file has no data rows",
    "fr": "Le fichier n'a aucune ligne de données",
    "id": "Berkas tidak memiliki baris data"
  },
  "error.customer.importTooMany": {
    "zh-CN": "每批最多 {max} 行",
    "en": "At most {max} rows per batch",
    "fr": "{max} lignes au maximum par lot",
    "id": "Paling banyak {max} baris per batch"
  },
  "import.row.field": {
    "zh-CN": "{field}：{message}",
    "en": "{field}: {message}",
    "fr": "{field} : {message}",
    "id": "{field}: {message}"
  },
  "import.row.duplicateAccountNo": {
    "zh-CN": "户号 {accountNo} 在文件中重复（第 {other} 行）",
    "en": "Account number {accountNo} repeats row {other} of the file",
    "fr": "Le numéro de compte {accountNo} répète la ligne {other} du fichier",
    "id": "Nomor akun {accountNo} mengulang baris {other} berkas"
  },
  "import.row.duplicateMeter": {
    "zh-CN": "水表 {meterNo} 在文件中重复（第 {other} 行）",
    "en": "Meter {meterNo} repeats row {other} of the file",
    "fr": "Le compteur {meterNo} répète la ligne {other} du fichier",
    "id": "Meter {meterNo} mengulang baris {other} berkas"
  },
  "import.row.accountExists": {
    "zh-CN": "户号 {accountNo} 已存在",
    "en": "Account number {accountNo} already exists",
    "fr": "Le numéro de compte {accountNo} existe déjà",
    "id": "Nomor akun {accountNo} sudah ada"
  },
  "import.row.meterNotFound": {
    "zh-CN": "水表 {meterNo} 不存在",
    "en": "Meter {meterNo} does not exist",
    "fr": "Le compteur {meterNo} n'existe pas",
    "id": "Meter {meterNo} tidak ada"
  },
  "import.row.meterTaken": {
    "zh-CN": "水表 {meterNo} 已开户",
    "en": "Meter {meterNo} is already on an account",
    "fr": "Le compteur {meterNo} est déjà rattaché à un compte",
    "id": "Meter {meterNo} sudah terdaftar pada akun"
  },
  "import.row.meterType": {
    "zh-CN": "水表 {meterNo} 不是本批次的水表类型",
    "en": "Meter {meterNo} is not of the batch's meter type",
    "fr": "Le compteur {meterNo} n'est pas du type de compteur du lot",
    "id": "Meter {meterNo} bukan jenis meter batch ini"
  },
  "customer.col.accountNo": {
    "zh-CN": "户号",
    "en": "Account no.",
    "fr": "N° de compte",
    "id": "No. akun"
  },
  "customer.col.name": {
    "zh-CN": "客户名称",
    "en": "Name",
    "fr": "Nom",
    "id": "Nama"
  },
  "customer.col.phone": {
    "zh-CN": "手机号",
    "en": "Mobile",
    "fr": "Mobile",
    "id": "Ponsel"
  },
  "customer.col.idType": {
    "zh-CN": "证件类型(0/1)",
    "en": "ID type (0/1)",
    "fr": "Type d'identité (0/1)",
    "id": "Jenis identitas (0/1)"
  },
  "customer.col.idNumber": {
    "zh-CN": "证件号码",
    "en": "ID number",
    "fr": "N° d'identité",
    "id": "No. identitas"
  },
  "customer.col.address": {
    "zh-CN": "地址",
    "en": "Address",
    "fr": "Adresse",
    "id": "Alamat"
  },
  "customer.col.meterNo": {
    "zh-CN": "表号",
    "en": "Meter no.",
    "fr": "N° de compteur",
    "id": "No. meter"
  },
  "customer.col.payChannel": {
    "zh-CN": "支付渠道(0-3)",
    "en": "Pay channel (0-3)",
    "fr": "Canal de paiement (0-3)",
    "id": "Saluran bayar (0-3)"
  },
  "customer.col.remarks": {
    "zh-CN": "备注",
    "en": "Remarks",
    "fr": "Remarques",
    "id": "Catatan"
  },
  "customer.col.type": {
    "zh-CN": "客户类型",
    "en": "Customer type",
    "fr": "Type de client",
    "id": "Jenis pelanggan"
  },
  "customer.col.balance": {
    "zh-CN": "余额",
    "en": "Balance",
    "fr": "Solde",
    "id": "Saldo"
  },
  "customer.col.status": {
    "zh-CN": "状态",
    "en": "Status",
    "fr": "État",
    "id": "Status"
  },
  "customer.col.openTime": {
    "zh-CN": "开户时间",
    "en": "Opened",
    "fr": "Ouvert le",
    "id": "Dibuka"
  },
  "customer.status.active": {
    "zh-CN": "正常",
    "en": "Active",
    "fr": "Actif",
    "id": "Aktif"
  },
  "customer.status.frozen": {
    "zh-CN": "冻结",
    "en": "Frozen",
    "fr": "Gelé",
    "id": "Dibekukan"
  },
  "customer.status.cancelled": {
    "zh-CN": "销户",
    "en": "Cancelled",
    "fr": "Résilié",
    "id": "Ditutup"
  },
  "validation.time": {
    "zh-CN": "时间格式应为 HH:mm",
    "en": "Use the time format HH:mm",
    "fr": "Utilisez le format horaire HH:mm",
    "id": "Gunakan format waktu HH:mm"
  },
  "validation.date": {
    "zh-CN": "日期格式应为 YYYY-MM-DD",
    "en": "Use the date format YYYY-MM-DD",
    "fr": "Utilisez le format de date AAAA-MM-JJ",
    "id": "Gunakan format tanggal YYYY-MM-DD"
  },
  "validation.peakPeriod": {
    "zh-CN": "高峰时段的开始和结束不能相同",
    "en": "A peak period cannot start and end at the same time",
    "fr": "Une période de pointe ne peut pas commencer et finir à la même heure",
    "id": "Periode puncak tidak boleh mulai dan berakhir pada waktu yang sama"
  },
  "error.meterType.inUse": {
    "zh-CN": "该水表类型正被 {count} 块水表使用，不能删除",
    "en": "This meter type is used by {count} meters and cannot be deleted",
    "fr": "Ce type de compteur est utilisé par {count} compteurs et ne peut pas être supprimé",
    "id": "Jenis meter ini dipakai oleh {count} meter dan tidak dapat dihapus"
  },
  "error.meter.onAccount": {
    "zh-CN": "水表已关联用户账户，不能删除",
    "en": "The meter is on a customer account and cannot be deleted",
    "fr": "Le compteur est rattaché à un compte client et ne peut pas être supprimé",
    "id": "Meter terhubung ke akun pelanggan dan tidak dapat dihapus"
  },
  "error.meter.hasReadings": {
    "zh-CN": "水表已有抄表数据，不能删除",
    "en": "The meter has readings and cannot be deleted",
    "fr": "Le compteur a des relevés et ne peut pas être supprimé",
    "id": "Meter sudah memiliki pembacaan dan tidak dapat dihapus"
  },
  "error.meterImport.file": {
    "zh-CN": "请上传 xlsx 文件",
    "en": "Upload an xlsx file",
    "fr": "Téléversez un fichier xlsx",
    "id": "Unggah berkas xlsx"
  },
  "error.meterImport.xls": {
    "zh-CN": "暂不支持旧版 xls 格式，请另存为 xlsx 后导入",
    "en": "The old xls format is not read yet: save the file as xlsx and import it again",
    "fr": "L’ancien format xls n’est pas encore lu : enregistrez le fichier en xlsx et importez-le à nouveau",
    "id": "Format xls lama belum didukung: simpan berkas sebagai xlsx lalu impor lagi"
  },
  "error.meterImport.empty": {
    "zh-CN": "文件中没有数据行",
    "en": "The file has no data rows",
    "fr": "Le fichier ne contient aucune ligne de données",
    "id": "Berkas tidak berisi baris data"
  },
  "error.meterImport.tooMany": {
    "zh-CN": "一次最多导入 {max} 行",
    "en": "At most {max} rows per import",
    "fr": "{max} lignes au maximum par import",
    "id": "Paling banyak {max} baris per impor"
  },
  "error.meterImport.duplicate": {
    "zh-CN": "表号在文件中重复（第 {row} 行）",
    "en": "The meter number is repeated in the file (row {row})",
    "fr": "Le numéro de compteur est répété dans le fichier (ligne {row})",
    "id": "Nomor meter berulang di berkas (baris {row})"
  },
  "error.meterImport.unknownType": {
    "zh-CN": "水表类型不存在：{name}",
    "en": "Unknown meter type: {name}",
    "fr": "Type de compteur inconnu : {name}",
    "id": "Jenis meter tidak dikenal: {name}"
  },
  "meter.meterNo": {
    "zh-CN": "表号",
    "en": "Meter number",
    "fr": "N° de compteur",
    "id": "Nomor meter"
  },
  "meter.type": {
    "zh-CN": "水表类型",
    "en": "Meter type",
    "fr": "Type de compteur",
    "id": "Jenis meter"
  },
  "meter.imei": {
    "zh-CN": "IMEI",
    "en": "IMEI",
    "fr": "IMEI",
    "id": "IMEI"
  },
  "meter.sim": {
    "zh-CN": "SIM 卡号",
    "en": "SIM number",
    "fr": "N° SIM",
    "id": "Nomor SIM"
  },
  "meter.key": {
    "zh-CN": "密钥",
    "en": "Key",
    "fr": "Clé",
    "id": "Kunci"
  },
  "meter.initialReading": {
    "zh-CN": "电子初始读数 (m³)",
    "en": "Initial electronic reading (m³)",
    "fr": "Index électronique initial (m³)",
    "id": "Pembacaan elektronik awal (m³)"
  },
  "meter.mechanicalReading": {
    "zh-CN": "机械初始读数 (m³)",
    "en": "Initial mechanical reading (m³)",
    "fr": "Index mécanique initial (m³)",
    "id": "Pembacaan mekanis awal (m³)"
  },
  "meter.zeroWaterThreshold": {
    "zh-CN": "零用水阈值 (小时)",
    "en": "Zero-water threshold (hours)",
    "fr": "Seuil de non-consommation (heures)",
    "id": "Ambang tanpa pemakaian (jam)"
  },
  "meter.storageDate": {
    "zh-CN": "入库日期",
    "en": "Storage date",
    "fr": "Date d’entrée en stock",
    "id": "Tanggal masuk gudang"
  },
  "meter.dataSource": {
    "zh-CN": "数据来源",
    "en": "Data source",
    "fr": "Source des données",
    "id": "Sumber data"
  },
  "meter.dataSource.gateway": {
    "zh-CN": "网关上报",
    "en": "Gateway",
    "fr": "Passerelle",
    "id": "Gateway"
  },
  "meter.dataSource.walkBy": {
    "zh-CN": "走抄",
    "en": "Walk-by",
    "fr": "Relève itinérante",
    "id": "Baca keliling"
  },
  "meter.dataSource.manual": {
    "zh-CN": "人工抄表",
    "en": "Manual",
    "fr": "Manuelle",
    "id": "Manual"
  },
  "meter.lng": {
    "zh-CN": "经度",
    "en": "Longitude",
    "fr": "Longitude",
    "id": "Bujur"
  },
  "meter.lat": {
    "zh-CN": "纬度",
    "en": "Latitude",
    "fr": "Latitude",
    "id": "Lintang"
  },
  "meter.lastReading": {
    "zh-CN": "最新读数 (m³)",
    "en": "Latest reading (m³)",
    "fr": "Dernier index (m³)",
    "id": "Pembacaan terakhir (m³)"
  },
  "meter.lastReport": {
    "zh-CN": "最后上报时间",
    "en": "Last report",
    "fr": "Dernier envoi",
    "id": "Laporan terakhir"
  },
  "meter.battery": {
    "zh-CN": "电池电压 (V)",
    "en": "Battery (V)",
    "fr": "Batterie (V)",
    "id": "Baterai (V)"
  },
  "meter.signal": {
    "zh-CN": "信号",
    "en": "Signal",
    "fr": "Signal",
    "id": "Sinyal"
  },
  "meter.valve": {
    "zh-CN": "阀门状态",
    "en": "Valve",
    "fr": "Vanne",
    "id": "Katup"
  },
  "meter.valve.open": {
    "zh-CN": "开阀",
    "en": "Open",
    "fr": "Ouverte",
    "id": "Terbuka"
  },
  "meter.valve.closed": {
    "zh-CN": "关阀",
    "en": "Closed",
    "fr": "Fermée",
    "id": "Tertutup"
  },
  "meter.link": {
    "zh-CN": "通讯状态",
    "en": "Communication",
    "fr": "Communication",
    "id": "Komunikasi"
  },
  "meter.link.online": {
    "zh-CN": "在线",
    "en": "Online",
    "fr": "En ligne",
    "id": "Daring"
  },
  "meter.link.offline": {
    "zh-CN": "离线",
    "en": "Offline",
    "fr": "Hors ligne",
    "id": "Luring"
  },
  "meter.registered": {
    "zh-CN": "登记时间",
    "en": "Registered",
    "fr": "Enregistré le",
    "id": "Didaftarkan"
  },
  "meterType.name": {
    "zh-CN": "型号名称",
    "en": "Model name",
    "fr": "Nom du modèle",
    "id": "Nama model"
  },
  "meterType.billingMode": {
    "zh-CN": "计费方式",
    "en": "Billing",
    "fr": "Facturation",
    "id": "Penagihan"
  },
  "meterType.billingMode.prepaid": {
    "zh-CN": "预付费",
    "en": "Prepaid",
    "fr": "Prépayé",
    "id": "Prabayar"
  },
  "meterType.billingMode.postpaid": {
    "zh-CN": "后付费",
    "en": "Postpaid",
    "fr": "Postpayé",
    "id": "Pascabayar"
  },
  "meterType.valveControl": {
    "zh-CN": "阀控",
    "en": "Valve control",
    "fr": "Vanne pilotable",
    "id": "Kendali katup"
  },
  "meterType.communication": {
    "zh-CN": "通讯方式",
    "en": "Communication",
    "fr": "Communication",
    "id": "Komunikasi"
  },
  "meterType.communication.nbiot": {
    "zh-CN": "NB-IoT",
    "en": "NB-IoT",
    "fr": "NB-IoT",
    "id": "NB-IoT"
  },
  "meterType.communication.lorawan": {
    "zh-CN": "LoRaWAN",
    "en": "LoRaWAN",
    "fr": "LoRaWAN",
    "id": "LoRaWAN"
  },
  "meterType.communication.wmbus": {
    "zh-CN": "无线 M-Bus",
    "en": "Wireless M-Bus",
    "fr": "M-Bus sans fil",
    "id": "M-Bus nirkabel"
  },
  "meterType.communication.walkBy": {
    "zh-CN": "走抄",
    "en": "Walk-by",
    "fr": "Relève itinérante",
    "id": "Baca keliling"
  },
  "meterType.communication.manual": {
    "zh-CN": "人工",
    "en": "Manual",
    "fr": "Manuelle",
    "id": "Manual"
  },
  "meterType.cardKind": {
    "zh-CN": "卡类型",
    "en": "Card kind",
    "fr": "Type de carte",
    "id": "Jenis kartu"
  },
  "meterType.cardKind.none": {
    "zh-CN": "无卡",
    "en": "None",
    "fr": "Aucune",
    "id": "Tanpa kartu"
  },
  "meterType.cardKind.ic": {
    "zh-CN": "IC 卡",
    "en": "IC",
    "fr": "IC",
    "id": "IC"
  },
  "meterType.cardKind.e55": {
    "zh-CN": "E55 卡",
    "en": "E55",
    "fr": "E55",
    "id": "E55"
  },
  "meterType.cardKind.sts": {
    "zh-CN": "STS",
    "en": "STS",
    "fr": "STS",
    "id": "STS"
  },
  "meterType.reportInterval": {
    "zh-CN": "上报间隔 (分钟)",
    "en": "Report interval (minutes)",
    "fr": "Intervalle d’envoi (minutes)",
    "id": "Interval laporan (menit)"
  },
  "meterType.meterCount": {
    "zh-CN": "水表数",
    "en": "Meters",
    "fr": "Compteurs",
    "id": "Meter"
  },
  "common.yes": {
    "zh-CN": "是",
    "en": "Yes",
    "fr": "Oui",
    "id": "Ya"
  },
  "common.no": {
    "zh-CN": "否",
    "en": "No",
    "fr": "Non",
    "id": "Tidak"
  },
  "error.group.exists": {
    "zh-CN": "分组名称已存在",
    "en": "A group with this name already exists",
    "fr": "Un groupe porte déjà ce nom",
    "id": "Grup dengan nama ini sudah ada"
  },
  "error.group.notFound": {
    "zh-CN": "分组不存在",
    "en": "The group does not exist",
    "fr": "Le groupe n’existe pas",
    "id": "Grup tidak ada"
  },
  "error.group.notMember": {
    "zh-CN": "水表不在该分组中",
    "en": "The meter is not in this group",
    "fr": "Le compteur n’est pas dans ce groupe",
    "id": "Meter tidak ada di grup ini"
  },
  "error.group.unknownMeters": {
    "zh-CN": "以下表号不存在：{meterNos}",
    "en": "These meter numbers do not exist: {meterNos}",
    "fr": "Ces numéros de compteur n’existent pas : {meterNos}",
    "id": "Nomor meter berikut tidak ada: {meterNos}"
  },
  "group.name": {
    "zh-CN": "分组名称",
    "en": "Group name",
    "fr": "Nom du groupe",
    "id": "Nama grup"
  },
  "group.remark": {
    "zh-CN": "备注",
    "en": "Remark",
    "fr": "Remarque",
    "id": "Catatan"
  },
  "group.meters": {
    "zh-CN": "水表数",
    "en": "Meters",
    "fr": "Compteurs",
    "id": "Meter"
  },
  "group.created": {
    "zh-CN": "创建时间",
    "en": "Created",
    "fr": "Créé le",
    "id": "Dibuat"
  },
  "error.register.phoneTaken": {
    "zh-CN": "手机号已注册，请直接登录",
    "en": "Mobile phone number has been registered, please log in directly",
    "fr": "Ce numéro de téléphone est déjà enregistré, veuillez vous connecter directement",
    "id": "Nomor ponsel sudah terdaftar, silakan langsung masuk"
  },
  "error.sms.addressLimit": {
    "zh-CN": "该地址请求验证码过于频繁，请 {minutes} 分钟后再试",
    "en": "Too many codes requested from this address, try again in {minutes} minutes",
    "fr": "Trop de codes demandés depuis cette adresse, réessayez dans {minutes} minutes",
    "id": "Terlalu banyak kode diminta dari alamat ini, coba lagi dalam {minutes} menit"
  },
  "error.sms.sendFailed": {
    "zh-CN": "短信发送失败，请稍后再试",
    "en": "The text message could not be sent, try again later",
    "fr": "Le SMS n'a pas pu être envoyé, réessayez plus tard",
    "id": "SMS tidak dapat dikirim, coba lagi nanti"
  },
  "register.codeRight": {
    "zh-CN": "验证码正确",
    "en": "The verification code is correct",
    "fr": "Le code de vérification est correct",
    "id": "Kode verifikasi benar"
  },
  "error.menu.notFound": {
    "zh-CN": "菜单不存在",
    "en": "Menu entry not found",
    "fr": "Entrée de menu introuvable",
    "id": "Entri menu tidak ditemukan"
  },
  "error.menu.exists": {
    "zh-CN": "菜单已存在",
    "en": "This menu entry already exists",
    "fr": "Cette entrée de menu existe déjà",
    "id": "Entri menu ini sudah ada"
  },
  "error.menu.builtIn": {
    "zh-CN": "内置菜单不能删除，其类型、路径、组件和权限标识不能修改",
    "en": "A built-in menu entry cannot be deleted, nor its kind, path, component or permission changed",
    "fr": "Une entrée de menu intégrée ne peut être supprimée, ni son type, son chemin, son composant ou sa permission modifiés",
    "id": "Entri menu bawaan tidak dapat dihapus, dan jenis, jalur, komponen, atau izinnya tidak dapat diubah"
  },
  "error.menu.hasChildren": {
    "zh-CN": "存在子菜单，不允许删除",
    "en": "The menu entry has sub-entries",
    "fr": "L'entrée de menu a des sous-entrées",
    "id": "Entri menu memiliki subentri"
  },
  "error.menu.parentNotFound": {
    "zh-CN": "上级菜单不存在",
    "en": "Parent menu entry not found",
    "fr": "Entrée de menu parente introuvable",
    "id": "Entri menu induk tidak ditemukan"
  },
  "error.menu.parentType": {
    "zh-CN": "目录下放目录或菜单，菜单下放按钮",
    "en": "Directories hold directories and pages; pages hold buttons",
    "fr": "Les répertoires contiennent des répertoires et des pages ; les pages contiennent des boutons",
    "id": "Direktori berisi direktori dan halaman; halaman berisi tombol"
  },
  "error.menu.parentLoop": {
    "zh-CN": "上级菜单不能是自己或下级菜单",
    "en": "The parent cannot be the entry itself or one below it",
    "fr": "Le parent ne peut être l'entrée elle-même ni une entrée en dessous",
    "id": "Induk tidak boleh entri itu sendiri atau entri di bawahnya"
  },
  "error.notice.notFound": {
    "zh-CN": "公告不存在",
    "en": "Notice not found",
    "fr": "Avis introuvable",
    "id": "Pengumuman tidak ditemukan"
  },
  "error.notice.exists": {
    "zh-CN": "公告已存在",
    "en": "This notice already exists",
    "fr": "Cet avis existe déjà",
    "id": "Pengumuman ini sudah ada"
  },
  "error.notice.published": {
    "zh-CN": "已发布的公告请先撤回再修改或删除",
    "en": "Withdraw a published notice before changing or deleting it",
    "fr": "Retirez un avis publié avant de le modifier ou de le supprimer",
    "id": "Tarik pengumuman yang sudah terbit sebelum mengubah atau menghapusnya"
  },
  "error.notice.notPublished": {
    "zh-CN": "公告未发布",
    "en": "The notice is not published",
    "fr": "L'avis n'est pas publié",
    "id": "Pengumuman belum terbit"
  },
  "error.carrier.notFound": {
    "zh-CN": "运营商不存在",
    "en": "Carrier not found",
    "fr": "Opérateur introuvable",
    "id": "Operator tidak ditemukan"
  },
  "error.carrier.unknownCountry": {
    "zh-CN": "国家或地区不存在",
    "en": "Unknown country",
    "fr": "Pays inconnu",
    "id": "Negara tidak dikenal"
  },
  "error.region.notFound": {
    "zh-CN": "区域不存在",
    "en": "Region not found",
    "fr": "Région introuvable",
    "id": "Wilayah tidak ditemukan"
  },
  "error.region.hasChildren": {
    "zh-CN": "存在下级区域，不允许删除",
    "en": "The region has sub-regions and cannot be deleted",
    "fr": "La région a des sous-régions et ne peut être supprimée",
    "id": "Wilayah memiliki subwilayah dan tidak dapat dihapus"
  },
  "error.region.parentLoop": {
    "zh-CN": "上级区域不能是自己或下级区域",
    "en": "The superior region cannot be the region itself or one below it",
    "fr": "La région supérieure ne peut être la région elle-même ni une région en dessous",
    "id": "Wilayah atasan tidak boleh wilayah itu sendiri atau wilayah di bawahnya"
  },
  "error.region.exists": {
    "zh-CN": "同级区域名称已存在",
    "en": "A region of this name already exists at this level",
    "fr": "Une région de ce nom existe déjà à ce niveau",
    "id": "Wilayah dengan nama ini sudah ada di tingkat ini"
  },
  "error.thirdParty.notFound": {
    "zh-CN": "第三方平台不存在",
    "en": "Third-party platform not found",
    "fr": "Plateforme tierce introuvable",
    "id": "Platform pihak ketiga tidak ditemukan"
  },
  "error.thirdParty.codeExists": {
    "zh-CN": "平台编码已存在",
    "en": "This platform code already exists",
    "fr": "Ce code de plateforme existe déjà",
    "id": "Kode platform ini sudah ada"
  },
  "error.thirdParty.hasRecharges": {
    "zh-CN": "平台已有充值记录，不允许删除",
    "en": "The platform has recharge records and cannot be deleted",
    "fr": "La plateforme a des recharges enregistrées et ne peut être supprimée",
    "id": "Platform memiliki catatan isi ulang dan tidak dapat dihapus"
  },
  "error.agent.notFound": {
    "zh-CN": "代理商不存在",
    "en": "Agent not found",
    "fr": "Agent introuvable",
    "id": "Agen tidak ditemukan"
  },
  "error.agent.balanceInsufficient": {
    "zh-CN": "账户余额不足",
    "en": "Account balance insufficient",
    "fr": "Solde du compte insuffisant",
    "id": "Saldo akun tidak mencukupi"
  },
  "error.agent.thirdPartyMismatch": {
    "zh-CN": "购买方式为第三方的代理商充值须选择第三方平台，其他方式不能选择",
    "en": "A recharge names a third-party platform exactly when the agent buys through a third party",
    "fr": "Une recharge indique une plateforme tierce exactement quand l'agent achète via un tiers",
    "id": "Isi ulang menyebut platform pihak ketiga tepat ketika agen membeli melalui pihak ketiga"
  },
  "error.dictType.notFound": {
    "zh-CN": "字典类型不存在",
    "en": "Dictionary type not found",
    "fr": "Type de dictionnaire introuvable",
    "id": "Jenis kamus tidak ditemukan"
  },
  "error.dictType.keyExists": {
    "zh-CN": "字典类型已存在",
    "en": "This dictionary type already exists",
    "fr": "Ce type de dictionnaire existe déjà",
    "id": "Jenis kamus ini sudah ada"
  },
  "error.dictType.hasData": {
    "zh-CN": "字典类型下有数据，不能删除",
    "en": "The dictionary type has data and cannot be deleted",
    "fr": "Le type de dictionnaire a des données et ne peut être supprimé",
    "id": "Jenis kamus memiliki data dan tidak dapat dihapus"
  },
  "error.dictType.keyInUse": {
    "zh-CN": "字典类型下有数据，不能修改类型",
    "en": "The type of a dictionary with data cannot change",
    "fr": "Le type d'un dictionnaire qui a des données ne peut changer",
    "id": "Jenis kamus yang memiliki data tidak dapat diubah"
  }
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
