import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api-login.ts';
import { outputDir } from './support.ts';
import { browserTestBed } from './test-bed.ts';

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

/**
 * An element's screenshot decoded by the page itself: the colour of the pixel at (x, y), and how many pixels
 * lie within `within` of `rgb` on every channel.
 */
async function examine(
  page: Page,
  element: Locator,
  {
    x = 0,
    y = 0,
    rgb = [0, 0, 0],
    within = 12,
  }: { x?: number; y?: number; rgb?: readonly number[]; within?: number },
): Promise<{ colour: number[]; matching: number }> {
  const shot = (await element.screenshot()).toString('base64');
  return page.evaluate(
    async ({ shot, x, y, rgb, within }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${shot}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const data = context.getImageData(0, 0, image.width, image.height).data;
      let matching = 0;
      for (let i = 0; i < data.length; i += 4)
        if ([0, 1, 2].every((c) => Math.abs(data[i + c]! - rgb[c]!) <= within)) matching += 1;
      const at = (y * image.width + x) * 4;
      return { colour: [...data.slice(at, at + 3)], matching };
    },
    { shot, x, y, rgb, within },
  );
}

/** The colour of a pixel of an element. */
const pixel = async (page: Page, element: Locator, x: number, y: number) =>
  (await examine(page, element, { x, y })).colour;

const near = (a: readonly number[], b: readonly number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 12);

/** Starts `server` on a port of the system's choosing, and resolves to it. */
function listening(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

/**
 * A tile server answering every tile with `png` (the next `failing()` of them with 500) after `delay()`
 * milliseconds, each request noted, and each answer in `answered`.
 */
function tileServer(
  png: Buffer,
  requests: string[],
  {
    failing = () => false,
    delay = () => 0,
    answered = [],
  }: { failing?: () => boolean; delay?: () => number; answered?: string[] } = {},
): Server {
  return createServer((request, response) => {
    requests.push(request.url ?? '');
    const tile = /^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '');
    const status = tile ? (failing() ? 500 : 200) : 404;
    setTimeout(() => {
      response.writeHead(status, { 'content-type': 'image/png', 'access-control-allow-origin': '*' });
      response.end(png);
      answered.push(request.url ?? '');
    }, delay());
  });
}

/** An API call as the demo utility's administrator (`headers` from apiLogin): its answer, which must succeed. */
async function call(
  url: string,
  headers: Record<string, string>,
  method: string,
  path: string,
  body: object,
) {
  const answer = await apiCall(url, headers, method, path, body);
  expect(answer, `${method} ${path}`).toMatchObject({ code: 200 });
  return answer.data;
}

/** A partition of the demo utility with a rectangular boundary, and meters placed on its map. */
async function createPartition(
  url: string,
  headers: Record<string, string>,
  name: string,
  [west, south, east, north]: readonly [number, number, number, number],
  meters: readonly { meterNo: string; coordinates: [number, number] }[] = [],
): Promise<void> {
  const ring = [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ];
  const { partitionId } = await call(url, headers, 'POST', '/cascade/partition', {
    name,
    leaderName: 'Li Wei',
    leaderPhone: '13800000000',
    thresholds: { leakageRate: 0.3, mnf: 1.2, kl: 0.6 },
    boundary: { type: 'Polygon', coordinates: [ring] },
  });
  if (meters.length > 0)
    await call(url, headers, 'PUT', '/cascade/partition/positions', { partitionId, positions: meters });
}

/** Two partitions side by side in Hangzhou, 0.008° wide. */
async function createRiversideAndHillside(url: string, headers: Record<string, string>) {
  for (const [name, west] of [
    ['Riverside', 120.2],
    ['Hillside', 120.21],
  ] as const)
    await createPartition(url, headers, name, [west, 30.3, west + 0.008, 30.31]);
}

/** Drags the map by `dx` pixels from its centre: the view moves, and tiles of the new part are fetched. */
async function drag(page: Page, map: Locator, dx: number) {
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
}

/**
 * The partition map on basemaps from a local tile server (map provider 1, `mapType` 0) and from one that
 * cannot be reached (provider 2): tiles fetched and drawn under the partitions with their attribution, one
 * failing tile shrugged off, and without them the partitions' names, a scale bar and a north arrow until the
 * tiles load again; zoom held to spec section 9's range; the provider chosen kept for the next visit.
 */
describe('the partition map on its basemap', () => {
  let tiles: Server;
  const tileRequests: string[] = [];
  // The second provider's server listens all along, so that its port stays its own; until it is revived,
  // every connection is cut at once, as a provider that cannot be reached.
  let secondTiles: Server;
  let secondUp = false;
  const revivedRequests: string[] = [];
  let failNext = 0;
  // The first provider's answers held back, so that its tiles arrive after the other provider's failures.
  let tileDelay = 0;
  const tilesAnswered: string[] = [];
  const png = solidPng(TILE_RGB);

  // The service's basemaps: two tile servers, listening before the service starts.
  const bed = browserTestBed(
    async () => {
      tiles = tileServer(png, tileRequests, {
        failing: () => failNext > 0 && failNext-- > 0,
        delay: () => tileDelay,
        answered: tilesAnswered,
      });
      secondTiles = tileServer(png, revivedRequests);
      secondTiles.on('connection', (socket) => {
        if (!secondUp) socket.destroy();
      });
      const [tilePort, secondPort] = [await listening(tiles), await listening(secondTiles)];
      return {
        HYDROLOG_MAP_TILES_0: `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png`,
        HYDROLOG_MAP_ATTRIBUTION_0: '© Test tiles contributors',
        HYDROLOG_MAP_TILES_1: `http://127.0.0.1:${secondPort}/{z}/{x}/{y}.png`,
      };
    },
    { width: 1440, height: 1000 },
  );
  const { newPage, signIn } = bed;
  let page: Page;

  beforeAll(async () => {
    await createRiversideAndHillside(bed.url, await apiLogin(bed.url, 'demo_admin', 'Demo1234'));
    page = await newPage();
  }, 180_000);

  afterAll(async () => {
    await new Promise((resolve) => tiles?.close(resolve));
    await new Promise((resolve) => secondTiles?.close(resolve));
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

  it('keeps the basemap when a single tile fails, and says nothing of it', async () => {
    const map = page.getByTestId('gis-map');
    const box = (await map.boundingBox())!;
    const before = tileRequests.length;
    // Whether the note shows at any moment, however briefly.
    await page.evaluate(() => {
      const seen = window as unknown as { noteSeen: boolean };
      seen.noteSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="gis-basemap-note"]')) seen.noteSeen = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    failNext = 1;
    // Dragged left by more than a tile: the new tiles come in on the right, the first of them failing.
    await drag(page, map, -400);
    await expect.poll(() => failNext).toBe(0);
    await expect.poll(() => tileRequests.length).toBeGreaterThan(before + 2);
    // The last of them, at the bottom right, drew: the failure is behind.
    await expect
      .poll(() => pixel(page, map, Math.round(box.width) - 40, Math.round(box.height) - 40), {
        timeout: 15_000,
      })
      .toSatisfy((rgb: number[]) => near(rgb, TILE_RGB));
    expect(await page.evaluate(() => (window as unknown as { noteSeen: boolean }).noteSeen)).toBe(false);
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
    // The first provider's tiles, asked for on opening, load only after the second provider's have failed:
    // they say nothing of the second provider.
    tileDelay = 3_000;
    const asked = tileRequests.length;
    await page.reload();
    await expect.poll(() => tileRequests.length, { timeout: 30_000 }).toBeGreaterThan(asked);
    await page.getByTestId('gis-provider').getByText('Map 2').click();
    const map = page.getByTestId('gis-map');
    await expect
      .poll(() => page.getByTestId('gis-basemap-note').innerText(), { timeout: 15_000 })
      .toContain('cannot be reached');
    await expect.poll(() => tilesAnswered.length, { timeout: 15_000 }).toBe(tileRequests.length);
    tileDelay = 0;
    // Time for the browser to draw what arrived.
    await page.waitForTimeout(1_000);
    expect(await page.getByTestId('gis-basemap-note').innerText()).toContain('cannot be reached');
    expect((await map.getByTestId('gis-label').allInnerTexts()).sort()).toEqual(['Hillside', 'Riverside']);
    expect(await map.getByTestId('gis-scale-bar').innerText()).toMatch(/^\d+ (m|km)$/);
    expect(await map.getByTestId('gis-north-arrow').innerText()).toContain('N');
    expect(await page.getByTestId('gis-attribution').count()).toBe(0);
    // The plain background shows where the tiles would be.
    expect(near(await pixel(page, map, 40, 60), TILE_RGB)).toBe(false);
    await page.screenshot({ path: join(outputDir, 'cascade-map-offline.png'), fullPage: true });

    // The provider comes back: the next tiles load, and the note goes.
    secondUp = true;
    await drag(page, map, -400);
    await expect.poll(() => revivedRequests.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('gis-basemap-note').count(), { timeout: 15_000 }).toBe(0);
  });

  it('opens on the basemap the user chose last time', async () => {
    const before = revivedRequests.length;
    await page.reload();
    const second = page.getByTestId('gis-provider').getByRole('radio', { name: 'Map 2' });
    await expect.poll(() => second.isChecked(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => revivedRequests.length, { timeout: 30_000 }).toBeGreaterThan(before);
    await expect
      .poll(() => pixel(page, page.getByTestId('gis-map'), 40, 60), { timeout: 15_000 })
      .toSatisfy((rgb: number[]) => near(rgb, TILE_RGB));
    expect(await page.getByTestId('gis-attribution').count()).toBe(0);
  });
});

/** The outline of the partition chosen (PartitionMap's). */
const CHOSEN_OUTLINE_RGB = [25, 113, 194] as const;
/** A meter's dot ([52, 58, 64] at 90 % over the plain background): counted loosely, every channel dark. */
const DOT_RGB = [71, 76, 81] as const;

/**
 * The partition map of a service without basemap: boundaries with their names, a scale bar and a north arrow
 * on the plain background, no tile asked for anywhere; meters drawn larger at every closer zoom.
 */
describe('the partition map without a basemap', () => {
  const bed = browserTestBed({}, { width: 1440, height: 1000 });
  const { newPage, signIn } = bed;
  let page: Page;
  const requests: string[] = [];

  beforeAll(async () => {
    const headers = await apiLogin(bed.url, 'demo_admin', 'Demo1234');
    await createRiversideAndHillside(bed.url, headers);
    const { meterTypeId } = await call(bed.url, headers, 'POST', '/business/meterType', {
      name: 'E2E map DN15',
      billingMode: 'postpaid',
      valveControl: false,
      communication: 'nbiot',
      cardKind: 'none',
      reportIntervalMinutes: 60,
    });
    for (const meterNo of ['73000001', '73000002', '73000003'])
      await call(bed.url, headers, 'POST', '/business/meter', { meterNo, meterTypeId });
    // Far from Hangzhou, one meter at the centre of each: fitted, the map shows it from the farthest zoom
    // (a degree across), from a middle one (a hundredth) and from a close one (the smallest fit).
    for (const [name, half, meterNo] of [
      ['Wide', 0.5, '73000001'],
      ['Middle', 0.005, '73000002'],
      ['Narrow', 0.00001, '73000003'],
    ] as const)
      await createPartition(
        bed.url,
        headers,
        name,
        [100 - half, 25 - half, 100 + half, 25 + half],
        [{ meterNo, coordinates: [100, 25] }],
      );
    page = await newPage();
    page.on('request', (request) => requests.push(request.url()));
  }, 180_000);

  async function view(name: string) {
    const chosen = page.getByTestId('gis-partition');
    await chosen.click();
    await page.getByRole('option', { name, exact: true }).click();
    await expect.poll(() => chosen.inputValue()).toBe(name);
  }

  it('draws the boundaries with their names, a scale bar and a north arrow, and asks for no tile', async () => {
    await signIn(page, 'demo_admin', 'Demo1234', '/cascade/gis');
    const map = page.getByTestId('gis-map');
    await expect.poll(() => map.locator('canvas').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await view('Riverside');
    // The chosen partition's outline, drawn all round it.
    await expect
      .poll(async () => (await examine(page, map, { rgb: CHOSEN_OUTLINE_RGB, within: 20 })).matching, {
        timeout: 15_000,
      })
      .toBeGreaterThan(1000);
    expect(await map.getByTestId('gis-label').allInnerTexts()).toEqual(
      expect.arrayContaining(['Hillside', 'Riverside']),
    );
    expect(await map.getByTestId('gis-scale-bar').innerText()).toMatch(/^\d+ (m|km)$/);
    expect(await map.getByTestId('gis-north-arrow').innerText()).toContain('N');
    expect(await page.getByTestId('gis-basemap-note').innerText()).toContain('No basemap is configured');
    expect(await page.getByTestId('gis-provider').count()).toBe(0);
    expect(await page.getByTestId('gis-attribution').count()).toBe(0);
    await page.waitForLoadState('networkidle');
    const elsewhere = requests.filter(
      (url) => !url.startsWith(bed.url) && !url.startsWith('data:') && !url.startsWith('blob:'),
    );
    expect(elsewhere).toEqual([]);
    await page.screenshot({ path: join(outputDir, 'cascade-map-unconfigured.png'), fullPage: true });
  });

  it('draws the meters larger at every closer zoom, readable at the farthest', async () => {
    const map = page.getByTestId('gis-map');
    // The names and corner panels hidden, so that only the meters' dots are dark.
    await page.addStyleTag({
      content: '[data-testid="gis-map"] [data-testid^="gis-"] { visibility: hidden; }',
    });
    const scale = () => map.getByTestId('gis-scale-bar').textContent();
    /** The dark pixels of the map once they stop changing. */
    const dot = async () => {
      let last = -1;
      let now = 0;
      await expect
        .poll(
          async () => {
            last = now;
            now = (await examine(page, map, { rgb: DOT_RGB, within: 45 })).matching;
            return now > 0 && now === last;
          },
          { timeout: 15_000, interval: 300 },
        )
        .toBe(true);
      return now;
    };
    const sizes: number[] = [];
    for (const name of ['Wide', 'Middle', 'Narrow']) {
      await view(name);
      sizes.push(await dot());
      // A degree across does not fit: the map stays at its farthest zoom.
      if (name === 'Wide') expect(await scale()).toBe('10 km');
    }
    // Closer still, to the last level, about the meter at the map's centre.
    const box = (await map.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < 20; i++) await page.mouse.wheel(0, -400);
    await expect.poll(scale).toBe('10 m');
    sizes.push(await dot());
    // A dot of 4 pixels' radius at the farthest zoom covers some 30 pixels within its white ring.
    expect(sizes[0]).toBeGreaterThan(20);
    for (let i = 1; i < sizes.length; i++) expect(sizes[i], `${sizes}`).toBeGreaterThan(sizes[i - 1]! * 1.1);
  });
});
