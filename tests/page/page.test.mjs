// Browser specification of the offline benchmark page (docs/index.html).
// tools/test-page.sh publishes a real capture into a scratch copy of docs/ and
// assets/ and passes its folder in TPOOL_PAGE_DIR; this test opens that copy
// from file:// in Debian's Chromium (never a downloaded browser) and checks
// the page against the published JSON.
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

const capture = JSON.parse(fs.readFileSync(path.join(pageDir, 'assets', 'benchmarks.json'), 'utf8'));
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

function format(value, digits) {
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
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

test('the page renders the published capture with no console errors', async () => {
  const { page, errors } = await openPage(pageUrl);
  assert.equal(await page.evaluate(() => window.TPOOL_PAGE.hasCapture), true);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the capture facts show the JSON timestamp, platform and Wine status', async () => {
  const { page } = await openPage(pageUrl);
  const facts = await page.locator('#capture-facts').innerText();
  assert.match(facts, new RegExp(capture.captured_utc.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  assert.match(facts, new RegExp('Platform\\s+' + capture.platform));
  const handoff = capture.environment.cache_line_handoff_ns;
  if (handoff && typeof handoff.start === 'number') {
    const shown = handoff.start.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    assert.match(facts, new RegExp('Cache-line hand-off\\s+' + shown.replace('.', '\\.') + ' ns before'));
  }
  const wineBanner = await page.locator('#wine-banner').count();
  assert.equal(wineBanner, capture.environment.wine_version ? 1 : 0);
  await page.close();
});

test('every reference scenario shows its JSON median tasks/s and min/median/max ms', async () => {
  const { page } = await openPage(pageUrl);
  const reference = capture.scenarios.filter((s) => s.suite === 'reference');
  assert.ok(reference.length > 0, 'a real capture has reference scenarios');
  const cells = await page.evaluate(() => {
    const out = {};
    document.querySelectorAll('table.scenario-table[data-kind] tbody tr').forEach((row) => {
      const id = row.cells[0].textContent;
      out[id] = {};
      row.querySelectorAll('[data-column]').forEach((cell) => {
        out[id][cell.dataset.column] = { value: cell.dataset.value, text: cell.textContent };
      });
    });
    return out;
  });
  for (const scenario of reference) {
    const row = cells[scenario.id];
    assert.ok(row, `row for ${scenario.id}`);
    for (const key of ['min', 'median', 'max']) {
      assert.equal(Number(row['ms.' + key].value), scenario.ms[key], `${scenario.id} ms.${key}`);
      assert.equal(row['ms.' + key].text, format(scenario.ms[key], 3), `${scenario.id} ms.${key} text`);
    }
    if (scenario.kind !== 'lifecycle') {
      assert.equal(Number(row['tasks_per_s.median'].value), scenario.tasks_per_s.median, `${scenario.id} tasks/s`);
      assert.equal(row['tasks_per_s.median'].text, format(scenario.tasks_per_s.median, 0));
    }
    for (const [peer, ratio] of Object.entries(scenario.ratios || {})) {
      if (typeof ratio === 'number') assert.equal(Number(row['ratios.' + peer].value), ratio, `${scenario.id} ratio to ${peer}`);
    }
  }
  await page.close();
});

test('each chart with data in the capture drew on its canvas; the others say why not', async () => {
  const { page } = await openPage(pageUrl);
  const state = await page.evaluate(() => {
    const result = {};
    for (const id of ['chart-throughput-i0', 'chart-throughput-i2048', 'chart-latency', 'chart-starvation']) {
      const canvas = document.getElementById(id);
      let inked = 0;
      if (canvas) {
        const { width, height } = canvas;
        const pixels = canvas.getContext('2d').getImageData(0, 0, width, height).data;
        for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) inked++;
      }
      result[id] = { instance: !!window.TPOOL_PAGE.charts[id], inked, empty: !!document.getElementById(id + '-empty') };
    }
    return result;
  });
  const hasThroughput = (iterations) => capture.scenarios.some((s) => s.kind === 'throughput' && s.iterations === iterations && s.producers === 1);
  const expectations = {
    'chart-throughput-i0': hasThroughput(0),
    'chart-throughput-i2048': hasThroughput(2048),
    'chart-latency': (capture.latency || []).length > 0,
    'chart-starvation': typeof capture.starvation?.longest_low_wait_ms === 'number' && typeof capture.starvation?.bound_ms === 'number'
  };
  assert.equal(expectations['chart-throughput-i0'], true, 'the reference suite always has 0-iteration throughput');
  for (const [id, expected] of Object.entries(expectations)) {
    if (expected) {
      assert.equal(state[id].instance, true, `${id} has a Chart instance`);
      assert.ok(state[id].inked > 500, `${id} canvas is not blank (${state[id].inked} inked pixels)`);
    } else {
      assert.equal(state[id].empty, true, `${id} explains that the capture has no data for it`);
    }
  }
  await page.close();
});

test('the observations table holds every CSV row and filters them', async () => {
  const { page } = await openPage(pageUrl);
  assert.equal(await page.locator('#table-observations tbody tr').count(), capture.observations.length);
  await page.fill('#observation-filter', 'lifecycle');
  const expected = capture.observations.filter((o) => o.kind === 'lifecycle').length;
  assert.equal(await page.locator('#table-observations tbody tr:not([hidden])').count(), expected);
  assert.equal(await page.locator('#observation-count').innerText(), `Showing ${expected} of ${capture.observations.length} rows.`);
  await page.close();
});

test('the observation table has the columns of native-runs.csv, in the order of its header', async () => {
  const header = fs.readFileSync(path.join(pageDir, 'assets', 'native-runs.csv'), 'utf8').split('\n')[0].trim().split(',');
  const { page } = await openPage(pageUrl);
  const shown = await page.evaluate(() => Array.from(document.querySelectorAll('#table-observations thead th')).map((th) => th.textContent.trim()));
  assert.deepEqual(shown.slice(0, header.length), header);
  await page.close();
});

test('every pool in the capture has a colour of its own in the charts', async () => {
  const { page } = await openPage(pageUrl);
  const colours = await page.evaluate(() => window.TPOOL_PAGE.poolColors);
  const pools = [...new Set(capture.scenarios.map((s) => s.pool))];
  assert.deepEqual(pools.filter((pool) => !colours[pool]), []);
  await page.close();
});

test('sorting the observations by ms puts the fastest repetition first', async () => {
  const { page } = await openPage(pageUrl);
  const msIndex = await page.evaluate(() => Array.from(document.querySelectorAll('#table-observations thead th')).findIndex((th) => th.textContent.trim() === 'ms'));
  assert.ok(msIndex >= 0);
  await page.locator('#table-observations thead th').nth(msIndex).locator('button').click();
  const first = await page.locator('#table-observations tbody tr').first().locator('td, th').nth(msIndex).getAttribute('data-value');
  assert.equal(Number(first), Math.min(...capture.observations.map((o) => o.ms)));
  await page.close();
});

test('the download links point at the published CSV and JSON', async () => {
  const { page } = await openPage(pageUrl);
  for (const id of ['#download-csv', '#download-json']) {
    const href = await page.locator(id).getAttribute('href');
    assert.ok(fs.existsSync(path.join(pageDir, 'docs', href)), `${href} exists next to the page`);
  }
  await page.close();
});

test('tables are accessible: captions and scoped header cells', async () => {
  const { page } = await openPage(pageUrl);
  const problems = await page.evaluate(() => Array.from(document.querySelectorAll('table')).filter((table) =>
    !table.querySelector('caption') || table.querySelectorAll('thead th:not([scope="col"])').length > 0).length);
  assert.equal(problems, 0);
  await page.close();
});

test('screenshots: laptop light, phone dark', async () => {
  fs.mkdirSync(shotsDir, { recursive: true });
  const laptop = await openPage(pageUrl, { viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  await laptop.page.screenshot({ path: path.join(shotsDir, 'page-laptop-light.png'), fullPage: true });
  await laptop.page.close();
  const phone = await openPage(pageUrl, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  await phone.page.screenshot({ path: path.join(shotsDir, 'page-phone-dark.png'), fullPage: false });
  assert.deepEqual(phone.errors, []);
  await phone.page.close();
  assert.ok(fs.statSync(path.join(shotsDir, 'page-laptop-light.png')).size > 10000);
});

test('without a published capture the page says so and shows no numbers', async () => {
  const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'tpool-page-bare-'));
  try {
    fs.cpSync(path.join(pageDir, 'docs'), path.join(bare, 'docs'), { recursive: true });
    fs.cpSync(path.join(pageDir, 'assets', 'vendor'), path.join(bare, 'assets', 'vendor'), { recursive: true });
    const { page } = await openPage(pathToFileURL(path.join(bare, 'docs', 'index.html')).href);
    assert.equal(await page.locator('#no-capture').isVisible(), true);
    assert.equal(await page.locator('#capture-content').isVisible(), false);
    assert.equal(await page.locator('#capture-content table').count(), 0);
    await page.close();
  } finally {
    fs.rmSync(bare, { recursive: true, force: true });
  }
});
