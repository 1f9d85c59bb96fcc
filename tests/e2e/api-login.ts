import { constants, publicEncrypt } from 'node:crypto';

/**
 * Logs in through the API as another client would (README "Logging in from another client") and returns
 * headers carrying the token. The service must run with the captcha off (HYDROLOG_SEED_CAPTCHA=false).
 */
export async function apiLogin(
  baseUrl: string,
  username: string,
  password: string,
): Promise<Record<string, string>> {
  const { data } = await (await fetch(`${baseUrl}/prod-api/auth/publicKey`)).json();
  const encrypted = publicEncrypt(
    { key: data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
  const res = await fetch(`${baseUrl}/prod-api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: encrypted, rememberMe: false }),
  });
  const body = await res.json();
  if (body.code !== 200) throw new Error(`login of ${username} refused: ${body.msg}`);
  return { authorization: `Bearer ${body.data.access_token}`, 'content-type': 'application/json' };
}

/**
 * The JSON answer of `method path` under /prod-api, called with the `headers` apiLogin gave (and `body` as
 * JSON, when there is one).
 */
export async function apiCall(
  baseUrl: string,
  headers: Record<string, string>,
  method: string,
  path: string,
  body?: object,
) {
  const answer = await fetch(`${baseUrl}/prod-api${path}`, {
    method,
    headers,
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return answer.json();
}
