import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin } from './api-login.ts';
import { browserSession, freePort, launchChromium, outputDir, startService } from './support.ts';

/** The colour of every generated tile: far from the map's plain background and from the partitions' fills. */
const TILE_RGB = [40, 90, 200] as const;

/** A 256 × 256 PNG of one colour (truecolour, no filter), as a tile server sends. */
function solidPng([r, g, b]: readonly [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(256, 0);
  header.writeUInt32BE(256, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(new Array(256).fill([r, g, b]).flat())]);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(new Array(256).fill(row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The colour of a pixel of an element, from a screenshot decoded by the page itself. */
async function pixel(page: Page, element: Locator, x: number, y: number): Promise<number[]> {
  const shot = (await element.screenshot()).toString('base64');
  return page.evaluate(
    async ({ shot, x, y }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${shot}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      return [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
    },
    { shot, x, y },
  );
}

const near = (a: readonly number[], b: readonly number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 12);

/**
 * The partition map on basemaps from a local tile server (map provider 1, `mapType` 0) and from one that
 * cannot be reached (provider 2): tiles fetched and drawn under the partitions with their attribution, and
 * without them the partitions' names, a scale bar and a north arrow; zoom held to spec section 9's range.
 */
describe('the partition map on its basemap', () => {
  let service: Awaited<ReturnType<typeof startService>>;
  let browser: Browser;
  let tiles: Server;
  const tileRequests: string[] = [];
  const { newPage, signIn } = browserSession(() => ({ url: service.url, browser }), {
    width: 1440,
    height: 1000,
  });
  let page: Page;

  beforeAll(async () => {
    const png = solidPng(TILE_RGB);
    tiles = createServer((request, response) => {
      tileRequests.push(request.url ?? '');
      response.writeHead(/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '') ? 200 : 404, {
        'content-type': 'image/png',
        'access-control-allow-origin': '*',
      });
      response.end(png);
    });
    const tilePort = await freePort();
    await new Promise<void>((resolve) => tiles.listen(tilePort, '127.0.0.1', resolve));
    const nobodyPort = await freePort();
    service = await startService({
      HYDROLOG_SEED_CAPTCHA: 'false',
      HYDROLOG_MAP_TILES_0: `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png`,
      HYDROLOG_MAP_ATTRIBUTION_0: '© Test tiles contributors',
      HYDROLOG_MAP_TILES_1: `http://127.0.0.1:${nobodyPort}/{z}/{x}/{y}.png`,
    });
    const headers = await apiLogin(service.url, 'demo_admin', 'Demo1234');
    for (const [name, west] of [
      ['Riverside', 120.2],
      ['Hillside', 120.21],
    ] as const) {
      const created = await fetch(`${service.url}/prod-api/cascade/partition`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          name,
          leaderName: 'Li Wei',
          leaderPhone: '13800000000',
          thresholds: { leakageRate: 0.3, mnf: 1.2, kl: 0.6 },
          boundary: {
            type: 'Polygon',
            coordinates: [
              [
                [west, 30.3],
                [west + 0.008, 30.3],
                [west + 0.008, 30.31],
                [west, 30.31],
                [west, 30.3],
              ],
            ],
          },
        }),
      });
      expect((await created.json()).code).toBe(200);
    }
    browser = await launchChromium();
    page = await newPage();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    await new Promise((resolve) => tiles?.close(resolve));
  });

  it('fetches the configured tiles and draws them, with the attribution, names, scale bar and north arrow', async () => {
    await signIn(page, 'demo_admin', 'Demo1234', '/cascade/gis');
    const map = page.getByTestId('gis-map');
    await expect.poll(() => map.locator('canvas').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => tileRequests.length, { timeout: 30_000 }).toBeGreaterThan(0);
    // Tiles of one level around the partitions (Hangzhou, x about 13,660 at level 14).
    const [, z, x] = tileRequests[0]!.split('/').map(Number);
    expect(z).toBeGreaterThanOrEqual(10);
    expect(x! / 2 ** z!).toBeCloseTo((120.2 + 180) / 360, 2);
    // Drawn: a corner of the map, outside every partition, is the tiles' colour.
    await expect
      .poll(() => pixel(page, map, 40, 60), { timeout: 15_000 })
      .toSatisfy((rgb: number[]) => near(rgb, TILE_RGB));
    expect(await page.getByTestId('gis-attribution').innerText()).toBe('© Test tiles contributors');
    expect((await map.getByTestId('gis-label').allInnerTexts()).sort()).toEqual(['Hillside', 'Riverside']);
    expect(await map.getByTestId('gis-scale-bar').innerText()).toMatch(/^\d+ (m|km)$/);
    expect(await map.getByTestId('gis-north-arrow').innerText()).toContain('N');
    expect(await page.getByTestId('gis-basemap-note').count()).toBe(0);
    await page.screenshot({ path: join(outputDir, 'cascade-map-basemap.png'), fullPage: true });
  });

  it('holds the zoom to levels 10-20: the scale bar stops at 10 km out and 10 m in', async () => {
    const map = page.getByTestId('gis-map');
    const box = (await map.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const scale = () => map.getByTestId('gis-scale-bar').innerText();
    for (let i = 0; i < 30; i++) await page.mouse.wheel(0, 400);
    await expect.poll(scale).toBe('10 km');
    for (let i = 0; i < 50; i++) await page.mouse.wheel(0, -400);
    await expect.poll(scale).toBe('10 m');
  });

  it('without a reachable basemap still shows the names, the scale bar and the north arrow, and says why', async () => {
    await page.reload();
    await page.getByTestId('gis-provider').getByText('Map 2').click();
    const map = page.getByTestId('gis-map');
    await expect
      .poll(() => page.getByTestId('gis-basemap-note').innerText(), { timeout: 15_000 })
      .toContain('cannot be reached');
    expect((await map.getByTestId('gis-label').allInnerTexts()).sort()).toEqual(['Hillside', 'Riverside']);
    expect(await map.getByTestId('gis-scale-bar').innerText()).toMatch(/^\d+ (m|km)$/);
    expect(await map.getByTestId('gis-north-arrow').innerText()).toContain('N');
    expect(await page.getByTestId('gis-attribution').count()).toBe(0);
    // The plain background shows where the tiles would be.
    expect(near(await pixel(page, map, 40, 60), TILE_RGB)).toBe(false);
    await page.screenshot({ path: join(outputDir, 'cascade-map-offline.png'), fullPage: true });
  });
});
