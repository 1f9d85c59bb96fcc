import { DomainError, lockedUntil, sessionDecider } from '@hydrolog/domain';
import { configValues, findUserByAccount, recentFailures, type UserRow } from '@hydrolog/projections';
import { CONFIG_KEYS, type LoginBody, type MessageKey, PLATFORM_TENANT_ID, uuidv7 } from '@hydrolog/schemas';
import { execute, record } from '../commands.ts';
import type { Services } from '../services.ts';
import type { CaptchaStore } from './captcha.ts';
import { decoyPasswordHash, newToken, type PasswordCipher, sha256, verifyPassword } from './crypto.ts';

/** Session lengths in minutes (RuoYi-Cloud's 720; "remember me" keeps a week). */
export const SESSION_MINUTES = 720;
export const REMEMBERED_SESSION_MINUTES = 7 * 24 * 60;
const CONFIG_CACHE_MS = 30_000;

export const sessionMinutes = (rememberMe: boolean) =>
  rememberMe ? REMEMBERED_SESSION_MINUTES : SESSION_MINUTES;

/** The parameters identity reads, with their defaults (the seed stores them as built-in parameters). */
export interface AccountSettings {
  captchaEnabled: boolean;
  maxRetryCount: number;
  lockMinutes: number;
  initPassword: string;
}

export const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = {
  captchaEnabled: true,
  maxRetryCount: 5,
  lockMinutes: 10,
  initPassword: 'Hydrolog123',
};

export interface ClientInfo {
  ip: string;
  browser: string;
  os: string;
}

/** Login, lock-out and the cached account settings; routes stay thin on top of it. */
export class Identity {
  private cached: { at: number; settings: AccountSettings } | null = null;

  constructor(
    readonly services: Services,
    readonly cipher: PasswordCipher,
    readonly captchas: CaptchaStore,
    readonly now: () => Date = () => new Date(),
  ) {}

  async settings(): Promise<AccountSettings> {
    if (this.cached && Date.now() - this.cached.at < CONFIG_CACHE_MS) return this.cached.settings;
    const values = await configValues(this.services.db);
    const number = (key: string, fallback: number) => {
      const n = Number(values.get(key));
      return Number.isInteger(n) && n > 0 ? n : fallback;
    };
    const settings: AccountSettings = {
      captchaEnabled: (values.get(CONFIG_KEYS.captchaEnabled) ?? 'true') !== 'false',
      maxRetryCount: number(CONFIG_KEYS.maxRetryCount, DEFAULT_ACCOUNT_SETTINGS.maxRetryCount),
      lockMinutes: number(CONFIG_KEYS.lockMinutes, DEFAULT_ACCOUNT_SETTINGS.lockMinutes),
      initPassword: values.get(CONFIG_KEYS.initPassword) || DEFAULT_ACCOUNT_SETTINGS.initPassword,
    };
    this.cached = { at: Date.now(), settings };
    return settings;
  }

  /** Forget the cached parameters (after a change, and DELETE /system/config/clearCache). */
  clearCache(): void {
    this.cached = null;
  }

  /**
   * Checks a login and answers a token, or the reason it is refused. Every attempt is recorded in the
   * login log; wrong passwords count towards the lock, other refusals do not.
   */
  async login(
    body: Omit<LoginBody, 'rememberMe'> & { rememberMe: boolean },
    client: ClientInfo,
  ): Promise<{ token: string; minutes: number }> {
    const settings = await this.settings();
    const at = this.now();
    const user = await findUserByAccount(this.services.db, body.username);
    const refuse = async (reason: MessageKey, counts: boolean, params: Record<string, number> = {}) => {
      await this.recordFailure(user, body.username, reason, counts, client, at);
      return new DomainError(reason, params);
    };

    if (settings.captchaEnabled) {
      if (!body.code) throw await refuse('validation.captcha.required', false);
      const outcome = this.captchas.check(body.uuid, body.code);
      if (outcome !== 'ok')
        throw await refuse(
          outcome === 'wrong' ? 'error.login.captchaWrong' : 'error.login.captchaExpired',
          false,
        );
    }
    const password = this.cipher.decrypt(body.password);
    if (password === null) throw await refuse('error.login.undecryptable', false);
    if (!user) {
      await verifyPassword(await decoyPasswordHash(), password);
      throw await refuse('error.login.badCredentials', false);
    }
    await this.checkPassword(user, password, body.username, client);
    if (user.status !== '0') throw await refuse('error.login.disabled', false);
    if (user.tenant_status === 'suspended') throw await refuse('error.tenant.suspended', false);

    const minutes = sessionMinutes(body.rememberMe);
    const token = newToken();
    const sessionId = uuidv7();
    await execute(
      this.services.store,
      sessionDecider,
      sessionId,
      [
        {
          type: 'StartSession',
          sessionId,
          userId: user.user_id,
          userName: user.user_name,
          tokenHash: sha256(token),
          rememberMe: body.rememberMe,
          at: at.toISOString(),
          expiresAt: new Date(at.getTime() + minutes * 60_000).toISOString(),
          ...client,
        },
      ],
      { metadata: { tenantId: user.tenant_id, userId: user.user_id, correlationId: uuidv7() } },
    );
    return { token, minutes };
  }

  /**
   * The lock rule around a password check: a wrong password is recorded as a counted failure; a locked
   * account is refused even with the right password. Whoever does not know the password reads "wrong user
   * name or password" whether the name exists, is locked or not, so guesses tell nothing about accounts.
   * One check per user at a time, so parallel guesses cannot all read the count before any is recorded
   * (one process; with several, a burst is still limited to one guess per process at a time).
   */
  async checkPassword(user: UserRow, password: string, userName: string, client: ClientInfo): Promise<void> {
    await this.oneAtATime(user.user_id, async () => {
      const settings = await this.settings();
      const at = this.now();
      const failures = await recentFailures(this.services.db, user.user_id, settings.maxRetryCount);
      const lock = { maxRetryCount: settings.maxRetryCount, lockMinutes: settings.lockMinutes };
      const right = await verifyPassword(user.password_hash, password);
      if (lockedUntil(failures, lock, at)) {
        const reason = right ? 'error.login.locked' : 'error.login.badCredentials';
        await this.recordFailure(user, userName, reason, false, client, at);
        throw new DomainError(reason, right ? { count: settings.lockMinutes } : {});
      }
      if (right) return;
      await this.recordFailure(user, userName, 'error.login.badCredentials', true, client, at);
      throw new DomainError('error.login.badCredentials');
    });
  }

  private readonly checking = new Map<string, Promise<unknown>>();

  private oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
    const result = (this.checking.get(key) ?? Promise.resolve()).then(work);
    const settled = result.catch(() => undefined);
    this.checking.set(key, settled);
    void settled.then(() => {
      if (this.checking.get(key) === settled) this.checking.delete(key);
    });
    return result;
  }

  private async recordFailure(
    user: UserRow | null,
    userName: string,
    reason: string,
    counts: boolean,
    client: ClientInfo,
    at: Date,
  ): Promise<void> {
    const tenantId = user?.tenant_id ?? PLATFORM_TENANT_ID;
    await record(
      this.services.store,
      `login-${user?.user_id ?? 'unknown'}`,
      {
        type: 'LoginFailed',
        data: {
          userId: user?.user_id ?? null,
          userName: userName.slice(0, 100),
          reason,
          counts,
          at: at.toISOString(),
          ...client,
        },
      },
      { tenantId, userId: user?.user_id, correlationId: uuidv7() },
    );
  }
}
