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

// The pools a capture measured (a row or a comparison result), in the
// capture's order, as the page lists them.
function measuredPools(capture) {
  const order = [...(capture.methodology?.peers || [])];
  if (!order.includes('tpool')) order.unshift('tpool');
  const seen = [];
  for (const s of capture.scenarios) if (!seen.includes(s.pool)) seen.push(s.pool);
  for (const c of capture.comparison?.cells || []) for (const p of c.pools) if (!seen.includes(p.pool)) seen.push(p.pool);
  const listed = order.filter((p) => seen.includes(p));
  return listed.concat(seen.filter((p) => !listed.includes(p)));
}

// A scratch copy of the page whose data is the given captures (changed by a
// test), in the page's view (no raw rows); remove() deletes it.
function copyPage(views) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tpool-page-copy-'));
  fs.cpSync(path.join(pageDir, 'docs'), path.join(dir, 'docs'), { recursive: true });
  fs.cpSync(path.join(pageDir, 'assets', 'vendor'), path.join(dir, 'assets', 'vendor'), { recursive: true });
  let script = 'window.TPOOL_CAPTURES = {};\n';
  for (const [platform, capture] of Object.entries(views)) {
    const view = { ...capture };
    delete view.observations;
    delete view.sources;
    script += `window.TPOOL_CAPTURES[${JSON.stringify(platform)}] = ${JSON.stringify(view)};\n`;
  }
  fs.writeFileSync(path.join(dir, 'assets', 'benchmark-data.js'), script);
  return { url: pathToFileURL(path.join(dir, 'docs', 'index.html')).href, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

// Cells of a table by row header, each cell's data-value and text by data-column.
async function tableCells(page, selector) {
  return page.evaluate((sel) => {
    const out = {};
    const table = document.querySelector(sel);
    if (!table) return null;
    table.querySelectorAll('tbody tr').forEach((row) => {
      // Row headers name a pool, maybe with its note: keyed by the pool alone.
      const id = row.cells[0].textContent.replace(/ \(ignores priorities\)$/, '');
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
      datasets: chart ? chart.data.datasets.map((d) => ({ label: d.label, data: d.data, borderColor: d.borderColor, errorBars: d.errorBars || null })) : null
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
    // The verdicts and the machine's stability are what the first screen shows.
    for (const key of ['comparison', 'stability']) {
      if (capture[key] !== undefined) assert.deepEqual(view[key], capture[key], `${platform}: ${key} is in benchmark-data.js`);
    }
  }
  await page.close();
});

test('there is a tab per published capture, always one for the native and the Wine capture, and the native one is shown first', async () => {
  const { page } = await openPage(pageUrl);
  const tabs = await page.evaluate(() => Array.from(document.querySelectorAll('#capture-tabs [role="tab"]')).map((t) => t.dataset.platform));
  const expected = ['linux-x64', 'x64', 'Win32'].filter((p) => ALWAYS_SHOWN.includes(p) || captures[p]);
  assert.deepEqual(tabs, expected);
  assert.equal(await page.locator('[role="tab"][aria-selected="true"]').count(), 1);
  assert.equal(await page.locator('.capture-panel:not([hidden])').count(), 1);
  assert.equal(await page.evaluate(() => window.TPOOL_PAGE.active), captures['linux-x64'] ? 'linux-x64' : published[0]);
  for (const platform of published) {
    const wine = captures[platform].environment.under_wine === true || !!captures[platform].environment.wine_version;
    const label = await page.locator(`#tab-${platform}`).innerText();
    if (wine) assert.match(label, /Windows x64 build under Wine on Linux/);
  }
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

test('each tab starts with its machine in one line and the Wine tab says it is the Windows build under Wine', async () => {
  const { page } = await openPage(pageUrl);
  for (const platform of published) {
    const capture = captures[platform];
    const env = capture.environment;
    const panel = await showTab(page, platform);
    const line = await panel.locator('.machine-line').innerText();
    if (env.summary) assert.ok(line.includes(env.summary), `${platform}: the machine line is environment.summary`);
    const wine = env.under_wine === true || !!env.wine_version;
    assert.equal(await panel.locator('.wine-banner').count(), wine ? 1 : 0);
    if (wine) assert.match(await panel.locator('.wine-banner').innerText(), /Windows build running under Wine on Linux/);
    // The machine line and the matrix come before anything else of the tab.
    const order = await panel.evaluate((p) => Array.from(p.querySelectorAll('.machine-line, .verdict-matrix, .section-comparison, .section-reference'))
      .map((e) => e.className.split(' ')[0]));
    assert.deepEqual(order.slice(0, 2), ['machine-line', 'verdict-matrix']);
  }
  await page.close();
});

test('each tab shows only its own capture: timestamp, platform, row count, measured pools and skipped ones with their reason', async () => {
  const { page } = await openPage(pageUrl);
  for (const platform of published) {
    const capture = captures[platform];
    const panel = await showTab(page, platform);
    const facts = await panel.locator('.capture-facts').innerText();
    assert.match(facts, new RegExp(escapeRegex(capture.captured_utc)));
    assert.match(facts, new RegExp('Platform\\s+' + escapeRegex(capture.platform)));
    const reference = capture.observations.filter((o) => o.suite === 'reference').length;
    assert.match(facts, new RegExp(`Rows\\s+${reference} reference rows \\(expected ${capture.expected_rows.reference}\\), ${capture.observations.length} in total`));
    const measured = measuredPools(capture).filter((p) => p !== 'inline');
    const listed = facts.match(/Pools measured\s+(.*)/)[1].split(', ').map((p) => p.replace(/ \(.*\)$/, ''));
    assert.deepEqual(listed, measured, `${platform}: only measured pools are listed as measured`);
    for (const note of (capture.methodology.notes || []).filter((n) => /skip/i.test(n))) assert.ok(facts.includes(note), `${platform}: says '${note}'`);
    for (const other of published.filter((p) => p !== platform && captures[p].captured_utc !== capture.captured_utc)) {
      assert.doesNotMatch(facts, new RegExp(escapeRegex(captures[other].captured_utc)), `the ${platform} tab shows nothing of the ${other} capture`);
    }
  }
  await page.close();
});

// The matrix of one tab as the page shows it, cell by cell.
async function matrixOf(page, platform) {
  return page.evaluate((p) => Array.from(document.querySelectorAll(`#${p}-matrix td.matrix-cell`)).map((td) => ({
    id: td.dataset.id, workers: Number(td.dataset.workers), iterations: Number(td.dataset.iterations),
    fastest: td.dataset.fastest, bestOther: td.dataset.bestOther, ratio: td.dataset.ratio, low: td.dataset.low, high: td.dataset.high,
    verdict: td.dataset.verdict, flagged: td.dataset.flagged === 'true', text: td.innerText,
    phase: td.classList.contains('phase-changed')
  })), platform);
}

// What a matrix cell must show, from the JSON alone.
function expectedCell(cell) {
  const ranked = cell.pools.filter((p) => typeof p.median === 'number')
    .sort((a, b) => (cell.higher_is_better === false ? a.median - b.median : b.median - a.median));
  return {
    fastest: ranked[0].pool,
    bestOther: cell.best_other.pool,
    ratio: cell.best_other.ratio, low: cell.best_other.ci_low, high: cell.best_other.ci_high,
    flagged: cell.best_other.verdict === 'flagged',
    verdict: cell.best_other.verdict === 'flagged' ? undefined : cell.best_other.verdict
  };
}

const VERDICT_WORDS = /tpool faster|tpool slower|within noise/;

function checkMatrix(capture, shown, label) {
  const cells = capture.comparison.cells.filter((c) => c.kind === 'throughput');
  assert.equal(shown.length, cells.length, `${label}: one matrix cell per comparison throughput cell`);
  for (const cell of cells) {
    const td = shown.find((s) => s.id === cell.id);
    assert.ok(td, `${label}: ${cell.id} is in the matrix`);
    assert.equal(td.workers, cell.workers);
    assert.equal(td.iterations, cell.iterations);
    const want = expectedCell(cell);
    assert.equal(td.fastest, want.fastest, `${cell.id} fastest pool`);
    assert.equal(td.bestOther, want.bestOther, `${cell.id} best other pool`);
    assert.equal(Number(td.ratio), want.ratio, `${cell.id} ratio`);
    assert.equal(Number(td.low), want.low, `${cell.id} interval low`);
    assert.equal(Number(td.high), want.high, `${cell.id} interval high`);
    assert.equal(td.flagged, want.flagged, `${cell.id} flagged`);
    assert.equal(td.verdict, want.verdict, `${cell.id} verdict`);
    assert.ok(td.text.includes('fastest: ' + want.fastest), `${cell.id} names the fastest pool`);
    assert.ok(td.text.includes(sig3(want.ratio) + '×'), `${cell.id} shows the ratio (${sig3(want.ratio)}×): ${td.text}`);
    assert.ok(td.text.includes('95%: ' + sig3(want.low) + '–' + sig3(want.high) + '×'), `${cell.id} shows the interval: ${td.text}`);
    if (want.flagged) {
      assert.doesNotMatch(td.text, VERDICT_WORDS, `${cell.id} is flagged: no verdict (${td.text})`);
      const pair = cell.pools.filter((p) => (p.pool === 'tpool' || p.pool === want.bestOther) && p.flagged);
      assert.ok(pair.length > 0, `${cell.id}: bench flags the verdict only for a flagged pool`);
      for (const p of pair) assert.ok(td.text.includes(`${p.pool} ${sig2(p.rsd_pct)}%`), `${cell.id} shows ${p.pool}'s RSD: ${td.text}`);
    } else {
      assert.ok(td.text.includes({ faster: 'tpool faster', slower: 'tpool slower', 'within noise': 'within noise' }[want.verdict]), `${cell.id} shows its verdict`);
    }
  }
}

// formatSignificant as the page writes it: 3 (or 2) significant digits, grouped thousands.
function sigN(value, n) {
  const digits = value === 0 ? 0 : Math.max(0, n - 1 - Math.floor(Math.log10(Math.abs(value))));
  return format(value, digits);
}
const sig3 = (v) => sigN(v, 3);
const sig2 = (v) => sigN(v, 2);

test('the first screen is the verdict matrix: every cell\'s fastest pool, ratio, interval and verdict as in the JSON, no verdict where flagged', async () => {
  const { page } = await openPage(pageUrl, { viewport: { width: 1400, height: 1000 } });
  for (const platform of published) {
    const capture = captures[platform];
    const panel = await showTab(page, platform);
    const shown = await matrixOf(page, platform);
    const headers = await panel.locator('.verdict-matrix thead th').allInnerTexts();
    if (!capture.comparison) {
      assert.equal(await panel.locator('.legacy-matrix').count(), 1, `${platform}: a capture before schema 4 says it predates the comparison suite`);
      assert.equal(shown.filter((s) => s.verdict).length, 0, `${platform}: no verdict without an interval`);
      continue;
    }
    checkMatrix(capture, shown, platform);
    const cores = capture.environment.logical_cores;
    assert.ok(headers.some((h) => /= cores$/.test(h)), `${platform}: the column of ${cores} workers says "cores": ${headers}`);
    // The matrix is on the first screen at 1,400 px.
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await panel.locator('.verdict-matrix').boundingBox();
    assert.ok(box && box.y < 1000, `${platform}: the matrix starts on the first screen (at ${box && box.y}px)`);
  }
  await page.close();
});

// The two tests below need a capture with the comparison suite; tools/test-page.sh
// always publishes one, only TPOOL_PAGE_PUBLISHED=1 on older assets has none.
function schema4Platform(t) {
  const platform = published.find((p) => captures[p].comparison);
  if (!platform && process.env.TPOOL_PAGE_PUBLISHED === '1') t.skip('the published captures predate the comparison suite');
  else assert.ok(platform, 'test-page.sh publishes at least one schema-4 capture');
  return platform;
}

test('a flagged cell shows its RSD and no verdict (a cell made noisy in a copy of the data)', async (t) => {
  const platform = schema4Platform(t);
  if (!platform) return;
  const capture = structuredClone(captures[platform]);
  // The real capture's flagged cells are checked above; this one cannot pass by having none.
  const cell = capture.comparison.cells.find((c) => c.kind === 'throughput' && c.best_other);
  const tpool = cell.pools.find((p) => p.pool === 'tpool');
  tpool.flagged = true;
  tpool.rsd_pct = 12.345;
  cell.flagged = true;
  cell.best_other.verdict = 'flagged';
  const noisyCopy = copyPage({ [platform]: capture });
  try {
    const { page, errors } = await openPage(noisyCopy.url);
    await showTab(page, platform);
    const shown = await matrixOf(page, platform);
    const td = shown.find((s) => s.id === cell.id);
    assert.equal(td.flagged, true);
    assert.equal(td.verdict, undefined);
    assert.doesNotMatch(td.text, VERDICT_WORDS);
    assert.ok(td.text.includes('tpool 12%'), `the cell shows tpool's RSD: ${td.text}`);
    checkMatrix(capture, shown, platform + ' (copy)');
    assert.deepEqual(errors, []);
    await page.close();
  } finally {
    noisyCopy.remove();
  }
});

test('a capture whose hand-off moved more than 2x warns beside the cells measured during the change (a copy of the data)', async (t) => {
  const platform = schema4Platform(t);
  if (!platform) return;
  const capture = structuredClone(captures[platform]);
  const cells = capture.comparison.cells.filter((c) => c.kind === 'throughput').slice(0, 2).map((c) => c.id);
  capture.stability.moved_over_2x = true;
  capture.stability.max_over_min = 6.8;
  capture.stability.changes = [{ from: 'before the suites', to: 'after the suites', ratio: 6.8, cells }];
  const copy = copyPage({ [platform]: capture });
  try {
    const { page } = await openPage(copy.url);
    const panel = await showTab(page, platform);
    assert.equal(await panel.locator('.phase-warning').isVisible(), true);
    const shown = await matrixOf(page, platform);
    for (const s of shown) {
      assert.equal(s.phase, cells.includes(s.id), `${s.id} marked iff measured during the change`);
      assert.equal(/machine changed phase/.test(s.text), cells.includes(s.id));
    }
    await page.close();
  } finally {
    copy.remove();
  }
  // And the published capture warns exactly when it says so.
  const { page } = await openPage(pageUrl);
  for (const p of published.filter((x) => captures[x].stability)) {
    const panel = await showTab(page, p);
    assert.equal(await panel.locator('.phase-warning').count(), captures[p].stability.moved_over_2x || captures[p].stability.changes.length > 0 ? 1 : 0);
  }
  await page.close();
});

test('every note bench wrote on a cell is listed with its cell, and none is invented (a copy of the data)', async (t) => {
  const platform = schema4Platform(t);
  if (!platform) return;
  const capture = structuredClone(captures[platform]);
  const cell = capture.comparison.cells[0];
  const note = 'try 1 ran across a hand-off change (19.3 to 209.9 ns) and was measured again';
  cell.notes = [...(cell.notes || []), note];
  const copy = copyPage({ [platform]: capture });
  try {
    const { page } = await openPage(copy.url);
    const panel = await showTab(page, platform);
    const items = await panel.locator('.cell-notes li').allTextContents();
    assert.ok(items.includes(`${cell.id}: ${note}`), `listed: ${items}`);
    await page.close();
  } finally {
    copy.remove();
  }
  const { page } = await openPage(pageUrl);
  for (const p of published.filter((x) => captures[x].comparison)) {
    const panel = await showTab(page, p);
    const expected = captures[p].comparison.cells.flatMap((c) => (c.notes || []).map((n) => `${c.id}: ${n}`));
    assert.deepEqual(await panel.locator('.cell-notes li').allTextContents(), expected, p);
  }
  await page.close();
});

test('the other comparison cells are a table with ratio, interval and verdict, as in the JSON', async () => {
  const { page } = await openPage(pageUrl);
  for (const platform of published) {
    const capture = captures[platform];
    const panel = await showTab(page, platform);
    if (!capture.comparison) { assert.equal(await panel.locator('.legacy-comparison').count(), 1); continue; }
    const rows = await tableCells(page, `#${platform}-table-comparison`);
    const others = capture.comparison.cells.filter((c) => c.kind !== 'throughput');
    assert.equal(Object.keys(rows).length, others.length);
    for (const cell of others) {
      const row = rows[cell.id];
      assert.ok(row, `${platform}: row for ${cell.id}`);
      if (!cell.best_other) {
        // tpool alone (no other pool can run this kind here): no ratio and no verdict.
        assert.equal(row.ratio.text, 'n/a', `${cell.id}: no ratio without another pool`);
        assert.doesNotMatch(row.verdict.text, VERDICT_WORDS);
        continue;
      }
      const want = expectedCell(cell);
      assert.equal(row.fastest.text, want.fastest, `${cell.id} best pool`);
      assert.equal(row.best_other.text, want.bestOther);
      assert.equal(Number(row.ratio.value), want.ratio);
      assert.equal(row.interval.value, `${want.low} ${want.high}`);
      assert.equal(row.verdict.value, want.flagged ? 'flagged' : want.verdict, `${cell.id} verdict`);
      if (want.flagged) assert.doesNotMatch(row.verdict.text, VERDICT_WORDS, `${cell.id} flagged: no verdict`);
    }
    const ratios = await chartState(page, `${platform}-chart-ratios`);
    assert.equal(ratios.instance, true);
    assert.deepEqual(ratios.datasets[1].data, capture.comparison.cells.filter((c) => c.best_other).map((c) => c.best_other.ratio));
  }
  await page.close();
});

test('the glossary reads the scenario ids and gives the 2,048-iteration task time from the capture\'s inline rows', async () => {
  const { page } = await openPage(pageUrl);
  for (const platform of published) {
    const capture = captures[platform];
    const panel = await showTab(page, platform);
    const text = await panel.locator('.glossary').innerText();
    for (const id of ['cmp/w2/i2048', 'throughput/w4/i2048/high90', 'i2048', 'high90']) assert.ok(text.includes(id), `${platform}: glossary reads ${id}`);
    const inline = capture.scenarios.find((s) => s.pool === 'inline' && s.iterations === 2048);
    assert.ok(inline, `${platform} has the inline 2,048-iteration row`);
    assert.ok(text.includes(`about ${sig2(1e6 / inline.tasks_per_s.median)} µs on one thread`), `${platform}: task time from the inline row`);
  }
  await page.close();
});

test('the throughput charts: every matrix pool once, one colour per pool, medians with min-max bars, far-behind pools in the overview only', async () => {
  const { page } = await openPage(pageUrl);
  const colours = await page.evaluate(() => window.TPOOL_PAGE.poolColors);
  for (const platform of published.filter((p) => captures[p].comparison)) {
    const capture = captures[platform];
    await showTab(page, platform);
    for (const iterations of [0, 2048]) {
      const cells = capture.comparison.cells.filter((c) => c.kind === 'throughput' && c.iterations === iterations).sort((a, b) => a.workers - b.workers);
      const race = await chartState(page, `${platform}-chart-race-i${iterations}`);
      const overview = await chartState(page, `${platform}-chart-overview-i${iterations}`);
      assert.equal(overview.instance, true);
      assert.ok(overview.inked > 500, `${platform} i${iterations} overview is drawn`);
      const pools = [...new Set(cells.flatMap((c) => c.pools.map((p) => p.pool)))];
      assert.deepEqual([...overview.datasets.map((d) => d.label)].sort(), [...pools].sort());
      for (const d of overview.datasets) {
        assert.equal(d.borderColor, colours[d.label], `${d.label} has its own colour`);
        cells.forEach((c, i) => {
          const p = c.pools.find((x) => x.pool === d.label);
          assert.equal(d.data[i], p ? p.median : null, `${d.label} at ${c.workers} workers`);
          assert.deepEqual(d.errorBars[i], p ? { low: p.min, high: p.max } : null);
        });
      }
      if (race.instance) {
        for (const d of race.datasets) assert.ok(pools.includes(d.label));
        assert.ok(race.datasets.some((d) => d.label === 'tpool') || overview.datasets.some((d) => d.label === 'tpool'));
      }
    }
  }
  const values = Object.values(colours);
  assert.equal(new Set(values).size, values.length, 'no two pools share a colour');
  for (const platform of published) {
    const pools = [...new Set(captures[platform].scenarios.map((s) => s.pool))];
    assert.deepEqual(pools.filter((pool) => !colours[pool]), []);
  }
  await page.close();
});

test('latency versus load: per priority a p50 and a p99 curve per pool over the load in % of its own capacity, generator-behind points marked and said', async () => {
  const { page } = await openPage(pageUrl);
  for (const platform of published) {
    const capture = captures[platform];
    const panel = await showTab(page, platform);
    const entries = capture.latency || [];
    if (!capture.latency_method || !capture.latency_method.capacity_cell) {
      assert.ok(entries.length === 0 || await panel.locator('.legacy-latency').count() === 1);
      continue;
    }
    for (const priority of ['high', 'medium', 'low']) {
      const state = await chartState(page, `${platform}-chart-latency-${priority}`);
      assert.equal(state.instance, true, `${platform} ${priority} curves`);
      assert.ok(state.inked > 500, `${platform} ${priority} curves are drawn`);
      const these = entries.filter((e) => e.priority === priority);
      const pools = [...new Set(these.map((e) => e.pool))];
      assert.equal(state.datasets.length, pools.length * 2);
      for (const d of state.datasets) {
        const [pool, percentile] = d.label.split(' ');
        const key = percentile === 'p50' ? 'p50_us' : 'p99_us';
        const points = these.filter((e) => e.pool === pool).sort((a, b) => a.load_pct - b.load_pct);
        assert.deepEqual(d.data.map((p) => p.x), points.map((e) => e.load_pct), `${pool} ${percentile} loads`);
        assert.deepEqual(d.data.map((p) => p.y), points.map((e) => (e[key] > 0 ? e[key] : null)), `${pool} ${percentile} values`);
        assert.deepEqual(d.data.map((p) => p.behind), points.map((e) => !!e.generator_fell_behind), `${pool} ${percentile}: generator-behind points marked`);
      }
    }
    const behind = capture.latency_method.runs.filter((r) => r.generator_fell_behind).length;
    const note = await panel.locator('.latency-behind').innerText();
    if (behind > 0) assert.match(note, new RegExp(`fell behind its schedule at ${behind} of ${capture.latency_method.runs.length} points`));
    else assert.match(note, /kept to its schedule at every point/);
  }
  await page.close();
});

test('the probes are tables of pool x statistic with the unit in each header, equal to the capture', async () => {
  const { page } = await openPage(pageUrl);
  for (const platform of published) {
    const capture = captures[platform];
    const panel = await showTab(page, platform);
    const extra = capture.extra || {};
    if (capture.starvation) {
      const rows = await tableCells(page, `#${platform}-table-probe-starvation`);
      assert.equal(Number(rows[capture.starvation.pool].longest_low_wait_ms.value), capture.starvation.longest_low_wait_ms);
      assert.equal(rows[capture.starvation.pool].pass.text, capture.starvation.pass ? 'yes' : 'NO');
    }
    if (extra.idle_wake) {
      const rows = await tableCells(page, `#${platform}-table-probe-idle-wake`);
      for (const w of extra.idle_wake) {
        assert.equal(Number(rows[w.pool][`${w.submitter}_p50`].value), w.p50_us, `${w.pool} ${w.submitter} idle wake`);
        assert.equal(Number(rows[w.pool][`${w.submitter}_max`].value), w.max_us);
      }
    }
    if (extra.parallel_loop) {
      const rows = await tableCells(page, `#${platform}-table-probe-parallel-loop`);
      for (const l of extra.parallel_loop) assert.equal(Number(rows[l.pool][`${l.workload}_ms`].value), l.ms.median, `${l.pool} ${l.workload} loop`);
    }
    if (extra.timers) {
      const rows = await tableCells(page, `#${platform}-table-timers`);
      for (const l of extra.timers.lateness) {
        const row = rows[format(l.armed_timers, 0)];
        assert.ok(row, `timer row for ${l.armed_timers} timers`);
        assert.equal(Number(row.p50_us.value), l.p50_us);
        assert.equal(Number(row.p99_us.value), l.p99_us);
      }
    }
    // Every column but the pool names its unit or is a count; no JSON key paths.
    const headers = await panel.locator('.probe-table thead th, .timer-table thead th').allInnerTexts();
    assert.ok(headers.length > 0);
    for (const h of headers) assert.doesNotMatch(h, /[a-z]+_[a-z_]+/, `'${h}' reads as words`);
    assert.ok(headers.some((h) => /µs$/.test(h)) && headers.some((h) => /ms$/.test(h)), 'units in the headers');
  }
  await page.close();
});

test('numbers keep their significant digits: no 0.0% for a small fraction', async () => {
  const { page } = await openPage(pageUrl);
  for (const platform of published) {
    const panel = await showTab(page, platform);
    assert.doesNotMatch(await panel.innerText(), /(^|[^\d.,])0\.0+%/m, `${platform} prints no 0.0%`);
  }
  await page.close();
});

test('at 1,400 px and at 420 px the page body never scrolls sideways: wide tables scroll inside their own box', async () => {
  for (const width of [1400, 420]) {
    const { page, errors } = await openPage(pageUrl, { viewport: { width, height: 900 } });
    for (const platform of published) {
      await showTab(page, platform);
      const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      assert.ok(scroll <= client, `${platform} at ${width}px: the page is ${scroll}px wide in ${client}px`);
      if (width === 1400) {
        // At laptop width the matrix and the comparison tables fit without scrolling.
        const wide = await page.evaluate((p) => Array.from(document.querySelectorAll(`#panel-${p} .section-matrix .table-scroll, #panel-${p} .section-comparison > .table-scroll`))
          .filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => box.querySelector('table').id), platform);
        assert.deepEqual(wide, [], `${platform}: tables cut at 1,400 px`);
      }
    }
    assert.deepEqual(errors, []);
    await page.close();
  }
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

test('screenshots: every published tab at 1,400 px (light) and 420 px (dark), first screen and whole page', async () => {
  fs.mkdirSync(shotsDir, { recursive: true });
  for (const [width, scheme] of [[1400, 'light'], [420, 'dark']]) {
    const { page, errors } = await openPage(pageUrl, { viewport: { width, height: 1000 }, colorScheme: scheme });
    for (const platform of published) {
      await showTab(page, platform);
      await page.evaluate(() => window.scrollTo(0, 0));
      const first = path.join(shotsDir, `page-${platform}-${width}-first.png`);
      await page.screenshot({ path: first });
      await page.screenshot({ path: path.join(shotsDir, `page-${platform}-${width}-full.png`), fullPage: true });
      assert.ok(fs.statSync(first).size > 10000, `${first} has content`);
    }
    assert.deepEqual(errors, []);
    await page.close();
  }
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
