import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api-login.ts';
import { outputDir } from './support.ts';
import { browserTestBed } from './test-bed.ts';

/** "1,234.567 m³" as a number. */
const figure = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

/**
 * The cascade screens on the demo partitions `npm start` seeds from the simulated fleet (one per district):
 * the leakage analysis with real figures, the creation wizard, and what /cascadeScreen shows with and
 * without a session.
 */
describe('cascade partitions in the browser', () => {
  const bed = browserTestBed({ HYDROLOG_SIMULATE: '1' });
  const { newPage, signIn } = bed;
  let page: Page;
  let headers: Record<string, string>;
  const pageErrors: string[] = [];

  /**
   * Waits until the districts have yesterday's supply: after the backfill, and again in a test that reads
   * yesterday, since a run that crosses midnight in Shanghai has a new yesterday until the meters report it.
   */
  async function yesterdayMeasured(waitMs: number) {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const overview = await (await fetch(`${bed.url}/prod-api/cascade/screen/overview`, { headers })).json();
      if ((overview.data?.partitions >= 3 && overview.data.yesterday.supply > 0) || Date.now() > deadline)
        return;
      await new Promise((r) => setTimeout(r, 3000));
    }
  }

  beforeAll(async () => {
    headers = await apiLogin(bed.url, 'demo_admin', 'Demo1234');
    // The simulator backfills its history first.
    await yesterdayMeasured(240_000);
    const context = await bed.browser.newContext({
      locale: 'en-US',
      viewport: { width: 1440, height: 1000 },
    });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  }, 360_000);

  it('shows the leakage analysis of a seeded partition: balance, daily chart and table, night flow, statistics', async () => {
    await signIn(page, 'demo_admin', 'Demo1234', '/cascade/analysis');
    const table = page.getByTestId('analysis-daily-table');
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 30_000 }).toBe(30);
    // Real figures: the district's supply over the 30 days, with leakage (background leakage of the model).
    await expect
      .poll(async () => figure(await page.getByTestId('balance-supply').innerText()))
      .toBeGreaterThan(0);
    const rate = await page.getByTestId('balance-rate').innerText();
    expect(Number(rate.match(/(\d+(\.\d)?)%/)?.[1])).toBeGreaterThan(0);
    expect(await page.getByTestId('analysis-daily-chart').locator('canvas').count()).toBe(1);
    expect(await page.getByTestId('analysis-night-chart').locator('canvas').count()).toBe(1);
    expect(await page.getByTestId('analysis-hourly-chart').locator('canvas').count()).toBe(1);
    expect(await page.getByTestId('analysis-kl').innerText()).toMatch(/KL .*: \d+\.\d{3}/);
    await page.screenshot({ path: join(outputDir, 'cascade-analysis-en.png'), fullPage: true });

    // Metering-point mode keeps the mode in the URL.
    await page.getByTestId('analysis-mode').getByText('Metering-point mode').click();
    await page.waitForURL('**/cascade/analysis?mode=point');
    await expect.poll(() => page.getByTestId('analysis-point').count()).toBe(1);

    await page.getByRole('tab', { name: 'Leakage statistics' }).click();
    const ranking = page.getByTestId('analysis-ranking');
    // Loaded (not the loading rows): one row per seeded district's root, each with its rate.
    await expect.poll(() => ranking.innerText(), { timeout: 30_000 }).toMatch(/\d+(\.\d)?%/);
    expect(await ranking.locator('tbody tr').count()).toBe(3);
    // Ranked by the server, highest rate first.
    const rates = (await ranking.locator('tbody tr td:last-child').allInnerTexts()).map((r) =>
      Number.parseFloat(r),
    );
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    expect(await ranking.locator('tbody tr td:first-child').allInnerTexts()).toEqual(['1', '2', '3']);

    // The alarms are a list of their own: filtered in the URL under their own names, beside the page's.
    const filter = page.getByTestId('analysis-alarms-filter');
    await filter.getByLabel('Type', { exact: true }).click();
    await page.getByRole('option', { name: 'Night flow alarm' }).click();
    await filter.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(
      (url) =>
        url.searchParams.get('alarms.kind') === 'mnf' &&
        url.searchParams.get('tab') === 'statistics' &&
        url.searchParams.get('mode') === 'point',
    );
    const alarms = page.getByTestId('analysis-alarms');
    const kinds = () => alarms.locator('tbody tr td:first-child').allTextContents();
    await expect
      .poll(async () => (await kinds()).some((kind) => /Night flow alarm|No alarm/.test(kind)))
      .toBe(true);
    expect((await kinds()).filter((kind) => kind !== 'Night flow alarm' && kind !== 'No alarm')).toEqual([]);
    await page.screenshot({ path: join(outputDir, 'cascade-alarms-en.png'), fullPage: true });
  });

  it('creates a partition through the wizard: partition, summary meter, sub-meters typed with commas and selected, done', async () => {
    await page.goto(`${bed.url}/cascade/partition`);
    const table = page.getByTestId('partitions-table');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(3);
    await page.getByRole('button', { name: 'New partition' }).click();
    const wizard = page.getByTestId('partition-wizard');

    // Step 1: thresholds are required and greater than 0.
    await wizard.getByLabel('Partition name').fill('E2E zone');
    await wizard.getByLabel(/^Leader(?! phone)/).fill('Li Wei');
    await wizard.getByLabel('Leader phone').fill('13800000000');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => wizard.getByText('Required').count()).toBeGreaterThan(0);
    await wizard.getByLabel('Night minimum flow threshold (m³/h)').fill('1.5');
    await wizard.getByLabel('KL threshold').fill('0.4');
    await wizard.getByRole('button', { name: 'Next' }).click();

    // Step 2: a meter that is not registered is refused; the district 2 inlet is taken.
    await wizard.getByLabel('Summary meter number').fill('9999999999');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByText('Meter 9999999999 is not opened').count()).toBeGreaterThan(0);
    // A form lets one submit through per 3 s (spec section 9 click debounce).
    await page.waitForTimeout(3100);
    await wizard.getByLabel('Summary meter number').fill('9000000002');
    await wizard.getByRole('button', { name: 'Next' }).click();

    // Step 3: sub-meters typed separated by English commas; a household without an account is not opened
    // (the demo accounts are on households 21-80).
    await wizard.getByRole('tab', { name: 'Type numbers' }).click();
    await wizard.getByLabel('Meter numbers').fill('1000000005');
    await wizard.getByRole('button', { name: 'Associate', exact: true }).click();
    await expect.poll(() => page.getByText('Meter 1000000005 is not opened').count()).toBeGreaterThan(0);
    await wizard.getByLabel('Meter numbers').fill('1000000070, 1000000071,1000000070');
    await wizard.getByRole('button', { name: 'Associate', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('sub-meter-result').innerText())
      .toContain('2 sub-meters added, 2 in all');

    // Batch selection: opened meters not yet on the point (70 and 71 are), filtered, two of them checked.
    await wizard.getByRole('tab', { name: 'Select meters' }).click();
    const candidates = wizard.getByTestId('sub-meter-candidates');
    await wizard.getByTestId('sub-meter-picker-filter').getByLabel('Meter number').fill('100000007');
    await wizard.getByTestId('sub-meter-picker-filter').getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => candidates.locator('tbody tr').count()).toBe(8);
    expect(await candidates.innerText()).not.toContain('1000000071');
    // None selected is refused with a reason.
    await wizard.getByRole('button', { name: 'Add selected (0)' }).click();
    await expect.poll(() => wizard.getByText('Select at least one meter.').count()).toBe(1);
    await candidates.getByRole('checkbox', { name: 'Select meter 1000000072' }).check();
    await candidates.getByRole('checkbox', { name: 'Select meter 1000000073' }).check();
    await wizard.getByRole('button', { name: 'Add selected (2)' }).click();
    await expect
      .poll(() => page.getByTestId('sub-meter-result').innerText())
      .toContain('2 sub-meters added, 4 in all');
    await expect.poll(() => candidates.locator('tbody tr').count()).toBe(6);
    expect(await wizard.getByTestId('sub-meter-quota').innerText()).toContain('4996 of 5000');
    await page.screenshot({ path: join(outputDir, 'cascade-picker-en.png'), fullPage: true });
    await wizard.getByRole('button', { name: 'Finish' }).click();
    await expect.poll(() => page.getByTestId('partition-wizard-done').count()).toBe(1);
    await page.getByTestId('partition-wizard-done').getByRole('button', { name: 'OK' }).click();

    await expect.poll(() => table.locator('tbody tr').count()).toBe(4);
    expect(await table.innerText()).toContain('E2E zone');
  });

  it("edits the root's thresholds, adds a child point and deletes selected points after a confirmation", async () => {
    const table = page.getByTestId('partitions-table');
    await table.getByRole('button', { name: 'Metering points of E2E zone' }).click();
    const tree = page.getByTestId('partition-points-table');
    await expect.poll(() => tree.locator('tbody tr').count()).toBe(1);
    // The sub-meters typed and selected in the wizard are under the root.
    await tree.getByRole('button', { name: 'Sub-meters of E2E zone' }).click();
    const subMeters = page.getByTestId('point-sub-meter-table');
    await expect.poll(() => subMeters.locator('tbody tr').count()).toBe(4);
    expect(await subMeters.innerText()).toMatch(
      /1000000070[\s\S]*1000000071[\s\S]*1000000072[\s\S]*1000000073/,
    );
    await page.getByTestId('point-sub-meters').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => subMeters.count()).toBe(0);
    const deleteSelected = page.getByRole('button', { name: /^Delete selected/ });
    expect(await deleteSelected.isDisabled()).toBe(true);

    // The root's KL threshold (the partition's), checked against 0 first.
    await tree.getByRole('button', { name: 'Edit E2E zone' }).click();
    const form = page.getByTestId('point-form');
    await form.getByLabel('KL threshold').fill('0');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.getByText('Must be greater than 0').count()).toBe(1);
    await page.waitForTimeout(3100);
    await form.getByLabel('KL threshold').fill('0.75');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.count()).toBe(0);
    await expect.poll(() => tree.innerText()).toContain('KL 0.75');

    // A child point one layer down.
    await tree.getByRole('button', { name: 'Add a point below E2E zone' }).click();
    await form.getByLabel('Metering point name').fill('E2E street');
    await form.getByLabel(/^Leader(?! phone)/).fill('Zhao Min');
    await form.getByLabel('Leader phone').fill('13800000001');
    await form.getByLabel('Night minimum flow threshold (m³/h)').fill('0.5');
    await form.getByLabel('KL threshold').fill('0.3');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => tree.locator('tbody tr').count()).toBe(2);
    expect(await tree.locator('tbody tr').nth(1).innerText()).toContain('E2E street');

    // Batch delete: asked first (irreversible), cancel keeps it, confirm removes it.
    await tree.getByRole('checkbox', { name: 'Select E2E street' }).check();
    expect(await deleteSelected.isDisabled()).toBe(false);
    await deleteSelected.click();
    const dialog = page.getByRole('dialog', { name: 'Delete metering points' });
    await expect.poll(() => dialog.innerText()).toContain('This cannot be undone');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await tree.locator('tbody tr').count()).toBe(2);
    await deleteSelected.click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => tree.locator('tbody tr').count()).toBe(1);
    await page.screenshot({ path: join(outputDir, 'cascade-points-en.png'), fullPage: true });
    await page.keyboard.press('Escape');
    await expect.poll(() => tree.count()).toBe(0);
  });

  it('imports a GeoJSON boundary: a bad file is refused in words, a good one previewed on the map and saved', async () => {
    const table = page.getByTestId('partitions-table');
    await table.getByRole('button', { name: 'Boundary map of E2E zone' }).click();
    const dialog = page.getByTestId('boundary-dialog');
    const file = dialog.locator('input[type="file"]');
    await file.setInputFiles({
      name: 'zone.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from('{ oops'),
    });
    await expect.poll(() => dialog.getByText('This file is not JSON.').count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    const ring = [
      [120.2, 30.3],
      [120.21, 30.3],
      [120.21, 30.31],
      [120.2, 30.31],
      [120.2, 30.3],
    ];
    const geojson = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring] }, properties: {} },
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [120.205, 30.305] },
          properties: { meterNo: '1000000070' },
        },
      ],
    };
    await file.setInputFiles({
      name: 'zone.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from(JSON.stringify(geojson)),
    });
    await expect
      .poll(() => dialog.getByTestId('boundary-summary').innerText())
      .toContain('Boundary with 4 corners, 1 meter position.');
    await expect
      .poll(() => dialog.getByTestId('boundary-preview').locator('canvas').count())
      .toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByText('Boundary of E2E zone saved').count()).toBeGreaterThan(0);
    // Opened again, the saved boundary is drawn.
    await table.getByRole('button', { name: 'Boundary map of E2E zone' }).click();
    await expect
      .poll(() => dialog.getByTestId('boundary-preview').locator('canvas').count())
      .toBeGreaterThan(0);
    await page.screenshot({ path: join(outputDir, 'cascade-boundary-en.png'), fullPage: true });
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('draws a boundary by clicking the map: a crossing ring is refused, a meter is placed, saved over the imported one', async () => {
    const table = page.getByTestId('partitions-table');
    await table.getByRole('button', { name: 'Boundary map of E2E zone' }).click();
    const dialog = page.getByTestId('boundary-dialog');
    await dialog.getByText('Draw on the map').click();
    const canvas = dialog.getByTestId('draw-map').locator('canvas').first();
    await expect.poll(() => canvas.count()).toBe(1);
    // The map opens on the saved boundary (120.2-120.21, 30.3-30.31) and meter: its centre is theirs.
    const box = (await canvas.boundingBox())!;
    const [cx, cy] = [box.width / 2, box.height / 2];
    const status = dialog.getByTestId('draw-status');
    const click = async (x: number, y: number, corners: number) => {
      await canvas.click({ position: { x: cx + x, y: cy + y } });
      await expect.poll(() => status.innerText()).toBe(`Corners: ${corners}, ring open`);
    };

    // A bow tie crosses itself: refused in words, then cleared. Its first corner is clicked on a page
    // slowed down twentyfold, as on a busy computer, where a frame drawn between press and release
    // must not turn the click into nothing.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await click(-100, 80, 1);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
    await click(100, -80, 2);
    await click(100, 80, 3);
    await click(-100, -80, 4);
    await dialog.getByRole('button', { name: 'Close the ring' }).click();
    await expect
      .poll(() => dialog.getByTestId('draw-problem').innerText())
      .toContain('The boundary would cross or touch itself');
    await dialog.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => status.innerText()).toBe('Corners: 0, ring open');

    // A rectangle, counter-clockwise on the screen from its lower left corner; a stray corner undone;
    // closed by clicking its first corner (deck.gl picking).
    await click(-100, 80, 1);
    await click(100, 80, 2);
    await click(100, -80, 3);
    await click(-100, -80, 4);
    await click(-30, 0, 5);
    await dialog.getByRole('button', { name: 'Undo last corner' }).click();
    await expect.poll(() => status.innerText()).toBe('Corners: 4, ring open');
    await canvas.click({ position: { x: cx - 100, y: cy + 80 } });
    await expect.poll(() => status.innerText()).toBe('Corners: 4, ring closed');

    // One sub-meter placed at the centre of the map.
    await dialog.getByText('Meters', { exact: true }).click();
    const meters = dialog.getByTestId('draw-meters');
    await meters.getByRole('button', { name: /^1000000071/ }).click();
    await canvas.click({ position: { x: cx, y: cy } });
    await expect.poll(() => dialog.getByTestId('draw-placed').innerText()).toBe('Meters placed: 1');
    // The badge is shown in capitals.
    expect(await meters.getByRole('button', { name: /^1000000071/ }).innerText()).toMatch(/placed/i);
    await page.screenshot({ path: join(outputDir, 'cascade-draw-en.png'), fullPage: true });

    // The same preview and save as an import, asked first since it replaces the imported boundary.
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect
      .poll(() => dialog.getByTestId('boundary-summary').innerText())
      .toContain('Boundary with 4 corners, 1 meter position.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('dialog', { name: 'Replace the boundary?' });
    await expect.poll(() => confirm.innerText()).toContain('E2E zone already has a boundary');
    await confirm.getByRole('button', { name: 'Replace' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByText('Boundary of E2E zone saved').count()).toBeGreaterThan(0);

    // Read back from the API: the rectangle as clicked, closed and counter-clockwise; the meter at the centre.
    const list = await (
      await fetch(`${bed.url}/prod-api/cascade/partition/list?name=E2E`, { headers })
    ).json();
    const partitionId = list.rows[0].partitionId;
    const detail = (
      await (await fetch(`${bed.url}/prod-api/cascade/partition/${partitionId}`, { headers })).json()
    ).data;
    const ring: [number, number][] = detail.boundary.coordinates[0];
    expect(ring).toHaveLength(5);
    expect(ring[4]).toEqual(ring[0]);
    const [lowerLeft, lowerRight, upperRight, upperLeft] = ring;
    // Same screen row, same latitude; same screen column, same longitude (a pixel is ~0.00004 degrees).
    expect(lowerRight![1]).toBeCloseTo(lowerLeft![1], 5);
    expect(upperRight![0]).toBeCloseTo(lowerRight![0], 5);
    expect(upperLeft![1]).toBeCloseTo(upperRight![1], 5);
    expect(lowerLeft![0]).toBeLessThan(lowerRight![0]);
    expect(upperRight![1]).toBeGreaterThan(lowerRight![1]);
    // 200 pixels wide around the centre of the imported square, inside the view.
    expect((lowerLeft![0] + lowerRight![0]) / 2).toBeCloseTo(120.205, 3);
    expect((lowerRight![1] + upperRight![1]) / 2).toBeCloseTo(30.305, 3);
    const placed = detail.meterPositions.find((p: { meterNo: string }) => p.meterNo === '1000000071');
    expect(placed.coordinates[0]).toBeCloseTo(120.205, 4);
    expect(placed.coordinates[1]).toBeCloseTo(30.305, 4);
    // The imported meter's position is kept.
    expect(detail.meterPositions).toContainEqual({ meterNo: '1000000070', coordinates: [120.205, 30.305] });
  });

  it('computes the Infrastructure Leakage Index and shows the leak detection of the MNF series', async () => {
    await page.goto(`${bed.url}/cascade/analysis?tab=detection`);
    const panel = page.getByTestId('ili-panel');
    await expect
      .poll(() => page.getByTestId('leaks-chart').locator('canvas').count(), { timeout: 30_000 })
      .toBe(1);
    await expect.poll(() => page.getByTestId('leaks-table').count()).toBe(1);
    // A holiday, confirmed, kept after a reload (and nothing to save until the list changes again).
    const holidays = page.getByTestId('holidays-card');
    const input = holidays.getByLabel('Holiday dates');
    await input.fill('2026-10-01');
    await input.press('Enter');
    await holidays.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Holidays saved').count()).toBeGreaterThan(0);
    await page.reload();
    await expect.poll(() => page.getByTestId('holidays-card').getByText('2026-10-01').count()).toBe(1);
    expect(await page.getByTestId('holidays-card').getByRole('button', { name: 'Save' }).isDisabled()).toBe(
      true,
    );
    await panel.getByLabel('Mains length Lm (km)').fill('12');
    await panel.getByLabel('Service connections Nc').fill('800');
    await panel.getByLabel('Average pressure P (m)').fill('40');
    await panel.getByRole('button', { name: 'Compute' }).click();
    // UARL = (18 x 12 + 0.8 x 800 + 0) x 40 = 34,240 litres/day; CARL from the district's leakage.
    await expect.poll(() => page.getByTestId('ili-uarl').innerText()).toBe('34,240');
    expect(figure(await page.getByTestId('ili-carl').innerText())).toBeGreaterThan(0);
    expect(await page.getByTestId('ili-value').innerText()).toMatch(/^\d[\d,]*\.\d{2}$/);
    await page.screenshot({ path: join(outputDir, 'cascade-detection-en.png'), fullPage: true });
  });

  it('shows the full-screen view to the signed-in user, and only a sign-in prompt to anyone else', async () => {
    await yesterdayMeasured(150_000);
    await page.goto(`${bed.url}/cascadeScreen`);
    await expect.poll(() => page.getByTestId('cascade-screen').count(), { timeout: 30_000 }).toBe(1);
    const supply = (await page.getByTestId('screen-supply').innerText()).match(/([\d,]+\.\d) m³/);
    expect(figure(supply?.[1] ?? '')).toBeGreaterThan(0);
    expect(await page.getByTestId('screen-partitions').innerText()).toContain('4');
    await page.screenshot({ path: join(outputDir, 'cascade-screen-en.png'), fullPage: true });

    const anonymous = await bed.browser.newContext({ locale: 'en-US' });
    const stranger = await anonymous.newPage();
    await stranger.goto(`${bed.url}/cascadeScreen`);
    await expect.poll(() => stranger.getByTestId('cascade-screen-signin').count()).toBe(1);
    expect(await stranger.getByTestId('cascade-screen').count()).toBe(0);
    expect(await stranger.locator('body').innerText()).not.toMatch(/m³/);
    await anonymous.close();
  });

  it('draws the partition map in its own chunk: boundaries coloured by leakage rate, tree and counts', async () => {
    await page.goto(`${bed.url}/cascade/gis`);
    await expect.poll(() => page.getByTestId('gis-partitions').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByTestId('gis-partitions').innerText()).toContain('4');
    await expect.poll(() => page.getByTestId('gis-map').locator('canvas').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('gis-legend').innerText()).toContain('up to 100%');
    await expect.poll(() => page.getByTestId('gis-basic-info').innerText()).toContain('Sub-meters');
    await page.screenshot({ path: join(outputDir, 'cascade-gis-en.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });

  it('opens the map and the analysis on the partition with the most data, then on the one last viewed, and says when it has no summary meter', async () => {
    // Newest in the list, without a summary meter: never the one to open on by default.
    const created = await apiCall(bed.url, headers, 'POST', '/cascade/partition', {
      name: 'E2E no meter yet',
      leaderName: 'Li Wei',
      leaderPhone: '13800000000',
      thresholds: { leakageRate: 0.3, mnf: 1, kl: 0.5 },
    });
    expect(created.code).toBe(200);
    const overview = (await apiCall(bed.url, headers, 'GET', '/cascade/gis/overview')).data as {
      partitionFigures: { name: string; supply: number | null }[];
    };
    const mostSupply = overview.partitionFigures.reduce((a, b) =>
      (b.supply ?? -1) > (a.supply ?? -1) ? b : a,
    );
    expect(mostSupply.supply).toBeGreaterThan(0);

    // A browser that remembers nothing: the map opens on the partition that measured the most this month.
    const fresh = await newPage();
    await signIn(fresh, 'demo_admin', 'Demo1234', '/cascade/gis');
    const gisPartition = fresh.getByTestId('gis-partition');
    await expect.poll(() => gisPartition.inputValue(), { timeout: 30_000 }).toBe(mostSupply.name);
    expect(await fresh.getByTestId('no-summary-meter').count()).toBe(0);

    // Viewing the new partition says why it has no figures, and the analysis then opens on it.
    await gisPartition.click();
    await fresh.getByRole('option', { name: 'E2E no meter yet' }).click();
    await expect
      .poll(() => fresh.getByTestId('no-summary-meter').innerText())
      .toContain('E2E no meter yet has no summary meter yet');
    await fresh.goto(`${bed.url}/cascade/analysis`);
    await expect
      .poll(() => fresh.getByTestId('analysis-partition').inputValue(), { timeout: 30_000 })
      .toBe('E2E no meter yet');
    await expect.poll(() => fresh.getByTestId('no-summary-meter').count()).toBe(1);

    // Chosen on the analysis, remembered for the map.
    await fresh.getByTestId('analysis-partition').click();
    await fresh.getByRole('option', { name: mostSupply.name }).click();
    await expect.poll(() => fresh.getByTestId('no-summary-meter').count()).toBe(0);
    await fresh.goto(`${bed.url}/cascade/gis`);
    await expect.poll(() => gisPartition.inputValue(), { timeout: 30_000 }).toBe(mostSupply.name);
    await fresh.context().close();
  });

  it('says what it does not know: no sub-meters (never a 100% leakage rate) and a day not yet complete', async () => {
    // A district measured at its inlet only (district 3's inlet): supply, but nothing to compare it with.
    const post = (url: string, method: string, body: object) => apiCall(bed.url, headers, method, url, body);
    const created = await post('/cascade/partition', 'POST', {
      name: 'E2E inlet only',
      leaderName: 'Li Wei',
      leaderPhone: '13800000000',
      thresholds: { leakageRate: 0.3, mnf: 1, kl: 0.5 },
    });
    const { partitionId } = created.data;
    await post('/cascade/point/summaryMeter', 'PUT', {
      pointId: created.data.pointId,
      meterNo: '9000000003',
    });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    const table = page.getByTestId('analysis-daily-table');
    const yesterday = table.locator('tbody tr').nth(1).locator('td');
    // Opened again until yesterday has its supply: just after midnight the inlet's next reading is due.
    const yesterdaySupply = async () => {
      await page.goto(`${bed.url}/cascade/analysis?partitionId=${partitionId}&from=${weekAgo}&to=${today}`);
      await table.locator('tbody tr').nth(6).waitFor({ timeout: 30_000 });
      return yesterday.nth(1).innerText();
    };
    await expect.poll(yesterdaySupply, { timeout: 150_000 }).toMatch(/^[\d,]+\.\d{3}$/);
    expect(await table.locator('tbody tr').count()).toBe(7);
    // Today is not over: its supply is not yet complete; the days before have a supply and no leakage.
    const todayRow = table.locator('tbody tr').first();
    expect(await todayRow.locator('[data-unknown="incomplete"]').count()).toBeGreaterThan(0);
    // Sales, leakage and rate: the reason, never a 100% rate.
    for (const cell of [2, 3, 4]) expect(await yesterday.nth(cell).innerText()).toBe('No sub-meters');
    expect(await page.getByTestId('balance-rate').innerText()).toContain('No sub-meters');
    // The reason is explained on hover.
    await todayRow.locator('[data-unknown="incomplete"]').first().hover();
    await expect
      .poll(() => page.getByText('The readings of this period have not all arrived yet.').count())
      .toBeGreaterThan(0);
    await page.screenshot({ path: join(outputDir, 'cascade-unknown-en.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });
});
