/**
 * `npm run bench`: measures the partner API on an embedded database (or DATABASE_URL) through the
 * real app — list paging, search and sort over many rows, CSV export throughput, CSV upload, and
 * sign-in and forgot-password (known and unknown e-mail). Prints medians and 95th percentiles; asserts nothing. With `--scale`, runs the scale
 * benchmark of bench/scale/run.ts instead (a generated operator with 2M transactions).
 */

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { count, sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrate, openDatabase } from '../src/db/client';
import { locations, notificationDeliveries, users } from '../src/db/schema';
import { emit } from '../src/domain-events';
import { sendDueNotifications } from '../src/modules/notifications/service/engine';
import { demoOrgId } from './support';

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PASSWORD = 'Bench-Passw0rd!';

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { median: at(0.5).toFixed(1), p95: at(0.95).toFixed(1) };
};

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lockerops-bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: PASSWORD,
  });
  config.authRateLimit = 1_000_000;
  const database = await openDatabase(config);
  await migrate(database);
  const { seed } = await import('../src/db/seed');
  await seed(database.db, { adminEmail: config.adminEmail, adminPassword: PASSWORD });
  const app = await buildApp({ config, database });
  await app.ready();
  const results: Array<Record<string, string | number>> = [];
  const time = async (name: string, fn: () => Promise<unknown>, runs = RUNS) => {
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await fn();
      ms.push(performance.now() - t0);
    }
    results.push({ operation: name, runs, ...stats(ms) });
  };

  try {
    const orgId = await demoOrgId(database.db);
    let t0 = performance.now();
    await database.db.execute(sql`
      insert into sizes (organization_id, name, description, width, depth, height, external_id)
      select ${orgId}::uuid, 'Size ' || g, 'bench row ' || g, (g % 40) + 1, (g % 30) + 1, (g % 20) + 1, 'EXT-' || g
      from generate_series(1, ${ROWS}) g`);
    results.push({
      operation: `insert ${ROWS} sizes (SQL)`,
      runs: 1,
      median: (performance.now() - t0).toFixed(1),
      p95: '-',
    });

    await time(
      'sign-in (argon2id verify)',
      () =>
        app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: config.adminEmail, password: PASSWORD },
        }),
      10,
    );
    // Account enumeration by timing (issue: forgot-password took 22 ms for a known account and
    // 5 ms for an unknown one): both should now answer in about the same time. Interleaved, with a
    // pause after each call so the known account's mail (sent after the answer) is not timed in
    // the next call.
    const forgot: Record<'known account' | 'unknown e-mail', number[]> = {
      'known account': [],
      'unknown e-mail': [],
    };
    for (let i = 0; i < 20; i++) {
      for (const [label, email] of [
        ['known account', config.adminEmail],
        ['unknown e-mail', 'nobody@demo-org.test'],
      ] as const) {
        const t1 = performance.now();
        await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
        forgot[label].push(performance.now() - t1);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    for (const [label, ms] of Object.entries(forgot)) {
      results.push({ operation: `forgot-password (${label})`, runs: ms.length, ...stats(ms) });
    }
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: config.adminEmail, password: PASSWORD },
    });
    const headers = { authorization: `Bearer ${signIn.json().id_token}` };

    await time('GET /api/sizes page 1 (25)', () => app.inject({ url: '/api/sizes?page=1&size=25', headers }));
    await time('GET /api/sizes page 1000 (25)', () =>
      app.inject({ url: '/api/sizes?page=1000&size=25', headers }),
    );
    await time('GET /api/sizes 1000 rows', () => app.inject({ url: '/api/sizes?page=1&size=1000', headers }));
    await time('GET /api/sizes search "ze 4999"', () =>
      app.inject({ url: '/api/sizes?search=ze%204999', headers }),
    );
    await time('GET /api/sizes sort width desc', () =>
      app.inject({ url: '/api/sizes?sort_by=width&order=desc', headers }),
    );

    t0 = performance.now();
    const exp = await app.inject({ url: '/api/sizes/export', headers });
    const exportMs = performance.now() - t0;
    results.push({
      operation: `export ${exp.headers['x-export-count']} rows (${(exp.rawPayload.length / 1e6).toFixed(1)} MB)`,
      runs: 1,
      median: exportMs.toFixed(1),
      p95: `${Math.round(Number(exp.headers['x-export-count']) / (exportMs / 1000))} rows/s`,
    });

    const csv = `name,width,depth,height\n${Array.from({ length: 500 }, (_, i) => `Upload ${i},1,2,3`).join('\n')}\n`;
    const boundary = '----bench';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    );
    await time(
      'POST /api/sizes/csv 500 rows',
      () =>
        app.inject({
          method: 'POST',
          url: '/api/sizes/csv',
          headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload,
        }),
      3,
    );

    // notifications: queueing in the emitting step, and the sender's throughput (outbox adapters)
    for (const [i, unit] of (['immediately', 'hour', 'day'] as const).entries()) {
      await app.inject({
        method: 'POST',
        url: '/api/notifications',
        headers,
        payload: {
          name: `Bench ${i}`,
          mode: 'storage',
          notification_type: 'on_start',
          time_unit: unit,
          time_amount: unit === 'immediately' ? 0 : 1,
          email: true,
          sms: true,
          message_email: 'Hi {{user_name}}, locker {{locker_number}} at {{location_name}} ({{invoice_id}})',
          message: 'Locker {{locker_number}}: {{amount}}',
        },
      });
    }
    const [user] = await database.db
      .insert(users)
      .values({
        organizationId: orgId,
        name: 'Bench',
        email: 'bench@bench.test',
        phoneNumber: '+14155550199',
      })
      .returning();
    await time('emit on_start → queue 6 messages (3 templates)', () =>
      database.db.transaction((tx) =>
        emit({
          tx,
          event: {
            organizationId: orgId,
            name: 'on_start',
            mode: 'storage',
            subject: { type: 'transaction', id: randomUUID() },
            payload: {
              id_user: user!.id,
              invoice_id: 'INV-1',
              locker_number: 7,
              amount: '4.50',
              currency: 'usd',
            },
          },
        }),
      ),
    );
    await database.db.execute(
      sql`update notification_deliveries set send_after = now() - interval '1 minute'`,
    );
    const [{ n: due }] = (await database.db.select({ n: count() }).from(notificationDeliveries)) as [
      { n: number },
    ];
    t0 = performance.now();
    for (;;) {
      const r = await sendDueNotifications({
        db: database.db,
        mail: app.ctx.mail,
        sms: app.ctx.sms,
        log: app.log,
        now: () => new Date(),
      });
      if (!r.sent && !r.retried) break;
    }
    const sendMs = performance.now() - t0;
    results.push({
      operation: `send ${due} due messages (outbox mail + SMS)`,
      runs: 1,
      median: sendMs.toFixed(1),
      p95: `${Math.round(due / (sendMs / 1000))} msg/s`,
    });

    // The kiosk's recipient search (README "Finding the recipient") among 20,000 users: a name
    // through the names' trigram indexes, a whole phone number (as typed with its country code, and
    // in the national format) through the stored digits' index and a whole e-mail through the
    // endpoint; beside them the statements a name and a number search ran before, which read every
    // user (row-level security keeps ILIKE off an index; the digits were computed for each user),
    // run as the request role for the organization.
    await database.db.execute(sql`
      insert into users (organization_id, name, last_name, email, phone_number)
      select ${orgId}::uuid, initcap(substr(md5(g::text), 1, 7)), initcap(substr(md5(g::text), 9, 8)),
        'kiosk' || g || '@bench.test', '+1312' || lpad(g::text, 7, '0')
      from generate_series(1, 20000) g`);
    await database.db.execute(sql`
      insert into users (organization_id, name, last_name, email, phone_number)
      values (${orgId}::uuid, 'Marguerite', 'Osei', 'marguerite@bench.test', '+13125550177')`);
    // the statistics autovacuum would gather on a table that grew (the planner's row estimates)
    await database.db.execute(sql`analyze users`);
    const [place] = await database.db
      .insert(locations)
      .values({ organizationId: orgId, name: 'Bench Kiosk Place' })
      .returning({ id: locations.id });
    const made = await app.inject({
      method: 'POST',
      url: '/api/kiosks/pairing',
      headers,
      payload: { id_location: place!.id, name: 'Bench screen' },
    });
    const paired = await app.inject({
      method: 'POST',
      url: '/api/kiosk/pair',
      payload: { code: made.json().code },
    });
    if (!paired.json().token) throw new Error(`pairing: ${made.body} ${paired.body}`);
    const screen = { 'x-kiosk-token': paired.json().token as string };
    const courier = await app.inject({
      method: 'POST',
      url: '/api/couriers',
      headers,
      payload: { name: 'Bench Courier' },
    });
    const session = await app.inject({
      method: 'POST',
      url: '/api/kiosk/courier/session',
      headers: screen,
      payload: { code: courier.json().code },
    });
    const courierHeaders = { ...screen, 'x-courier-session': session.json().session as string };
    const searchRuns = 20;
    for (const [label, q] of [
      ['a name, "Marguerite O"', 'Marguerite O'],
      ['a last name, "Osei"', 'Osei'],
      ['a whole phone number', '+1 312 555 0177'],
      ['a whole phone number, national format', '(312) 555-0177'],
      ['a whole e-mail', 'marguerite@bench.test'],
    ] as const) {
      // the screen's limits (60 searches in ten minutes) are the product's, not what is measured
      await database.db.execute(sql`delete from kiosk_attempts`);
      await time(
        `kiosk recipient search: ${label} (20,000 users)`,
        async () => {
          const r = await app.inject({
            url: `/api/kiosk/courier/recipients?q=${encodeURIComponent(q)}`,
            headers: courierHeaders,
          });
          if (r.statusCode !== 200 || r.json().items.length !== 1) throw new Error(`search ${q}: ${r.body}`);
        },
        searchRuns,
      );
    }
    await time(
      'SQL: the name search read every user (before; as the request role)',
      () =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('app.organization_id', ${orgId}, true)`);
          await tx.execute(sql.raw('set local role lockerops_app'));
          await tx.execute(sql`
            select id from users where organization_id = ${orgId} and active and not is_deleted
              and not widget_only and (phone_number is not null or email is not null)
              and (name ilike 'Marguerite O%' or last_name ilike 'Marguerite O%'
                or (name || ' ' || coalesce(last_name, '')) ilike 'Marguerite O%')
            order by name, last_name, id limit 6`);
        }),
      searchRuns,
    );
    await time(
      "SQL: the phone search compared every user's digits (before; as the request role)",
      () =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('app.organization_id', ${orgId}, true)`);
          await tx.execute(sql.raw('set local role lockerops_app'));
          await tx.execute(sql`
            select id from users where organization_id = ${orgId} and active and not is_deleted
              and not widget_only and (phone_number is not null or email is not null)
              and regexp_replace(phone_number, '\D', '', 'g') = '13125550177'
            order by name, last_name, id limit 6`);
        }),
      searchRuns,
    );
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nLockerops bench — ${database.kind}, ${ROWS} rows, times in ms\n`);
  console.table(results);
}

if (process.argv.includes('--scale') || process.env.npm_config_scale) {
  // `npm run bench -- --scale`: the scale benchmark (bench/scale/run.ts) instead.
  await import('./scale/run');
} else {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
