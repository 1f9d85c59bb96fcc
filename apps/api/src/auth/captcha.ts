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

/**
 * 5x7 dot-matrix glyphs, one number per row (bit 4 is the left column). The image draws them as shapes,
 * never as text, so the answer cannot be read out of the SVG source.
 */
const GLYPHS: Record<string, readonly number[]> = {
  A: [14, 17, 17, 31, 17, 17, 17],
  B: [30, 17, 17, 30, 17, 17, 30],
  C: [14, 17, 16, 16, 16, 17, 14],
  D: [30, 17, 17, 17, 17, 17, 30],
  E: [31, 16, 16, 30, 16, 16, 31],
  F: [31, 16, 16, 30, 16, 16, 16],
  G: [14, 17, 16, 23, 17, 17, 15],
  H: [17, 17, 17, 31, 17, 17, 17],
  J: [7, 2, 2, 2, 2, 18, 12],
  K: [17, 18, 20, 24, 20, 18, 17],
  L: [16, 16, 16, 16, 16, 16, 31],
  M: [17, 27, 21, 21, 17, 17, 17],
  N: [17, 17, 25, 21, 19, 17, 17],
  P: [30, 17, 17, 30, 16, 16, 16],
  Q: [14, 17, 17, 17, 21, 18, 13],
  R: [30, 17, 17, 30, 20, 18, 17],
  S: [15, 16, 16, 14, 1, 1, 30],
  T: [31, 4, 4, 4, 4, 4, 4],
  U: [17, 17, 17, 17, 17, 17, 14],
  V: [17, 17, 17, 17, 17, 10, 4],
  W: [17, 17, 17, 21, 21, 21, 10],
  X: [17, 17, 10, 4, 10, 17, 17],
  Y: [17, 17, 10, 4, 4, 4, 4],
  Z: [31, 1, 2, 4, 8, 16, 31],
  2: [14, 17, 1, 2, 4, 8, 31],
  3: [31, 2, 4, 2, 1, 17, 14],
  4: [2, 6, 10, 18, 31, 2, 2],
  5: [31, 16, 30, 1, 1, 17, 14],
  6: [6, 8, 16, 30, 17, 17, 14],
  7: [31, 1, 2, 4, 8, 8, 8],
  8: [14, 17, 17, 14, 17, 17, 14],
  9: [14, 17, 17, 15, 1, 2, 12],
};

/** Glyphs of jittered squares at random angles and heights, over noise lines and dots. */
function drawCaptcha(answer: string): string {
  const width = 120;
  const height = 40;
  const colour = () => `hsl(${randomInt(360)},60%,${randomInt(25, 45)}%)`;
  const lines = Array.from(
    { length: 6 },
    () =>
      `<line x1="${randomInt(width)}" y1="${randomInt(height)}" x2="${randomInt(width)}" y2="${randomInt(height)}" stroke="${colour()}" stroke-width="1"/>`,
  );
  const dots = Array.from(
    { length: 40 },
    () => `<rect x="${randomInt(width)}" y="${randomInt(height)}" width="2" height="2" fill="${colour()}"/>`,
  );
  const letters = [...answer].map((ch, i) => {
    const cell = 3.2 + randomInt(0, 6) / 10;
    const x = 10 + i * 27 + randomInt(-3, 4);
    const y = 6 + randomInt(0, 6);
    const squares: string[] = [];
    GLYPHS[ch]!.forEach((row, r) => {
      for (let c = 0; c < 5; c++) {
        if (!(row & (1 << (4 - c)))) continue;
        const jitter = () => (randomInt(-3, 4) / 10).toFixed(1);
        squares.push(
          `<rect x="${(c * cell).toFixed(1)}" y="${(r * cell).toFixed(1)}" width="${cell}" height="${cell}" transform="translate(${jitter()} ${jitter()})"/>`,
        );
      }
    });
    const centre = `${(2.5 * cell).toFixed(1)} ${(3.5 * cell).toFixed(1)}`;
    return `<g fill="${colour()}" transform="translate(${x} ${y}) rotate(${randomInt(-20, 21)} ${centre})">${squares.join('')}</g>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f0f4fa"/>${lines.join('')}${letters.join('')}${dots.join('')}</svg>`;
}
