// Browser specification of the offline benchmark page (docs/index.html).
// tools/test-page.sh publishes real captures (bench --quick, one or more
// platforms) into a scratch copy of docs/ and assets/ and passes its folder in
// TPOOL_PAGE_DIR; this test opens that copy from file:// in Debian's Chromium
// (never a downloaded browser) and checks every tab against its own published
// JSON.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const pageDir = process.env.TPOOL_PAGE_DIR;
const shotsDir = process.env.TPOOL_PAGE_SHOTS || pageDir;
const browserPath = process.env.TPOOL_CHROMIUM || '/usr/bin/chromium';
if (!pageDir) throw new Error('TPOOL_PAGE_DIR must name the scratch copy (tools/test-page.sh sets it)');

// Where the publisher puts each platform (tools/publisher/PublishCapture.ps1).
const FOLDERS = { x64: '', 'linux-x64': 'linux-x64', Win32: 'Win32' };
const ALWAYS_SHOWN = ['x64', 'linux-x64'];
const captures = {};
for (const [platform, folder] of Object.entries(FOLDERS)) {
  const file = path.join(pageDir, 'assets', folder, 'benchmarks.json');
  if (fs.existsSync(file)) captures[platform] = JSON.parse(fs.readFileSync(file, 'utf8'));
}
const published = Object.keys(captures);
if (published.length === 0) throw new Error('tools/test-page.sh published no capture');
const pageUrl = pathToFileURL(path.join(pageDir, 'docs', 'index.html')).href;

let context;
let profileDir;

async function openPage(url, options = {}) {
  const page = await context.newPage();
  if (options.viewport) await page.setViewportSize(options.viewport);
  if (options.colorScheme) await page.emulateMedia({ colorScheme: options.colorScheme });
  const errors = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('requestfailed', (request) => errors.push('request failed: ' + request.url()));
  await page.goto(url);
  await page.waitForFunction(() => window.TPOOL_PAGE && window.TPOOL_PAGE.rendered === true);
  return { page, errors };
}

// Shows a platform's tab the way a reader does, and waits until its charts are drawn.
async function showTab(page, platform) {
  await page.locator(`#tab-${platform}`).click();
  await page.waitForFunction((p) => window.TPOOL_PAGE.active === p, platform);
  if (captures[platform]) await page.waitForFunction((p) => window.TPOOL_PAGE.drawn[p] === true, platform);
  return page.locator(`#panel-${platform}`);
}

function format(value, digits) {
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function escapeRegex(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function isPoolCell(s) {
  return s.pool === 'tpool' && s.suite === 'reference' && (s.kind === 'throughput' || s.kind === 'many_producers');
}

// The pools a capture names, tpool first, as the page orders them.
function poolsOf(capture) {
  const pools = [...(capture.methodology?.peers || [])];
  if (!pools.includes('tpool')) pools.unshift('tpool');
  for (const s of capture.scenarios) if (!pools.includes(s.pool)) pools.push(s.pool);
  return pools;
}

// Cells of a table by row header, each cell's data-value and text by data-column.
async function tableCells(page, selector) {
  return page.evaluate((sel) => {
    const out = {};
    const table = document.querySelector(sel);
    if (!table) return null;
    table.querySelectorAll('tbody tr').forEach((row) => {
      const id = row.cells[0].textContent;
      out[id] = { className: row.className };
      row.querySelectorAll('[data-column]').forEach((cell) => {
        out[id][cell.dataset.column] = { value: cell.dataset.value, text: cell.textContent };
      });
    });
    return out;
  }, selector);
}

async function chartState(page, canvasId) {
  return page.evaluate((id) => {
    const canvas = document.getElementById(id);
    let inked = 0;
    if (canvas) {
      const { width, height } = canvas;
      const pixels = canvas.getContext('2d').getImageData(0, 0, width, height).data;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) inked++;
    }
    const platform = id.split('-chart-')[0];
    const chart = (window.TPOOL_PAGE.charts[platform] || {})[id];
    return {
      instance: !!chart,
      inked,
      empty: !!document.getElementById(id + '-empty'),
      labels: chart ? chart.data.labels : null,
      datasets: chart ? chart.data.datasets.map((d) => ({ label: d.label, data: d.data })) : null
    };
  }, canvasId);
}

before(async () => {
  profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tpool-page-profile-'));
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: browserPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    viewport: { width: 1280, height: 900 },
    offline: true
  });
});

after(async () => {
  if (context) await context.close();
  if (profileDir) fs.rmSync(profileDir, { recursive: true, force: true });
});

test('every published capture renders on its tab with no console errors', async () => {
  const { page, errors } = await openPage(pageUrl);
  assert.equal(await page.evaluate(() => window.TPOOL_PAGE.hasCapture), true);
  for (const platform of published) await showTab(page, platform);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the page data holds each capture\'s sections exactly, without its raw rows and source list', async () => {
  const { page } = await openPage(pageUrl);
  for (const platform of published) {
    const capture = captures[platform];
    const view = await page.evaluate((p) => window.TPOOL_CAPTURES[p], platform);
    assert.equal(view.observations, undefined, `${platform}: no observations in benchmark-data.js`);
    assert.equal(Array.isArray(view.sources), false, `${platform}: no source list in benchmark-data.js`);
    assert.deepEqual(view.rows, {
      reference: capture.observations.filter((o) => o.suite === 'reference').length,
      total: capture.observations.length
    });
    for (const key of Object.keys(view).filter((k) => k !== 'rows' && k !== 'sources')) {
      assert.deepEqual(view[key], capture[key], `${platform}: ${key} as in benchmarks.json`);
    }
    assert.deepEqual(view.scenarios, capture.scenarios);
  }
  await page.close();
});

test('there is a tab per published capture and always one for the Wine and the native capture', async () => {
  const { page } = await openPage(pageUrl);
  const tabs = await page.evaluate(() => Array.from(document.querySelectorAll('#capture-tabs [role="tab"]')).map((t) => t.dataset.platform));
  const expected = ['x64', 'linux-x64', 'Win32'].filter((p) => ALWAYS_SHOWN.includes(p) || captures[p]);
  assert.deepEqual(tabs, expected);
  assert.equal(await page.locator('[role="tab"][aria-selected="true"]').count(), 1);
  assert.equal(await page.locator('.capture-panel:not([hidden])').count(), 1);
  await page.close();
});

test('a tab without a published capture says so and shows no numbers', async (t) => {
  const missing = ALWAYS_SHOWN.filter((p) => !captures[p]);
  if (missing.length === 0) { t.skip('both captures are published in this run; the bare-page test covers the empty case'); return; }
  const { page } = await openPage(pageUrl);
  for (const platform of missing) {
    const panel = await showTab(page, platform);
    assert.equal(await panel.locator('.empty-capture').isVisible(), true);
    assert.match(await panel.innerText(), /No .* capture has been published/);
    assert.equal(await panel.locator('table, canvas, dl').count(), 0);
    assert.doesNotMatch(await panel.innerText(), /\d[\d,.]*\s*(tasks\/s|ms|µs|×)/);
  }
  await page.close();
});

test('each tab shows only its own capture: timestamp, platform, Wine status and row count', async () => {
  const { page } = await openPage(pageUrl);
  for (const platform of published) {
    const capture = captures[platform];
    const panel = await showTab(page, platform);
    const facts = await panel.locator('.capture-facts').innerText();
    assert.match(facts, new RegExp(escapeRegex(capture.captured_utc)));
    assert.match(facts, new RegExp('Platform\\s+' + escapeRegex(capture.platform)));
    assert.equal(await panel.locator('.wine-banner').count(), capture.environment.wine_version ? 1 : 0);
    const reference = capture.observations.filter((o) => o.suite === 'reference').length;
    assert.match(facts, new RegExp(`Rows\\s+${reference} reference rows \\(expected ${capture.expected_rows.reference}\\), ${capture.observations.length} in total`));
    for (const other of published.filter((p) => p !== platform && captures[p].captured_utc !== capture.captured_utc)) {
      assert.doesNotMatch(facts, new RegExp(escapeRegex(captures[other].captured_utc)), `the ${platform} tab shows nothing of the ${other} capture`);
    }
  }
  await page.close();
});

test('the first table puts tpool beside the fastest other pool in every cell and marks where tpool is not the fastest', async () => {
  const { page } = await openPage(pageUrl);
  for (const platform of published) {
    const capture = captures[platform];
    await showTab(page, platform);
    const cells = capture.scenarios.filter(isPoolCell);
    assert.ok(cells.length > 0, 'a capture has throughput cells');
    const rows = await tableCells(page, `#${platform}-table-best-peer`);
    assert.ok(rows, `${platform} has the best-peer table`);
    assert.equal(Object.keys(rows).length, cells.length);
    let slower = 0;
    for (const cell of cells) {
      const row = rows[cell.id];
      assert.ok(row, `${platform} row for ${cell.id}`);
      assert.equal(Number(row.tpool.value), cell.tasks_per_s.median, `${cell.id} tpool tasks/s`);
      assert.ok(cell.best_peer, `${cell.id} has a best peer in a capture with other pools`);
      assert.equal(row.best_peer.value, cell.best_peer);
      const peer = capture.scenarios.find((s) => s.id === cell.id && s.pool === cell.best_peer);
      assert.equal(Number(row.best_peer_rate.value), peer.tasks_per_s.median, `${cell.id} ${cell.best_peer} tasks/s`);
      assert.equal(Number(row.ratio_to_best_peer.value), cell.ratio_to_best_peer);
      assert.equal(row.ratio_to_best_peer.text, format(cell.ratio_to_best_peer, 2) + '×');
      const notFastest = cell.ratio_to_best_peer < 1;
      if (notFastest) slower++;
      assert.equal(/\bnot-fastest\b/.test(row.className), notFastest, `${cell.id} marked iff tpool is slower`);
      assert.equal(row.verdict.text.includes('slower than ' + cell.best_peer), notFastest);
    }
    const summary = await page.locator(`#panel-${platform} .best-peer-summary`).innerText();
    assert.equal(summary, `tpool is not the fastest in ${slower} of ${cells.length} cells.`);
  }
  await page.close();
});

test('every reference scenario shows its JSON median tasks/s, min/median/max ms and a ratio to every other pool', async () => {
  const { page } = await openPage(pageUrl);
  for (const platform of published) {
    const capture = captures[platform];
    await showTab(page, platform);
    const cells = {};
    for (const kind of ['throughput', 'many_producers', 'serial_threads', 'lifecycle']) {
      Object.assign(cells, await tableCells(page, `#${platform}-table-reference-${kind}`) || {});
    }
    for (const scenario of capture.scenarios.filter((s) => s.suite === 'reference')) {
      const row = cells[scenario.id];
      assert.ok(row, `row for ${scenario.id}`);
      for (const key of ['min', 'median', 'max']) {
        assert.equal(Number(row['ms.' + key].value), scenario.ms[key], `${scenario.id} ms.${key}`);
        assert.equal(row['ms.' + key].text, format(scenario.ms[key], 3), `${scenario.id} ms.${key} text`);
      }
      if (scenario.kind !== 'lifecycle') assert.equal(Number(row['tasks_per_s.median'].value), scenario.tasks_per_s.median);
      for (const [peer, ratio] of Object.entries(scenario.ratios || {})) {
        assert.equal(Number(row['ratios.' + peer].value), ratio, `${scenario.id} ratio to ${peer}`);
      }
    }
  }
  await page.close();
});

test('the throughput charts put every pool side by side, with the capture\'s medians', async () => {
  const { page } = await openPage(pageUrl);
  for (const platform of published) {
    const capture = captures[platform];
    await showTab(page, platform);
    for (const iterations of [0, 2048]) {
      for (const mix of ['uniform', 'high90', 'low90']) {
        const chosen = capture.scenarios.filter((s) => s.kind === 'throughput' && s.producers === 1 && s.iterations === iterations && s.mix === mix);
        const state = await chartState(page, `${platform}-chart-throughput-i${iterations}-${mix}`);
        assert.equal(state.instance, true, `${platform} i${iterations} ${mix} chart`);
        assert.ok(state.inked > 500, `${platform} i${iterations} ${mix} chart is drawn (${state.inked} inked pixels)`);
        const pools = poolsOf(capture).filter((p) => chosen.some((s) => s.pool === p));
        assert.deepEqual(state.datasets.map((d) => d.label), pools);
        const workers = [...new Set(chosen.filter((s) => s.pool === 'tpool' && s.suite === 'reference').map((s) => s.workers))].sort((a, b) => a - b);
        for (const dataset of state.datasets) {
          workers.forEach((w, index) => {
            const s = chosen.find((x) => x.pool === dataset.label && x.workers === w);
            assert.equal(dataset.data[index], s ? s.tasks_per_s.median : null, `${dataset.label} at ${w} workers`);
          });
        }
      }
    }
    const producers = await chartState(page, `${platform}-chart-producers16`);
    assert.equal(producers.instance, true);
    assert.deepEqual(producers.datasets.map((d) => d.label), poolsOf(capture).filter((p) => capture.scenarios.some((s) => s.kind === 'many_producers' && s.pool === p)));
  }
  await page.close();
});

test('latency is a chart per load and priority with every pool, equal to the capture', async () => {
  const { page } = await openPage(pageUrl);
  for (const platform of published) {
    const capture = captures[platform];
    const entries = (capture.latency || []).filter((e) => typeof e.load_pct === 'number');
    const panel = await showTab(page, platform);
    if (entries.length === 0) {
      assert.match(await panel.locator('.section-latency').innerText(), /no latency measurement|earlier method/);
      continue;
    }
    const loads = [...new Set(entries.map((e) => e.load_pct))].sort((a, b) => a - b);
    assert.deepEqual(loads, capture.latency_method.loads_pct);
    for (const load of loads) {
      for (const priority of ['high', 'medium', 'low']) {
        const state = await chartState(page, `${platform}-chart-latency-${load}-${priority}`);
        const these = entries.filter((e) => e.load_pct === load && e.priority === priority);
        assert.equal(state.instance, true, `${platform} ${priority} at ${load}%`);
        assert.ok(state.inked > 500, `${platform} ${priority} at ${load}% is drawn`);
        assert.deepEqual(state.labels, poolsOf(capture).filter((p) => these.some((e) => e.pool === p)));
        assert.deepEqual(state.datasets.map((d) => d.label), ['p50', 'p90', 'p99', 'p99.9', 'max']);
        const keys = ['p50_us', 'p90_us', 'p99_us', 'p999_us', 'max_us'];
        state.labels.forEach((pool, index) => {
          const entry = these.find((e) => e.pool === pool);
          keys.forEach((key, k) => assert.equal(state.datasets[k].data[index], entry[key], `${pool} ${priority} ${load}% ${key}`));
        });
      }
    }
    assert.equal(await panel.locator('.latency-table tbody tr').count(), entries.length);
    // Every compared pool (all but thread_per_task) is in the latency measurement.
    const pools = poolsOf(capture).filter((p) => p !== 'thread_per_task' && p !== 'inline');
    assert.deepEqual([...new Set(entries.map((e) => e.pool))].sort(), pools.sort());
  }
  await page.close();
});

test('the other probes are tables of pool, measurement, value and unit, in words, never JSON key paths', async () => {
  const { page } = await openPage(pageUrl);
  for (const platform of published) {
    const capture = captures[platform];
    const panel = await showTab(page, platform);
    const table = panel.locator('.probe-table');
    assert.equal(await table.count(), 1, `${platform} has a probe table`);
    const headers = await table.locator('thead th').allInnerTexts();
    assert.deepEqual(headers.map((h) => h.trim()), ['Pool', 'Measurement', 'Value', 'Unit']);
    const measurements = await table.locator('tbody [data-column="metric"]').allInnerTexts();
    assert.ok(measurements.length > 0);
    for (const text of measurements) {
      assert.doesNotMatch(text, /[a-z]+_[a-z_]+|\[\d+\]|[a-z]\.[a-z]/, `'${text}' reads as words, not a key path`);
    }
    const flood = capture.extra?.high_start_behind_low_flood || [];
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => ({
      pool: tr.cells[0].textContent, metric: tr.cells[1].textContent, value: tr.cells[2].dataset.value, unit: tr.cells[3].textContent
    })));
    for (const f of flood) {
      const row = rows.find((r) => r.pool.startsWith(f.pool) && r.metric.includes('HIGH task') && r.metric.includes('median'));
      assert.ok(row, `HIGH-behind-LOW row for ${f.pool}`);
      assert.equal(Number(row.value), f.p50_us);
      assert.equal(row.unit, 'µs');
    }
    if (capture.starvation) {
      const row = rows.find((r) => r.metric.startsWith('Longest wait of a LOW task'));
      assert.equal(Number(row.value), capture.starvation.longest_low_wait_ms);
    }
    assert.doesNotMatch(await panel.innerText(), /high_start_behind_low_flood|\.iterations|\[0\]/);
  }
  await page.close();
});

test('the timer probe is a table of pool, measurement, value and unit with every figure of extra.timers', async () => {
  const { page } = await openPage(pageUrl);
  for (const platform of published) {
    const capture = captures[platform];
    const panel = await showTab(page, platform);
    const timers = capture.extra?.timers;
    const table = panel.locator('.timer-table');
    if (!timers) {
      assert.equal(await table.count(), 0);
      continue;
    }
    assert.equal(await table.count(), 1, `${platform} has a timer table`);
    const headers = await table.locator('thead th').allInnerTexts();
    assert.deepEqual(headers.map((h) => h.trim()), ['Pool', 'Measurement', 'Value', 'Unit']);
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => ({
      pool: tr.cells[0].textContent, metric: tr.cells[1].textContent, value: tr.cells[2].dataset.value, unit: tr.cells[3].textContent
    })));
    assert.equal(rows.length, timers.lateness.length * 3 + 2);
    for (const l of timers.lateness) {
      const armed = l.armed_timers.toLocaleString('en-US');
      const median = rows.find((r) => r.metric.includes(`${armed} timers armed`) && r.metric.endsWith('median'));
      const p99 = rows.find((r) => r.metric.includes(`${armed} timers armed`) && r.metric.endsWith('99th percentile'));
      assert.ok(median && p99, `lateness rows for ${armed} timers`);
      assert.equal(Number(median.value), l.p50_us);
      assert.equal(Number(p99.value), l.p99_us);
      assert.equal(median.unit, 'µs');
      assert.equal(median.pool, 'tpool');
    }
    const idle = rows.find((r) => r.metric.includes('idle armed timers'));
    assert.equal(Number(idle.value), timers.idle_cpu.cpu_ms);
    assert.equal(idle.unit, 'ms');
    for (const r of rows) assert.doesNotMatch(r.metric, /[a-z]+_[a-z_]+|\[\d+\]/, `'${r.metric}' reads as words`);
  }
  await page.close();
});

test('every pool in a capture has a colour of its own', async () => {
  const { page } = await openPage(pageUrl);
  const colours = await page.evaluate(() => window.TPOOL_PAGE.poolColors);
  for (const platform of published) {
    const pools = [...new Set(captures[platform].scenarios.map((s) => s.pool))];
    assert.deepEqual(pools.filter((pool) => !colours[pool]), []);
  }
  assert.equal(new Set(Object.values(colours)).size, Object.keys(colours).length, 'no two pools share a colour');
  await page.close();
});

test('the download links of a tab point at that platform\'s published CSV and JSON', async () => {
  const { page } = await openPage(pageUrl);
  for (const platform of published) {
    const panel = await showTab(page, platform);
    for (const selector of ['.download-csv', '.download-json']) {
      const href = await panel.locator(selector).getAttribute('href');
      const file = path.join(pageDir, 'docs', href);
      assert.ok(fs.existsSync(file), `${href} exists next to the page`);
      if (selector === '.download-json') assert.equal(JSON.parse(fs.readFileSync(file, 'utf8')).platform, platform);
    }
  }
  await page.close();
});

test('the address fragment selects a tab, so a tab can be linked', async () => {
  const platform = published[published.length - 1];
  const { page } = await openPage(pageUrl + '#' + platform);
  assert.equal(await page.evaluate(() => window.TPOOL_PAGE.active), platform);
  assert.equal(await page.locator(`#tab-${platform}`).getAttribute('aria-selected'), 'true');
  await page.close();
});

test('tables are accessible: captions and scoped header cells', async () => {
  const { page } = await openPage(pageUrl);
  const problems = await page.evaluate(() => Array.from(document.querySelectorAll('table')).filter((table) =>
    !table.querySelector('caption') || table.querySelectorAll('thead th:not([scope="col"])').length > 0).length);
  assert.equal(problems, 0);
  await page.close();
});

test('screenshots: laptop light, phone dark, every published tab', async () => {
  fs.mkdirSync(shotsDir, { recursive: true });
  const laptop = await openPage(pageUrl, { viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  for (const platform of published) {
    await showTab(laptop.page, platform);
    await laptop.page.screenshot({ path: path.join(shotsDir, `page-${platform}-laptop-light.png`), fullPage: true });
  }
  await laptop.page.close();
  const phone = await openPage(pageUrl, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  await showTab(phone.page, published[0]);
  await phone.page.screenshot({ path: path.join(shotsDir, 'page-phone-dark.png'), fullPage: false });
  assert.deepEqual(phone.errors, []);
  await phone.page.close();
  assert.ok(fs.statSync(path.join(shotsDir, `page-${published[0]}-laptop-light.png`)).size > 10000);
});

test('without any published capture the page says so and shows no numbers', async () => {
  const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'tpool-page-bare-'));
  try {
    fs.cpSync(path.join(pageDir, 'docs'), path.join(bare, 'docs'), { recursive: true });
    fs.cpSync(path.join(pageDir, 'assets', 'vendor'), path.join(bare, 'assets', 'vendor'), { recursive: true });
    const { page, errors } = await openPage(pathToFileURL(path.join(bare, 'docs', 'index.html')).href);
    assert.equal(await page.locator('#no-capture').isVisible(), true);
    assert.equal(await page.locator('#capture-tabs').isVisible(), false);
    assert.equal(await page.locator('table, canvas').count(), 0);
    // The only failed request is the missing data script itself (Chromium also
    // logs it, without the name, as a console error); nothing else went wrong.
    assert.deepEqual(errors.filter((e) => e.startsWith('request failed') && !e.endsWith('/benchmark-data.js')), []);
    assert.deepEqual(errors.filter((e) => !e.startsWith('request failed') && !e.startsWith('Failed to load resource')), []);
    await page.close();
  } finally {
    fs.rmSync(bare, { recursive: true, force: true });
  }
});
