// `npm run bench -- billing [--meters <n>]`: a month's bill run (30 days) over 100,000 postpaid accounts on a
// yearly ladder billed monthly, against one plain SQL statement summing the same daily volumes per account
// (the baseline). The accounts (customers read model rows) and their daily volumes (meter_daily rows, as the
// readings projection writes them) are loaded straight in with COPY; the price scheme is created by its
// command. The run is then timed as the job runs it (pages of accounts, their bills appended in batches, the
// bills read model applied in the same transactions), its peak memory sampled, and checked: every account
// billed once, the litres billed equal to the baseline's sums, and a second run issuing nothing.
import { priceSchemeDecider, tenantDecider } from '@hydrolog/domain';
import { tenantSettingsSchema, uuidv7 } from '@hydrolog/schemas';
import { runBills } from '../../apps/api/src/billing/run-bills.ts';
import { execute } from '../../apps/api/src/commands.ts';
import { benchEngines, perSecond, timed } from './engines.ts';
import type { BenchOptions } from './run.ts';
import { servicesOn } from './service.ts';

const TIME_ZONE = 'Asia/Shanghai';
/** September 2026: 30 local days, billed as the job would once it ended. */
const PERIOD_FROM = '2026-09-01';
const PERIOD_TO = '2026-10-01';
const DAYS = 30;
/** Accounts loaded per COPY: a chunk's rows are built in memory, the whole load's would not need to be. */
const CHUNK = 5000;
const SAMPLE_MS = 50;

/** Volume of account a on a day, m³: 40 to 520 litres, so that the year's ladder reaches its second step. */
const volume = (a: number, day: number) => ((a % 13) * 40 + 40 + ((a + day) % 3) * 10) / 1000;
const litres = (m3: number) => Math.round(m3 * 1000);

export async function billingBench({ quick, engine: only, meters: asked }: BenchOptions) {
  const accounts = asked ?? (quick ? 2000 : 100_000);

  for (const { engine, open } of benchEngines(only)) {
    const services = await servicesOn(await open());
    try {
      const tenantId = uuidv7();
      const metadata = { tenantId, userId: 'benchmark', correlationId: uuidv7() };
      const at = new Date().toISOString();
      await execute(
        services.store,
        tenantDecider,
        tenantId,
        [
          {
            type: 'CreateTenant',
            tenantId,
            name: 'Billing benchmark',
            kind: 'utility',
            trial: false,
            createdAt: at,
            settings: tenantSettingsSchema.parse({ timeZone: TIME_ZONE }),
          },
        ],
        { metadata },
      );
      const priceSchemeId = uuidv7();
      await execute(
        services.store,
        priceSchemeDecider,
        priceSchemeId,
        [
          {
            type: 'CreatePriceScheme',
            priceSchemeId,
            tenantId,
            createdAt: at,
            name: 'Yearly ladder',
            accumulationCycle: 12,
            billingCycle: 1,
            startTime: '2026-01-01',
            vatRate: 9,
            chargingModel: 'tiered',
            standingCharge: 2,
            steps: [
              { startVolume: 0, endVolume: 60, unitPrice: 2.07 },
              { startVolume: 60, endVolume: 120, unitPrice: 3.11 },
              { startVolume: 120, endVolume: -1, unitPrice: 5.19 },
            ],
          },
        ],
        { metadata },
      );

      const customerTypeId = uuidv7();
      const meterTypeId = uuidv7();
      const account = { businessMode: 'postpaid', billing: true, priceSchemeId };
      const holder = { name: 'Benchmark', phone: '13800000000' };
      let expectedLitres = 0;
      const loadMs = await timed(async () => {
        for (let first = 0; first < accounts; first += CHUNK) {
          const customerRows: unknown[][] = [];
          const dayRows: unknown[][] = [];
          for (let a = first; a < Math.min(accounts, first + CHUNK); a++) {
            const meterId = uuidv7();
            customerRows.push([
              uuidv7(),
              tenantId,
              `B${String(a).padStart(7, '0')}`,
              'Benchmark',
              '13800000000',
              '0',
              customerTypeId,
              meterId,
              String(700_000 + a),
              meterTypeId,
              holder,
              account,
              0,
              'active',
              '2026-01-01T00:00:00Z',
              0,
            ]);
            let total = 100 + (a % 50);
            for (let d = 0; d < DAYS; d++) {
              const v = volume(a, d);
              total = Math.round((total + v) * 1000) / 1000;
              expectedLitres += litres(v);
              const day = `2026-09-${String(d + 1).padStart(2, '0')}`;
              dayRows.push([tenantId, meterId, day, v, 0, v, true, 1, 24, null, total, 3.6, null]);
            }
          }
          await services.db.copyRows(
            'customers',
            [
              'customer_id',
              'tenant_id',
              'account_no',
              'name',
              'phone',
              'nature',
              'customer_type_id',
              'meter_id',
              'meter_no',
              'meter_type_id',
              'holder',
              'account',
              'balance',
              'status',
              'opened_at',
              'version',
            ],
            customerRows,
          );
          await services.db.copyRows(
            'meter_daily',
            [
              'tenant_id',
              'meter_id',
              'day',
              'volume',
              'reverse_volume',
              'measured_volume',
              'known',
              'coverage',
              'readings',
              'report_time',
              'total',
              'battery',
              'valve',
            ],
            dayRows,
          );
        }
        // What autovacuum does after a production load: statistics for the planner, and the visibility map.
        await services.db.query('VACUUM (ANALYZE) customers, meter_daily, bills');
        if (engine === 'postgres') await services.db.query('CHECKPOINT');
      });

      // The baseline: one plain statement summing the period's daily volumes per account.
      const baseline = () =>
        services.db.query<{ customer_id: string; litres: string }>(
          `SELECT c.customer_id, sum(floor(d.measured_volume * 1000 + 0.5))::bigint AS litres
           FROM customers c JOIN meter_daily d ON d.meter_id = c.meter_id AND d.day >= $1 AND d.day < $2
           WHERE c.tenant_id = $3 GROUP BY c.customer_id`,
          [PERIOD_FROM, PERIOD_TO, tenantId],
        );
      await baseline(); // once unmeasured: a warm plan and cache, as a running job has
      let baselineRows = 0;
      let baselineLitres = 0;
      const baselineMs = await timed(async () => {
        const { rows } = await baseline();
        baselineRows = rows.length;
        baselineLitres = rows.reduce((sum, r) => sum + Number(r.litres), 0);
      });

      const rssBefore = process.memoryUsage().rss;
      let peakRss = rssBefore;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }, SAMPLE_MS);
      const options = { today: '2026-10-15', day: PERIOD_FROM, timeZone: TIME_ZONE };
      let result: Awaited<ReturnType<typeof runBills>> | undefined;
      const runMs = await timed(async () => {
        result = await runBills(services, tenantId, options);
      });
      clearInterval(sampler);
      const run = result!;
      let rerun: Awaited<ReturnType<typeof runBills>> | undefined;
      // The hourly job reruns a billed period: every account is read again and passed over.
      const rerunMs = await timed(async () => {
        rerun = await runBills(services, tenantId, options);
      });

      const billed = await services.db.query<{ bills: number; litres: string }>(
        'SELECT count(*)::int AS bills, coalesce(sum(litres), 0)::text AS litres FROM bills WHERE tenant_id = $1',
        [tenantId],
      );
      const problems: string[] = [];
      if (run.issued !== accounts || billed.rows[0]!.bills !== accounts)
        problems.push(`${run.issued} bills issued for ${accounts} accounts`);
      if (Number(billed.rows[0]!.litres) !== expectedLitres || baselineLitres !== expectedLitres)
        problems.push(
          `litres billed ${billed.rows[0]!.litres}, baseline ${baselineLitres}, loaded ${expectedLitres}`,
        );
      if (rerun!.issued !== 0 || rerun!.alreadyBilled !== accounts)
        problems.push(`a second run issued ${rerun!.issued}`);
      if (problems.length > 0) {
        process.exitCode = 1;
        console.error(`billing: ${problems.join('; ')}`);
      }
      console.log(
        JSON.stringify({
          bench: 'billing',
          engine,
          accounts,
          bills_per_s: perSecond(run.issued, runMs),
          run_s: Math.round(runMs / 100) / 10,
          rerun_s: Math.round(rerunMs / 100) / 10,
          baseline_rows_per_s: perSecond(baselineRows, baselineMs),
          volume_rows: accounts * DAYS,
          peak_rss_growth_mb: Math.round((peakRss - rssBefore) / 1e6),
          bulk_load: 'COPY into customers, meter_daily',
          bulk_load_s: Math.round(loadMs / 100) / 10,
        }),
      );
    } finally {
      await services.close();
    }
  }
}
