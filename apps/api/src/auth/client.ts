import type { FastifyRequest } from 'fastify';

/** Where a request came from, for the login log: ip, browser and operating system. */
export function clientOf(request: FastifyRequest): { ip: string; browser: string; os: string } {
  const agent = String(request.headers['user-agent'] ?? '');
  return { ip: request.ip.slice(0, 64), browser: browserOf(agent), os: osOf(agent) };
}

function browserOf(agent: string): string {
  const match =
    /(Edg|OPR|Firefox|Chrome|Chromium|Version)\/(\d+)/.exec(agent) ??
    /(curl|node|undici)\/?(\d*)/i.exec(agent);
  if (!match) return 'Unknown';
  const name = { Edg: 'Edge', OPR: 'Opera', Version: 'Safari' }[match[1]!] ?? match[1]!;
  return `${name} ${match[2] ?? ''}`.trim().slice(0, 64);
}

function osOf(agent: string): string {
  if (/Windows/.test(agent)) return 'Windows';
  if (/Android/.test(agent)) return 'Android';
  if (/iPhone|iPad|iOS/.test(agent)) return 'iOS';
  if (/Mac OS X|Macintosh/.test(agent)) return 'macOS';
  if (/CrOS/.test(agent)) return 'ChromeOS';
  if (/Linux/.test(agent)) return 'Linux';
  return 'Unknown';
}
