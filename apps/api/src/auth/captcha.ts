import { randomInt } from 'node:crypto';
import { uuidv7 } from '@hydrolog/schemas';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I
const LENGTH = 4;
const TTL_MS = 2 * 60_000;
const MAX_PENDING = 10_000;

/**
 * Image captchas kept in memory for two minutes and usable once. A multi-instance deployment keeps
 * a visitor on one instance for the login (or turns captchas off with sys.account.captchaEnabled).
 */
export class CaptchaStore {
  private readonly pending = new Map<string, { answer: string; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  create(): { uuid: string; img: string } {
    this.evictExpired();
    const answer = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    const uuid = uuidv7();
    this.pending.set(uuid, { answer, expiresAt: this.now() + TTL_MS });
    return { uuid, img: `data:image/svg+xml;base64,${Buffer.from(drawCaptcha(answer)).toString('base64')}` };
  }

  /** 'ok', 'wrong' or 'expired' (unknown, used or too old); the captcha is used up either way. */
  check(uuid: string | undefined, code: string | undefined): 'ok' | 'wrong' | 'expired' {
    const entry = uuid ? this.pending.get(uuid) : undefined;
    if (uuid) this.pending.delete(uuid);
    if (!entry || entry.expiresAt < this.now()) return 'expired';
    return code?.trim().toUpperCase() === entry.answer ? 'ok' : 'wrong';
  }

  /** The answer of a pending captcha (tests read it as a person reads the image). */
  peek(uuid: string): string | undefined {
    return this.pending.get(uuid)?.answer;
  }

  private evictExpired(): void {
    const now = this.now();
    for (const [uuid, entry] of this.pending) if (entry.expiresAt < now) this.pending.delete(uuid);
    // Bounded: a flood of captcha requests cannot grow memory without limit.
    while (this.pending.size >= MAX_PENDING) this.pending.delete(this.pending.keys().next().value!);
  }
}

/** Letters at random angles and heights over noise lines and dots. */
function drawCaptcha(answer: string): string {
  const width = 120;
  const height = 40;
  const colour = () => `hsl(${randomInt(360)},60%,${randomInt(25, 45)}%)`;
  const lines = Array.from(
    { length: 5 },
    () =>
      `<line x1="${randomInt(width)}" y1="${randomInt(height)}" x2="${randomInt(width)}" y2="${randomInt(height)}" stroke="${colour()}" stroke-width="1"/>`,
  );
  const dots = Array.from(
    { length: 30 },
    () => `<circle cx="${randomInt(width)}" cy="${randomInt(height)}" r="1" fill="${colour()}"/>`,
  );
  const letters = [...answer].map((ch, i) => {
    const x = 14 + i * 26 + randomInt(-3, 4);
    const y = 28 + randomInt(-4, 5);
    return `<text x="${x}" y="${y}" font-family="monospace" font-size="${randomInt(22, 28)}" font-weight="bold" fill="${colour()}" transform="rotate(${randomInt(-25, 26)} ${x} ${y})">${ch}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f0f4fa"/>${lines.join('')}${letters.join('')}${dots.join('')}</svg>`;
}
