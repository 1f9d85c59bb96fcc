import type { LoginBody, UpdateProfileBody, UserInfo } from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';
import { fileForm } from '../../../api/request.ts';

let publicKey: Promise<CryptoKey> | null = null;

/** The server's RSA public key (PEM SPKI), imported once per page for RSA-OAEP with SHA-256. */
function loadPublicKey(): Promise<CryptoKey> {
  publicKey ??= api
    .data('GET /auth/publicKey', { noToken: true })
    .then(({ publicKey: pem }) => {
      const base64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
      const der = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      return crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
    })
    .catch((error: unknown) => {
      publicKey = null; // try again on the next submit
      throw error;
    });
  return publicKey;
}

/** Every password leaves the browser encrypted (login, change password, recovery): base64 ciphertext. */
export async function encryptPassword(plain: string): Promise<string> {
  const key = await loadPublicKey();
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(plain));
  let binary = '';
  for (const byte of new Uint8Array(cipher)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export interface Captcha {
  captchaEnabled: boolean;
  uuid?: string;
  img?: string;
}

export const getCaptcha = () => api.data('GET /auth/code', { noToken: true });

export const login = (body: LoginBody) => api.data('POST /auth/login', { body, noToken: true });

export interface Profile {
  user: UserInfo['user'];
  roleGroup: string;
}

/** The answer carries the user as data and the role names beside it (RuoYi's shape). */
export const getProfile = () =>
  api.call('GET /system/user/profile').then(({ data, roleGroup }): Profile => ({ user: data, roleGroup }));

export const updateProfile = (body: UpdateProfileBody) => api.call('PUT /system/user/profile', { body });

/** Both passwords travel encrypted, in the query string as the spec's call table says. */
export async function updatePassword(oldPassword: string, newPassword: string) {
  const [oldEnc, newEnc] = await Promise.all([encryptPassword(oldPassword), encryptPassword(newPassword)]);
  return api.call('PUT /system/user/profile/updatePwd', {
    query: { oldPassword: oldEnc, newPassword: newEnc },
  });
}

export const uploadAvatar = (file: File) =>
  api.data('POST /system/user/profile/avatar', { body: fileForm(file, 'avatarfile') });

/** Password recovery, step 1: a one-time code to the account's email or phone. */
export const sendRecoveryCode = (account: string) =>
  api.call('POST /system/msg/send', { body: { purpose: 'resetPassword', account }, noToken: true });

/** Step 2: the code and the new password. */
export const resetPassword = async (account: string, code: string, password: string) =>
  api.call('PUT /system/user/reset/password', {
    body: { account, code, password: await encryptPassword(password) },
    noToken: true,
  });
