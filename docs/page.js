/* Renders the published captures (window.TPOOL_CAPTURES, from
 * ../assets/benchmark-data.js: one object per platform) into the page, one
 * tab per platform. A panel shows only its own capture; nothing is ever
 * computed across captures, and a missing capture or section says so
 * instead of showing anything made up. The CSV columns come from
 * csv-columns.js (window.TPOOL_CSV_COLUMNS, generated from bench's own
 * list), loaded before this script. window.TPOOL_PAGE exposes the tabs,
 * chart instances and pool colours for the browser test. */
(function () {
  'use strict';

  var CSV_COLUMNS = window.TPOOL_CSV_COLUMNS.map(function (column) { return column.name; });
  var TEXT_COLUMNS = {};
  window.TPOOL_CSV_COLUMNS.forEach(function (column) { if (column.text) TEXT_COLUMNS[column.name] = true; });

  // Tabs: the two captures tools/bench.sh publishes always have a tab (saying
  // so when nothing is published for it); any other published platform too.
  var PLATFORM_ORDER = ['x64', 'linux-x64', 'Win32'];
  var ALWAYS_SHOWN = ['x64', 'linux-x64'];
  var PLATFORM_LABELS = { x64: 'Windows x64', 'linux-x64': 'Linux x64, native', Win32: 'Windows x86 (32-bit)' };
  // Where Benchmark.ps1 publishes each platform's files (tools/publisher/PublishCapture.ps1).
  var CAPTURE_FOLDERS = { x64: '../assets/', 'linux-x64': '../assets/linux-x64/', Win32: '../assets/Win32/' };
  var PUBLISH_COMMANDS = {
    x64: 'tools/bench.sh --platform x64',
    'linux-x64': 'tools/bench.sh --platform linux-x64',
    Win32: 'pwsh tools/Benchmark.ps1 -Platform Win32 -Publish'
  };

  var KIND_ORDER = ['throughput', 'many_producers', 'serial_threads', 'lifecycle'];
  var KIND_TITLES = {
    throughput: 'Throughput: one producer, fixed workers',
    many_producers: 'Many producers: 16 producers, 8 workers',
    serial_threads: 'Native threads: one OS thread per task, created and joined serially',
    lifecycle: 'Pool lifecycle: create and shut down, no tasks'
  };
  var POOL_COLORS = {
    tpool: '#2f81f7', baseline: '#d1242f', naive: '#e16f24', asio: '#0a7ea4', moodycamel: '#c93c9d',
    win32_tp: '#8250df', tbb: '#1a7f37', thread_per_task: '#bf8700', inline: '#6e7781'
  };
  var EXTRA_COLORS = ['#57606a', '#953800', '#116329', '#5a32a3'];
  var PASS_COLOR = '#1a7f37';
  var FAIL_COLOR = '#d1242f';
  var MIXES = ['uniform', 'high90', 'low90'];
  var PRIORITIES = ['high', 'medium', 'low'];
  var PERCENTILES = [['p50_us', 'p50'], ['p90_us', 'p90'], ['p99_us', 'p99'], ['p999_us', 'p99.9'], ['max_us', 'max']];
  var PERCENTILE_COLORS = ['#8ecae6', '#219ebc', '#126782', '#fb8500', '#d1242f'];

  var page = {
    rendered: false, hasCapture: false, tabs: [], charts: {}, emptyCharts: {}, drawn: {},
    poolColors: POOL_COLORS, activate: null
  };
  window.TPOOL_PAGE = page;

  // ---- small helpers ------------------------------------------------------

  function byId(id) { return document.getElementById(id); }

  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    if (attributes) {
      Object.keys(attributes).forEach(function (name) {
        var value = attributes[name];
        if (value === null || value === undefined || value === false) return;
        if (name === 'text') node.textContent = value;
        else if (name === 'className') node.className = value;
        else node.setAttribute(name, value === true ? '' : String(value));
      });
    }
    (children || []).forEach(function (child) {
      if (child === null || child === undefined) return;
      node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    });
    return node;
  }

  function isNumber(value) { return typeof value === 'number' && isFinite(value); }

  function formatNumber(value, digits) {
    if (!isNumber(value)) return null;
    return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  }

  // Microseconds: two decimals below 10 us (sub-microsecond waits stay readable), one above.
  function microsecondDigits(value) { return Math.abs(value) < 10 ? 2 : 1; }

  function get(object, path) {
    return path.split('.').reduce(function (current, key) {
      return current === null || current === undefined ? undefined : current[key];
    }, object);
  }

  function unique(values) {
    return values.filter(function (value, index) { return values.indexOf(value) === index; });
  }

  // A cell spec: the text shown plus the raw value (kept in data-value for sorting and tests).
  function numberCell(value, digits, suffix) {
    var text = formatNumber(value, digits);
    if (text === null) return { text: 'n/a', className: 'na' };
    return { text: text + (suffix || ''), value: value };
  }

  function microsecondCell(value) {
    return isNumber(value) ? numberCell(value, microsecondDigits(value)) : numberCell(null);
  }

  function textCell(value) {
    if (value === null || value === undefined || value === '') return { text: 'n/a', className: 'na text' };
    return { text: String(value), value: String(value), className: 'text' };
  }

  // columns: [{ label, text?: bool, key?, cell(row) -> spec }]; the first column is the row header.
  function buildTable(caption, columns, rows, attributes, rowClass) {
    var headRow = el('tr', null, columns.map(function (column) {
      return el('th', { scope: 'col', className: column.text ? 'text' : null, title: column.title }, [column.label]);
    }));
    var body = el('tbody', null, rows.map(function (row) {
      return el('tr', { className: rowClass ? rowClass(row) : null }, columns.map(function (column, index) {
        var spec = column.cell(row);
        var cell = el(index === 0 ? 'th' : 'td', {
          scope: index === 0 ? 'row' : null,
          className: spec.className || (column.text ? 'text' : null),
          'data-value': spec.value === undefined ? null : String(spec.value),
          'data-column': column.key || null,
          title: spec.title
        }, [spec.text]);
        if (spec.mark) cell.appendChild(el('span', { className: 'rsd-warning', title: spec.markTitle }, [' \u26A0']));
        return cell;
      }));
    }));
    var table = el('table', attributes || null, [el('caption', { text: caption }), el('thead', null, [headRow]), body]);
    return el('div', { className: 'table-scroll' }, [table]);
  }

  function notice(text, className) {
    return el('p', { className: 'notice' + (className ? ' ' + className : ''), text: text });
  }

  function section(ctx, name, title, children) {
    return el('section', { className: 'panel-section section-' + name, id: ctx.prefix + name, 'aria-labelledby': ctx.prefix + name + '-title' },
      [el('h2', { id: ctx.prefix + name + '-title', text: title })].concat(children));
  }

  function poolColor(pool, index) {
    return POOL_COLORS[pool] || EXTRA_COLORS[index % EXTRA_COLORS.length];
  }

  // Pools in the order the capture lists them (tpool first), then any others it has rows for.
  function poolsOf(data) {
    var listed = Array.isArray(get(data, 'methodology.peers')) ? data.methodology.peers.slice() : [];
    if (listed.indexOf('tpool') < 0) listed.unshift('tpool');
    (data.scenarios || []).forEach(function (s) { if (listed.indexOf(s.pool) < 0) listed.push(s.pool); });
    return listed;
  }

  // 'ignores priorities' notes come from the capture itself (methodology.honours_priorities).
  function fifoNote(data, pool) {
    var order = get(data, 'methodology.honours_priorities');
    return order && order[pool] === false ? ' (ignores priorities)' : '';
  }

  function scenarioEntry(data, id, pool) {
    var found = null;
    (data.scenarios || []).forEach(function (s) {
      if (s.id === id && s.pool === pool && (!found || s.suite === 'reference')) found = s;
    });
    return found;
  }

  function isPoolScenario(s) { return s.kind === 'throughput' || s.kind === 'many_producers'; }

  // ---- capture, environment and banners -------------------------------------

  function renderCapture(ctx) {
    var data = ctx.data;
    var env = data.environment || {};
    var banners = el('div', { className: 'capture-banners' });
    if (env.wine_version) {
      banners.appendChild(el('p', { className: 'banner banner-warn wine-banner' }, [
        'Ran under Wine (' + env.wine_version + (env.host_os ? ' on ' + env.host_os : '') + '): a Windows build ' +
        'measured through Wine\u2019s emulation of the Windows API, not on Windows. Kernel objects are much ' +
        'slower there, which affects pools that use them; do not read these numbers as native Windows timings.'
      ]));
    }
    if (get(data, 'methodology.quick')) {
      banners.appendChild(el('p', { className: 'banner banner-warn quick-banner' }, [
        'Smoke run (bench --quick): tiny task counts and few repetitions. Every task was still validated, ' +
        'but the timings are too short to compare with a full run.'
      ]));
    }
    var warnings = (data.scenarios || []).filter(function (s) { return s.rsd_warning; }).length;
    if (warnings > 0) {
      banners.appendChild(el('p', { className: 'banner' }, [
        warnings + ' scenario' + (warnings === 1 ? '' : 's') + ' varied more than the ' +
        (get(data, 'methodology.rsd_warning_pct') || '?') + '% RSD threshold (marked \u26A0): treat their medians with care.'
      ]));
    }
    var observations = data.observations || [];
    var referenceRows = observations.filter(function (o) { return o.suite === 'reference'; }).length;
    var facts = [
      ['Captured (UTC)', data.captured_utc],
      ['Platform', data.platform],
      ['Schema version', data.schema_version],
      ['CPU', env.cpu_model],
      ['Cores', (isNumber(env.physical_cores) ? env.physical_cores + ' physical, ' : '') +
        (isNumber(env.logical_cores) ? env.logical_cores + ' logical' : '')],
      ['Operating system', env.os],
      ['Under Wine', env.wine_version ? env.wine_version + (env.host_os ? ' (host: ' + env.host_os + ')' : '') : 'no'],
      ['Compiler', env.compiler],
      ['Build', [env.build_type, env.cxx_standard ? 'C++ ' + env.cxx_standard : null].filter(Boolean).join(', ')],
      ['Clock', env.clock + (isNumber(env.clock_frequency) ? ' at ' + formatNumber(env.clock_frequency, 0) + ' ticks/s' : '')],
      ['Priorities', 'process ' + (env.process_priority || 'n/a') + ', main thread ' + (env.main_thread_priority || 'n/a')],
      ['Affinity', env.affinity || 'not pinned'],
      ['Power plan', env.power_plan || 'not recorded'],
      ['Stable mode', env.stable_mode ? 'yes' : 'no'],
      ['Cache-line hand-off', handoffText(env.cache_line_handoff_ns)],
      ['Pools measured', poolsOf(data).filter(function (pool) { return pool !== 'inline'; }).map(function (pool) { return pool + fifoNote(data, pool); }).join(', ')],
      ['Rows', referenceRows + ' reference rows (expected ' + (get(data, 'expected_rows.reference') || '?') + '), ' +
        observations.length + ' in total, every one validated']
    ];
    var list = el('dl', { className: 'facts capture-facts', id: ctx.prefix + 'capture-facts' });
    facts.forEach(function (fact) {
      list.appendChild(el('dt', { text: fact[0] }));
      list.appendChild(el('dd', { text: fact[1] === undefined || fact[1] === null || fact[1] === '' ? 'n/a' : String(fact[1]) }));
    });
    var folder = CAPTURE_FOLDERS[ctx.platform];
    var downloads = el('p', { className: 'downloads' }, folder ? [
      'Downloads: ',
      el('a', { className: 'download-csv', href: folder + 'native-runs.csv', download: true, text: 'native-runs.csv' }),
      ' (one row per measured repetition), ',
      el('a', { className: 'download-json', href: folder + 'benchmarks.json', download: true, text: 'benchmarks.json' }),
      ' (environment, summaries, observations).'
    ] : ['This platform has no download folder known to this page.']);
    return section(ctx, 'capture', 'This capture', [banners, list, downloads]);
  }

  // environment.cache_line_handoff_ns: measured before and after the scenarios.
  function handoffText(handoff) {
    if (!handoff || (!isNumber(handoff.start) && !isNumber(handoff.end))) return 'not recorded';
    var start = isNumber(handoff.start) ? formatNumber(handoff.start, 1) + ' ns' : 'n/a';
    var end = isNumber(handoff.end) ? formatNumber(handoff.end, 1) + ' ns' : 'n/a';
    return start + ' before the scenarios, ' + end + ' after (one transfer between two threads)';
  }

  // ---- the first table: tpool beside the best other pool ----------------------

  function renderBestPeer(ctx) {
    var data = ctx.data;
    var cells = (data.scenarios || []).filter(function (s) { return s.pool === 'tpool' && s.suite === 'reference' && isPoolScenario(s); });
    var intro = el('p', null, [
      'Every throughput cell of the reference suite: tpool\u2019s median tasks/s beside the fastest other pool ',
      'measured on the same scenario (same inputs, readiness, timing and per-task validation). The ratio is ',
      'tpool\u2019s median divided by that pool\u2019s; below 1.00\u00D7 tpool is not the fastest, and the row is marked.'
    ]);
    if (cells.length === 0) return section(ctx, 'best-peer', 'tpool beside the best other pool', [intro, notice('This capture has no throughput cells.')]);
    var hasField = cells.some(function (s) { return Object.prototype.hasOwnProperty.call(s, 'best_peer'); });
    if (!hasField) {
      return section(ctx, 'best-peer', 'tpool beside the best other pool', [intro,
        notice('This capture (schema version ' + data.schema_version + ') predates the best-peer fields; the ratio columns of the reference tables below hold its comparisons.')]);
    }
    var slower = cells.filter(function (s) { return isNumber(s.ratio_to_best_peer) && s.ratio_to_best_peer < 1; }).length;
    var compared = cells.filter(function (s) { return isNumber(s.ratio_to_best_peer); }).length;
    var summary = el('p', { className: 'best-peer-summary' }, [compared === 0
      ? 'No other pool was measured on these cells.'
      : 'tpool is not the fastest in ' + slower + ' of ' + compared + ' cells.']);
    var columns = [
      { key: 'id', label: 'Scenario', text: true, cell: function (s) { return textCell(s.id); } },
      { key: 'tpool', label: 'tpool tasks/s', cell: function (s) { return numberCell(get(s, 'tasks_per_s.median'), 0); } },
      { key: 'best_peer', label: 'Fastest other pool', text: true, cell: function (s) {
        if (!s.best_peer) return { text: 'none measured', className: 'na text' };
        return { text: s.best_peer + fifoNote(data, s.best_peer), value: s.best_peer, className: 'text' };
      } },
      { key: 'best_peer_rate', label: 'Its tasks/s', cell: function (s) {
        var peer = s.best_peer ? scenarioEntry(data, s.id, s.best_peer) : null;
        return numberCell(peer ? get(peer, 'tasks_per_s.median') : null, 0);
      } },
      { key: 'ratio_to_best_peer', label: 'tpool \u00F7 it', title: 'tpool median tasks/s divided by the fastest other pool\u2019s',
        cell: function (s) { return numberCell(s.ratio_to_best_peer, 2, '\u00D7'); } },
      { key: 'verdict', label: 'Verdict', text: true, cell: function (s) {
        if (!isNumber(s.ratio_to_best_peer)) return { text: 'no comparison', className: 'na text' };
        if (s.ratio_to_best_peer < 1) return { text: '\u25BC slower than ' + s.best_peer, value: 'slower', className: 'text verdict-slower' };
        return { text: 'tpool fastest', value: 'fastest', className: 'text verdict-fastest' };
      } }
    ];
    var table = buildTable('tpool and the fastest other pool, per cell (' + cells.length + ' cells)', columns, cells,
      { className: 'best-peer-table', id: ctx.prefix + 'table-best-peer' },
      function (s) { return isNumber(s.ratio_to_best_peer) && s.ratio_to_best_peer < 1 ? 'not-fastest' : null; });
    return section(ctx, 'best-peer', 'tpool beside the best other pool', [intro, summary, table]);
  }

  // ---- reference and extended tables ----------------------------------------

  function rsdCell(scenario) {
    var spec = numberCell(scenario.rsd_pct, 1, '%');
    if (scenario.rsd_warning) { spec.mark = true; spec.markTitle = 'RSD above the warning threshold'; }
    return spec;
  }

  function scenarioColumns(kind, peers) {
    var columns = [
      { key: 'id', label: 'Scenario', text: true, cell: function (s) { return textCell(s.id); } },
      { key: 'workers', label: 'Workers', cell: function (s) { return numberCell(s.workers, 0); } }
    ];
    if (kind === 'throughput' || kind === 'many_producers' || kind === 'serial_threads') {
      columns.push({ key: 'iterations', label: 'Iterations', cell: function (s) { return numberCell(s.iterations, 0); } });
    }
    if (kind === 'throughput' || kind === 'many_producers') {
      columns.push({ key: 'mix', label: 'Mix', text: true, cell: function (s) { return textCell(s.mix); } });
    }
    if (kind !== 'lifecycle') {
      columns.push({ key: 'tasks', label: 'Tasks', cell: function (s) { return numberCell(s.tasks, 0); } });
      columns.push({ key: 'tasks_per_s.median', label: 'Median tasks/s', cell: function (s) { return numberCell(get(s, 'tasks_per_s.median'), 0); } });
    }
    columns.push({ key: 'ms.min', label: 'Min ms', cell: function (s) { return numberCell(get(s, 'ms.min'), 3); } });
    columns.push({ key: 'ms.median', label: 'Median ms', cell: function (s) { return numberCell(get(s, 'ms.median'), 3); } });
    columns.push({ key: 'ms.max', label: 'Max ms', cell: function (s) { return numberCell(get(s, 'ms.max'), 3); } });
    columns.push({ key: 'rsd_pct', label: 'RSD', cell: rsdCell });
    peers.forEach(function (peer) {
      columns.push({
        key: 'ratios.' + peer, label: '\u00D7 ' + peer, title: 'tpool median tasks/s divided by ' + peer + '\u2019s',
        cell: function (s) { return numberCell(get(s, 'ratios.' + peer), 2, '\u00D7'); }
      });
    });
    if (kind === 'throughput' || kind === 'many_producers') {
      columns.push({ key: 'efficiency', label: 'Efficiency', title: 'throughput / (min(workers, cores) \u00D7 inline rate)',
        cell: function (s) { return numberCell(isNumber(s.efficiency) ? s.efficiency * 100 : null, 1, '%'); } });
    }
    return columns;
  }

  function peersOf(scenarios) {
    var peers = [];
    scenarios.forEach(function (s) {
      Object.keys(s.ratios || {}).forEach(function (peer) { if (peers.indexOf(peer) < 0) peers.push(peer); });
    });
    return peers;
  }

  function renderReference(ctx) {
    var reference = (ctx.data.scenarios || []).filter(function (s) { return s.suite === 'reference'; });
    var intro = el('p', null, [
      'Median of the measured repetitions per scenario. Ratios divide tpool\u2019s median tasks/s by the ',
      'other pool\u2019s on the same scenario (above 1: tpool is faster). Efficiency compares throughput with ',
      el('code', { text: 'min(workers, cores)' }), ' times the single-thread inline rate of the same workload. ',
      el('span', { className: 'warn-mark', 'aria-hidden': 'true', text: '\u26A0' }),
      ' marks a relative standard deviation above the capture\u2019s warning threshold.'
    ]);
    if (reference.length === 0) return section(ctx, 'reference', 'Reference suite', [intro, notice('This capture has no reference-suite scenarios.')]);
    var kinds = KIND_ORDER.concat(unique(reference.map(function (s) { return s.kind; })).filter(function (k) { return KIND_ORDER.indexOf(k) < 0; }));
    var tables = [];
    kinds.forEach(function (kind) {
      var rows = reference.filter(function (s) { return s.kind === kind; });
      if (rows.length === 0) return;
      tables.push(buildTable((KIND_TITLES[kind] || kind) + ' (' + rows.length + ' scenarios)', scenarioColumns(kind, peersOf(rows)), rows,
        { id: ctx.prefix + 'table-reference-' + kind, 'data-kind': kind, className: 'scenario-table reference-table' }));
    });
    return section(ctx, 'reference', 'Reference suite', [intro].concat(tables));
  }

  function renderExtended(ctx) {
    var rows = (ctx.data.scenarios || []).filter(function (s) { return s.suite !== 'reference'; });
    var intro = el('p', { text: 'The same workload and validation, run on the other pools and on more worker counts. ' +
      'Other pools may run fewer repetitions; see the repetitions column.' });
    if (rows.length === 0) return section(ctx, 'extended', 'Other pools and sweeps (extended suite)', [intro, notice('This capture has no extended-suite scenarios (no other pools or sweeps were run).')]);
    var columns = [
      { key: 'id', label: 'Scenario', text: true, cell: function (s) { return textCell(s.id); } },
      { key: 'pool', label: 'Pool', text: true, cell: function (s) { return textCell(s.pool); } },
      { key: 'workers', label: 'Workers', cell: function (s) { return numberCell(s.workers, 0); } },
      { key: 'producers', label: 'Producers', cell: function (s) { return numberCell(s.producers, 0); } },
      { key: 'iterations', label: 'Iterations', cell: function (s) { return numberCell(s.iterations, 0); } },
      { key: 'mix', label: 'Mix', text: true, cell: function (s) { return textCell(s.mix); } },
      { key: 'repetitions', label: 'Reps', cell: function (s) { return numberCell(s.repetitions, 0); } },
      { key: 'tasks_per_s.median', label: 'Median tasks/s', cell: function (s) { return numberCell(get(s, 'tasks_per_s.median'), 0); } },
      { key: 'ms.median', label: 'Median ms', cell: function (s) { return numberCell(get(s, 'ms.median'), 3); } },
      { key: 'rsd_pct', label: 'RSD', cell: rsdCell },
      { key: 'efficiency', label: 'Efficiency', cell: function (s) { return numberCell(isNumber(s.efficiency) ? s.efficiency * 100 : null, 1, '%'); } }
    ];
    return section(ctx, 'extended', 'Other pools and sweeps (extended suite)', [intro,
      buildTable('Extended suite (' + rows.length + ' scenarios)', columns, rows, { id: ctx.prefix + 'table-extended', className: 'scenario-table' })]);
  }

  // ---- charts (drawn when their tab is first shown) ----------------------------

  function chartFigure(ctx, name, caption, short) {
    var id = ctx.prefix + 'chart-' + name;
    ctx.chartIds.push(id);
    return el('figure', { className: 'chart', 'data-chart': name }, [
      el('figcaption', { text: caption }),
      el('div', { className: 'chart-box' + (short ? ' chart-box-short' : '') }, [el('canvas', { id: id, role: 'img', 'aria-label': caption })])
    ]);
  }

  function renderThroughputCharts(ctx) {
    var figures = [];
    [0, 2048].forEach(function (iterations) {
      MIXES.forEach(function (mix) {
        var name = 'throughput-i' + iterations + '-' + mix;
        figures.push(chartFigure(ctx, name, 'One producer, ' + (iterations === 0 ? 'minimal tasks' : '2,048-iteration tasks') + ', ' + mix + ' mix: median tasks/s per pool'));
        ctx.draw.push(function () { drawPoolBars(ctx, name, function (s) { return s.kind === 'throughput' && s.producers === 1 && s.iterations === iterations && s.mix === mix; }, 'workers'); });
      });
    });
    figures.push(chartFigure(ctx, 'producers16', '16 producers, 8 workers, 2,048-iteration tasks: median tasks/s per pool and mix'));
    ctx.draw.push(function () { drawPoolBars(ctx, 'producers16', function (s) { return s.kind === 'many_producers'; }, 'mix'); });
    var scaling = [];
    [0, 2048].forEach(function (iterations) {
      var name = 'scaling-i' + iterations;
      scaling.push(chartFigure(ctx, name, 'Every worker count measured, uniform mix, ' + (iterations === 0 ? 'minimal tasks' : '2,048-iteration tasks') + ': median tasks/s'));
      ctx.draw.push(function () { drawScalingChart(ctx, name, iterations); });
    });
    return section(ctx, 'throughput-charts', 'Throughput, every pool side by side', [
      el('p', { text: 'Each bar is one pool\u2019s median on one scenario of this capture. A logarithmic axis is used where pools differ by more than 20\u00D7.' }),
      el('div', { className: 'chart-grid' }, figures),
      el('div', { className: 'chart-grid' }, scaling)
    ]);
  }

  function markChartEmpty(ctx, name, message) {
    var id = ctx.prefix + 'chart-' + name;
    var canvas = byId(id);
    if (!canvas) return;
    var box = canvas.parentNode;
    box.replaceChild(el('p', { className: 'chart-empty', id: id + '-empty', text: message }), canvas);
    box.style.height = 'auto';
    page.emptyCharts[ctx.platform].push(id);
  }

  function valueAxis(values, title) {
    var positive = values.filter(function (v) { return isNumber(v) && v > 0; });
    var spread = positive.length ? Math.max.apply(null, positive) / Math.min.apply(null, positive) : 1;
    var logarithmic = positive.length === values.filter(isNumber).length && spread > 20;
    return { type: logarithmic ? 'logarithmic' : 'linear', beginAtZero: !logarithmic, title: { display: true, text: title + (logarithmic ? ' (log scale)' : '') } };
  }

  function newChart(ctx, name, config) {
    var id = ctx.prefix + 'chart-' + name;
    page.charts[ctx.platform][id] = new Chart(byId(id), config);
  }

  // Grouped bars: one group per worker count (or mix), one bar per pool.
  function drawPoolBars(ctx, name, filter, groupBy) {
    var data = ctx.data;
    var chosen = (data.scenarios || []).filter(function (s) { return filter(s) && isNumber(get(s, 'tasks_per_s.median')); });
    if (groupBy === 'workers') {
      // The worker counts of tpool's reference cells; sweep-only counts are in the scaling chart.
      var counts = unique(chosen.filter(function (s) { return s.pool === 'tpool' && s.suite === 'reference'; }).map(function (s) { return s.workers; }));
      if (counts.length) chosen = chosen.filter(function (s) { return counts.indexOf(s.workers) >= 0; });
    }
    if (chosen.length === 0) { markChartEmpty(ctx, name, 'This capture has no scenario for this chart.'); return; }
    var groups = unique(chosen.map(function (s) { return s[groupBy]; }));
    if (groupBy === 'workers') groups.sort(function (a, b) { return a - b; });
    else groups.sort(function (a, b) { return MIXES.indexOf(a) - MIXES.indexOf(b); });
    var pools = poolsOf(data).filter(function (pool) { return chosen.some(function (s) { return s.pool === pool; }); });
    var values = [];
    var datasets = pools.map(function (pool, index) {
      var color = poolColor(pool, index);
      return {
        label: pool, backgroundColor: color, borderColor: color,
        data: groups.map(function (group) {
          var match = chosen.filter(function (s) { return s.pool === pool && s[groupBy] === group; })
            .sort(function (a, b) { return (a.suite === 'reference' ? 0 : 1) - (b.suite === 'reference' ? 0 : 1); })[0];
          var value = match ? get(match, 'tasks_per_s.median') : null;
          values.push(value);
          return value;
        })
      };
    });
    newChart(ctx, name, {
      type: 'bar',
      data: { labels: groups.map(function (g) { return groupBy === 'workers' ? g + (g === 1 ? ' worker' : ' workers') : g; }), datasets: datasets },
      options: { scales: { y: valueAxis(values, 'median tasks/s') }, plugins: { legend: { position: 'bottom', labels: { boxWidth: 16 } } } }
    });
  }

  function drawScalingChart(ctx, name, iterations) {
    var data = ctx.data;
    var chosen = (data.scenarios || []).filter(function (s) {
      return s.kind === 'throughput' && s.producers === 1 && s.iterations === iterations && s.mix === 'uniform' && isNumber(get(s, 'tasks_per_s.median'));
    });
    if (chosen.length === 0) { markChartEmpty(ctx, name, 'This capture has no uniform-mix throughput scenario with ' + iterations + ' iterations.'); return; }
    var pools = poolsOf(data).filter(function (pool) { return chosen.some(function (s) { return s.pool === pool; }); });
    var values = [];
    var datasets = pools.map(function (pool, index) {
      var color = poolColor(pool, index);
      var points = {};
      chosen.forEach(function (s) { if (s.pool === pool && (!points[s.workers] || s.suite === 'reference')) points[s.workers] = s; });
      return {
        label: pool, borderColor: color, backgroundColor: color, pointRadius: 3, tension: 0, showLine: true,
        data: Object.keys(points).map(Number).sort(function (a, b) { return a - b; }).map(function (w) {
          var y = get(points[w], 'tasks_per_s.median');
          values.push(y);
          return { x: w, y: y };
        })
      };
    });
    newChart(ctx, name, {
      type: 'line',
      data: { datasets: datasets },
      options: {
        interaction: { mode: 'nearest', intersect: false },
        scales: { x: { type: 'linear', title: { display: true, text: 'workers' }, ticks: { precision: 0 } }, y: valueAxis(values, 'median tasks/s') },
        plugins: { legend: { position: 'bottom', labels: { boxWidth: 16 } } }
      }
    });
  }

  // ---- latency at a fixed offered load ------------------------------------------

  function latencyEntries(data) {
    return (data.latency || []).filter(function (e) { return isNumber(e.load_pct); });
  }

  function renderLatency(ctx) {
    var data = ctx.data;
    var entries = latencyEntries(data);
    var method = data.latency_method;
    var title = 'Latency at a fixed offered load';
    if (entries.length === 0) {
      var why = (data.latency || []).length > 0
        ? 'This capture\u2019s latency was measured by the earlier method (queue wait under one burst of tasks, schema version ' + data.schema_version + '), which measures queue depth; it is not shown.'
        : 'This capture has no latency measurement.';
      return section(ctx, 'latency', title, [notice(why)]);
    }
    var loads = unique(entries.map(function (e) { return e.load_pct; })).sort(function (a, b) { return a - b; });
    var children = [];
    if (method && typeof method === 'object') {
      children.push(el('p', { className: 'latency-method' }, [
        'Arrivals on a schedule (' + (method.arrivals || '?') + ', ' + formatNumber(method.tasks, 0) + ' tasks, ' +
        (method.mix || '?') + ' priority mix) at ' + loads.map(function (l) { return l + '%'; }).join(' and ') +
        ' of the slowest compared pool\u2019s measured capacity (' + (method.basis_pool || '?') + ', ' +
        (formatNumber(method.basis_tasks_per_s, 0) || '?') + ' tasks/s with ' + method.workers + ' workers and ' +
        method.iterations + '-iteration tasks). Every pool gets the same schedule on ' + method.workers +
        ' workers; each task\u2019s latency runs from its ' + (method.latency_from || 'scheduled arrival') + ' to its ' +
        (method.latency_to || 'start') + ', so time the producer was late is counted, not hidden.'
      ]));
    }
    var figures = [];
    loads.forEach(function (load) {
      PRIORITIES.forEach(function (priority) {
        var name = 'latency-' + load + '-' + priority;
        figures.push(chartFigure(ctx, name, priority.toUpperCase() + ' tasks at ' + load + '% load: latency percentiles per pool (\u00B5s)'));
        ctx.draw.push(function () { drawLatencyChart(ctx, name, load, priority); });
      });
    });
    children.push(el('div', { className: 'chart-grid chart-grid-three' }, figures));

    var columns = [
      { key: 'pool', label: 'Pool', text: true, cell: function (e) { return textCell(e.pool + fifoNote(data, e.pool)); } },
      { key: 'load_pct', label: 'Load', cell: function (e) { return numberCell(e.load_pct, 0, '%'); } },
      { key: 'offered_tasks_per_s', label: 'Offered tasks/s', cell: function (e) { return numberCell(e.offered_tasks_per_s, 0); } },
      { key: 'priority', label: 'Priority', text: true, cell: function (e) { return textCell(e.priority); } },
      { key: 'samples', label: 'Samples', cell: function (e) { return numberCell(e.samples, 0); } }
    ];
    PERCENTILES.forEach(function (p) {
      columns.push({ key: p[0], label: p[1] + ' \u00B5s', cell: function (e) { return microsecondCell(e[p[0]]); } });
    });
    children.push(buildTable('Latency from scheduled arrival to start, per pool, load and priority (microseconds)', columns, entries,
      { id: ctx.prefix + 'table-latency', className: 'latency-table' }));

    if (method && Array.isArray(method.capacity)) {
      children.push(buildTable('Capacity each pool was measured at (' + (method.capacity_scenario || 'one producer, as fast as it can') + ')', [
        { key: 'pool', label: 'Pool', text: true, cell: function (c) { return textCell(c.pool); } },
        { key: 'tasks_per_s', label: 'Capacity, tasks/s', cell: function (c) { return numberCell(c.tasks_per_s, 0); } },
        { key: 'runs', label: 'Runs (median)', cell: function (c) { return numberCell(c.runs, 0); } },
        { key: 'basis', label: 'Load basis', text: true, cell: function (c) { return textCell(c.pool === method.basis_pool ? 'slowest: the loads are fractions of this' : '\u2013'); } }
      ], method.capacity, { id: ctx.prefix + 'table-capacity', className: 'capacity-table' }));
    }
    if (method && Array.isArray(method.runs)) {
      children.push(buildTable('How closely the producer kept to the schedule (actual submit minus scheduled arrival)', [
        { key: 'pool', label: 'Pool', text: true, cell: function (r) { return textCell(r.pool); } },
        { key: 'load_pct', label: 'Load', cell: function (r) { return numberCell(r.load_pct, 0, '%'); } },
        { key: 'tasks', label: 'Tasks', cell: function (r) { return numberCell(r.tasks, 0); } },
        { key: 'submit_span_ms', label: 'Submitting took, ms', cell: function (r) { return numberCell(r.submit_span_ms, 1); } },
        { key: 'submit_lag_p50_us', label: 'Late by, p50 \u00B5s', cell: function (r) { return microsecondCell(r.submit_lag_p50_us); } },
        { key: 'submit_lag_p99_us', label: 'p99 \u00B5s', cell: function (r) { return microsecondCell(r.submit_lag_p99_us); } },
        { key: 'submit_lag_max_us', label: 'max \u00B5s', cell: function (r) { return microsecondCell(r.submit_lag_max_us); } }
      ], method.runs, { id: ctx.prefix + 'table-schedule', className: 'schedule-table' }));
    }
    return section(ctx, 'latency', title, children);
  }

  function drawLatencyChart(ctx, name, load, priority) {
    var data = ctx.data;
    var entries = latencyEntries(data).filter(function (e) { return e.load_pct === load && e.priority === priority; });
    if (entries.length === 0) { markChartEmpty(ctx, name, 'No ' + priority + ' tasks at ' + load + '% load in this capture.'); return; }
    var pools = poolsOf(data).filter(function (pool) { return entries.some(function (e) { return e.pool === pool; }); });
    var values = [];
    var datasets = PERCENTILES.map(function (p, index) {
      return {
        label: p[1], backgroundColor: PERCENTILE_COLORS[index], borderColor: PERCENTILE_COLORS[index],
        data: pools.map(function (pool) {
          var entry = entries.filter(function (e) { return e.pool === pool; })[0];
          var value = entry && isNumber(entry[p[0]]) ? entry[p[0]] : null;
          values.push(value);
          return value;
        })
      };
    });
    var positive = values.every(function (v) { return isNumber(v) && v > 0; });
    newChart(ctx, name, {
      type: 'bar',
      data: { labels: pools, datasets: datasets },
      options: {
        scales: { y: { type: positive ? 'logarithmic' : 'linear', title: { display: true, text: 'microseconds' + (positive ? ' (log scale)' : '') } } },
        plugins: { legend: { position: 'bottom', labels: { boxWidth: 16 } } }
      }
    });
  }

  // ---- starvation and the other probes, as designed tables ----------------------

  // [measurement, value, unit] rows per probe, in words; the JSON keys stay in the JSON.
  function probeRows(data) {
    var rows = [];
    function add(pool, metric, value, unit, kind) { rows.push({ pool: pool, metric: metric, value: value, unit: unit, kind: kind || 'number' }); }
    var s = data.starvation;
    if (s && typeof s === 'object') {
      var pool = s.pool || 'tpool';
      add(pool, 'Starvation bound configured', s.bound_ms, 'ms');
      add(pool, 'Longest wait of a LOW task under a stream of HIGH tasks', s.longest_low_wait_ms, 'ms');
      add(pool, 'Allowed: bound plus scheduling tolerance', isNumber(s.bound_ms) && isNumber(s.tolerance_ms) ? s.bound_ms + s.tolerance_ms : null, 'ms');
      add(pool, 'Starvation bound held', s.pass, '', 'verdict');
      add(pool, 'Each LOW task\u2019s wait', Array.isArray(s.low_waits_ms) ? s.low_waits_ms : null, 'ms', 'list');
      add(pool, 'HIGH tasks in the stream', s.high_tasks, 'tasks');
      add(pool, 'Length of the HIGH stream', s.stream_ms, 'ms');
      add(pool, 'Workers', s.workers, 'threads');
    }
    var extra = data.extra || {};
    (extra.high_start_behind_low_flood || []).forEach(function (f) {
      var label = 'Start of one HIGH task submitted behind ' +
        (isNumber(f.low_tasks_ahead) ? formatNumber(f.low_tasks_ahead, 0) + ' LOW tasks' : 'a flood of LOW tasks') +
        ' (' + (formatNumber(f.iterations, 0) || '?') + ' iterations each, ' + f.workers + ' workers)';
      add(f.pool + fifoNote(data, f.pool), label + ', median of ' + f.samples, f.p50_us, '\u00B5s');
      add(f.pool + fifoNote(data, f.pool), label + ', worst of ' + f.samples, f.max_us, '\u00B5s');
    });
    var c = extra.cancellation;
    if (c && typeof c === 'object') {
      add(c.pool, 'Cancel ' + (formatNumber(c.cancel_all_tasks, 0) || '?') + ' queued tasks with one cancel-all call', c.cancel_all_ms, 'ms');
      add(c.pool, 'Cancel-all, per task', c.cancel_all_ns_per_task, 'ns');
      add(c.pool, 'Cancel one task by its handle (' + (formatNumber(c.job_cancel_tasks, 0) || '?') + ' calls)', c.job_cancel_ns_per_call, 'ns per call');
    }
    var g = extra.growth;
    if (g && typeof g === 'object') {
      add(g.pool, 'Grow from ' + g.min_workers + ' to ' + g.max_workers + ' workers under ' + g.blocking_tasks + ' blocking tasks', g.grew ? g.growth_ms : 'did not grow within 10 s', 'ms', g.grew ? 'number' : 'text');
      add(g.pool, 'Reap back to ' + g.min_workers + ' worker after going idle (includes the idle timeout)', g.reaped ? g.reap_ms : 'not reaped within 10 s', 'ms', g.reaped ? 'number' : 'text');
      add(g.pool, 'Idle timeout configured', g.idle_timeout_ms, 'ms');
    }
    (extra.idle_wake || []).forEach(function (w) {
      var how = w.submitter === 'spinning' ? 'the submitting thread keeps running' : 'the submitting thread sleeps';
      add(w.pool, 'Start of one task submitted to an idle ' + w.workers + '-worker pool while ' + how + ', median of ' + w.samples, w.p50_us, '\u00B5s');
      add(w.pool, 'The same, worst of ' + w.samples, w.max_us, '\u00B5s');
    });
    (extra.parallel_loop || []).forEach(function (l) {
      var what = 'Parallel loop over ' + (formatNumber(l.indices, 0) || '?') + ' indices of ' +
        (l.iterations ? formatNumber(l.iterations, 0) + ' iterations each' : 'the minimal body') +
        (l.pool === 'inline' ? ', on one thread' : ', ' + l.workers + ' threads');
      add(l.pool, what + ', median of ' + l.repetitions, l.ms ? l.ms.median : null, 'ms');
      if (isNumber(l.efficiency)) add(l.pool, what + ': efficiency against inline', l.efficiency, 'of ideal');
      if (isNumber(l.ratio_to_tbb)) add(l.pool, what + ': speed against oneTBB\u2019s parallel loop', l.ratio_to_tbb, '\u00D7');
    });
    return rows;
  }

  // The timer probe (extra.timers): lateness per number of armed timers and
  // the CPU of idle armed timers, in words.
  function timerRows(data) {
    var rows = [];
    var t = (data.extra || {}).timers;
    if (!t || typeof t !== 'object') return rows;
    function add(metric, value, unit) { rows.push({ pool: t.pool || 'tpool', metric: metric, value: value, unit: unit, kind: 'number' }); }
    (Array.isArray(t.lateness) ? t.lateness : []).forEach(function (l) {
      var label = 'Start of a timer\u2019s job after its due time, ' + (formatNumber(l.armed_timers, 0) || '?') +
        ' timers armed, due over ' + (formatNumber(l.window_ms, 0) || '?') + ' ms' +
        (l.armed_before_first_due === false ? ' (not all armed before the first was due)' : '');
      add(label + ', median', l.p50_us, '\u00B5s');
      add(label + ', 99th percentile', l.p99_us, '\u00B5s');
      add(label + ', worst of ' + (formatNumber(l.samples, 0) || '?'), l.max_us, '\u00B5s');
    });
    var idle = t.idle_cpu;
    if (idle && typeof idle === 'object') {
      add('Process CPU over ' + (formatNumber(idle.interval_ms, 0) || '?') + ' ms with ' + (formatNumber(idle.armed_timers, 0) || '?') + ' idle armed timers', idle.cpu_ms, 'ms');
      add('The same pool over the same time before they were armed', idle.cpu_ms_without_timers, 'ms');
    }
    return rows;
  }

  function probeValueCell(row) {
    if (row.kind === 'verdict') {
      if (row.value === true) return { text: 'yes', value: 'true', className: 'pass' };
      if (row.value === false) return { text: 'NO', value: 'false', className: 'fail' };
      return textCell(null);
    }
    if (row.kind === 'list') {
      if (!Array.isArray(row.value)) return textCell(null);
      return { text: row.value.map(function (v) { return formatNumber(v, 1); }).join(', '), value: row.value.join(' ') };
    }
    if (row.kind === 'text') return textCell(row.value);
    if (!isNumber(row.value)) return numberCell(null);
    var digits = row.unit === '\u00B5s' ? microsecondDigits(row.value) : (Number.isInteger(row.value) ? 0 : (Math.abs(row.value) < 10 ? 2 : 1));
    return numberCell(row.value, digits);
  }

  function renderProbes(ctx) {
    var data = ctx.data;
    var rows = probeRows(data);
    var children = [chartFigure(ctx, 'starvation', 'Starvation: longest wait of a LOW task under a stream of HIGH tasks, against the configured bound', true)];
    ctx.draw.push(function () { drawStarvationChart(ctx); });
    if (rows.length === 0) {
      children.push(notice('This capture has no probe results (bench ran with --reference-only, --no-probes or --filter).'));
    } else {
      children.push(buildTable('Probe results: what was measured, on which pool', [
        { key: 'pool', label: 'Pool', text: true, cell: function (r) { return textCell(r.pool); } },
        { key: 'metric', label: 'Measurement', text: true, cell: function (r) { return textCell(r.metric); } },
        { key: 'value', label: 'Value', cell: probeValueCell },
        { key: 'unit', label: 'Unit', text: true, cell: function (r) { return r.unit ? textCell(r.unit) : { text: '', className: 'text' }; } }
      ], rows, { id: ctx.prefix + 'table-probes', className: 'probe-table' }));
    }
    var timers = timerRows(data);
    if (timers.length === 0) {
      children.push(notice('This capture has no timer measurements.'));
    } else {
      children.push(buildTable('Timers: how late a timer\u2019s job starts, and what idle armed timers cost', [
        { key: 'pool', label: 'Pool', text: true, cell: function (r) { return textCell(r.pool); } },
        { key: 'metric', label: 'Measurement', text: true, cell: function (r) { return textCell(r.metric); } },
        { key: 'value', label: 'Value', cell: probeValueCell },
        { key: 'unit', label: 'Unit', text: true, cell: function (r) { return r.unit ? textCell(r.unit) : { text: '', className: 'text' }; } }
      ], timers, { id: ctx.prefix + 'table-timers', className: 'timer-table' }));
    }
    return section(ctx, 'probes', 'Starvation and other probes', children);
  }

  function drawStarvationChart(ctx) {
    var s = ctx.data.starvation || {};
    var name = 'starvation';
    if (!isNumber(s.longest_low_wait_ms) || !isNumber(s.bound_ms)) { markChartEmpty(ctx, name, 'No starvation measurement in this capture.'); return; }
    var labels = ['longest LOW wait (' + (s.pass ? 'pass' : 'FAIL') + ')', 'configured bound'];
    var values = [s.longest_low_wait_ms, s.bound_ms];
    var colors = [s.pass ? PASS_COLOR : FAIL_COLOR, '#6e7781'];
    if (isNumber(s.tolerance_ms)) {
      // bench allows the bound plus a scheduling tolerance; show the line it judged against.
      labels.push('bound + tolerance');
      values.push(s.bound_ms + s.tolerance_ms);
      colors.push('#afb8c1');
    }
    newChart(ctx, name, {
      type: 'bar',
      data: { labels: labels, datasets: [{ label: 'ms', data: values, backgroundColor: colors }] },
      options: { indexAxis: 'y', scales: { x: { beginAtZero: true, title: { display: true, text: 'milliseconds' } } }, plugins: { legend: { display: false } } }
    });
  }

  // ---- observations -------------------------------------------------------

  function renderObservations(ctx) {
    var observations = ctx.data.observations || [];
    var columns = CSV_COLUMNS.slice();
    if (observations.length > 0) {
      Object.keys(observations[0]).forEach(function (key) { if (columns.indexOf(key) < 0) columns.push(key); });
    }
    var tableColumns = columns.map(function (column) {
      return {
        key: column, label: column, text: !!TEXT_COLUMNS[column],
        cell: function (row) { return TEXT_COLUMNS[column] ? textCell(row[column]) : { text: String(row[column]), value: row[column] }; }
      };
    });
    var wrapper = buildTable('Measured repetitions (' + observations.length + ' rows)', tableColumns, observations,
      { id: ctx.prefix + 'table-observations', className: 'observation-table' });
    wrapper.classList.add('table-scroll-tall');
    wrapper.setAttribute('tabindex', '0');
    wrapper.setAttribute('aria-label', 'Measured repetitions, scrollable');
    var table = wrapper.querySelector('table');
    var tbody = table.querySelector('tbody');
    var rows = Array.prototype.slice.call(tbody.rows);
    rows.forEach(function (row, index) {
      row.dataset.index = String(index);
      row.dataset.search = Array.prototype.map.call(row.cells, function (c) { return c.textContent; }).join(' ').toLowerCase();
    });
    var headers = Array.prototype.slice.call(table.querySelectorAll('thead th'));
    headers.forEach(function (th, columnIndex) {
      var label = th.textContent;
      th.textContent = '';
      th.classList.add('sortable');
      var button = el('button', { type: 'button', text: label });
      th.appendChild(button);
      button.addEventListener('click', function () {
        var ascending = th.getAttribute('aria-sort') !== 'ascending';
        headers.forEach(function (other) { other.removeAttribute('aria-sort'); });
        th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
        var numeric = !TEXT_COLUMNS[columns[columnIndex]];
        rows.sort(function (a, b) {
          var x = a.cells[columnIndex].getAttribute('data-value');
          var y = b.cells[columnIndex].getAttribute('data-value');
          var order = numeric ? Number(x) - Number(y) : String(x).localeCompare(String(y));
          if (order === 0) order = Number(a.dataset.index) - Number(b.dataset.index);
          return ascending ? order : -order;
        });
        rows.forEach(function (row) { tbody.appendChild(row); });
      });
    });
    var filter = el('input', { id: ctx.prefix + 'observation-filter', className: 'observation-filter', type: 'search', placeholder: 'e.g. w4 high90 tpool', autocomplete: 'off' });
    var count = el('p', { className: 'observation-count', id: ctx.prefix + 'observation-count', 'aria-live': 'polite' });
    function applyFilter() {
      var words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
      var shown = 0;
      rows.forEach(function (row) {
        var match = words.every(function (word) { return row.dataset.search.indexOf(word) >= 0; });
        row.hidden = !match;
        if (match) shown++;
      });
      count.textContent = 'Showing ' + shown + ' of ' + rows.length + ' rows.';
    }
    filter.addEventListener('input', applyFilter);
    applyFilter();
    return section(ctx, 'observations', 'Raw observations', [
      el('p', { text: 'Every measured repetition, exactly as in native-runs.csv. Click a column heading to sort; type to filter (all words must match).' }),
      el('label', { className: 'filter' }, ['Filter ', filter]),
      count,
      wrapper
    ]);
  }

  // ---- methodology and sources ----------------------------------------------

  function renderMethodology(ctx) {
    var data = ctx.data;
    var method = data.methodology || {};
    var list = el('dl', { className: 'facts methodology-facts' });
    var facts = [
      ['Warm-ups (discarded, validated)', method.warmups],
      ['Measured repetitions', method.repetitions],
      ['Other pools\u2019 warm-ups / repetitions', method.peer_warmups !== undefined ? method.peer_warmups + ' / ' + method.peer_repetitions : undefined],
      ['Input seed', method.seed],
      ['Shuffle', method.shuffle],
      ['Workload', method.workload],
      ['RSD warning above', isNumber(method.rsd_warning_pct) ? method.rsd_warning_pct + '%' : undefined],
      ['Pools measured', Array.isArray(method.peers) ? method.peers.join(', ') : undefined],
      ['Notes from bench', Array.isArray(method.notes) && method.notes.length ? method.notes.join('; ') : undefined]
    ];
    Object.keys(method.boundaries || {}).forEach(function (kind) { facts.push(['Timed boundary: ' + kind, method.boundaries[kind]]); });
    facts.forEach(function (fact) {
      if (fact[1] === undefined || fact[1] === null) return;
      list.appendChild(el('dt', { text: fact[0] }));
      list.appendChild(el('dd', { text: String(fact[1]) }));
    });
    var sources = data.sources || [];
    var sourceBody = sources.length === 0 ? el('p', { text: 'The capture lists no source files.' })
      : buildTable(sources.length + ' files, by path relative to the repository', [
        { label: 'Path', text: true, cell: function (s) { return textCell(s.path); } },
        { label: 'SHA-256', text: true, cell: function (s) { return s.sha256 ? { text: s.sha256, value: s.sha256, className: 'text' } : { text: 'missing at run time', className: 'na text' }; } }
      ], sources, { id: ctx.prefix + 'table-sources' });
    return section(ctx, 'methodology', 'How this was measured', [
      el('p', { text: 'Each scenario runs validated warm-ups that are discarded, then the measured repetitions, each on a fresh pool ' +
        'whose workers are all idle before the clock starts. Every task is checked after shutdown (accepted, executed, completed ' +
        'and succeeded exactly once, never cancelled, expected checksum); a repetition that fails any check produces no row, and ' +
        'the publisher refuses a capture with a missing or unvalidated row.' }),
      list,
      el('details', null, [el('summary', { text: 'Measured sources (SHA-256)' }), sourceBody])
    ]);
  }

  // ---- tabs and panels --------------------------------------------------------

  function tabLabel(platform, data) {
    var label = PLATFORM_LABELS[platform] || platform;
    if (data && get(data, 'environment.wine_version')) label += ', under Wine';
    return label;
  }

  function renderEmptyPanel(panel, platform) {
    panel.appendChild(el('section', { className: 'notice empty-capture' }, [
      el('h2', { text: 'No ' + (PLATFORM_LABELS[platform] || platform) + ' capture has been published' }),
      el('p', null, ['This tab shows only that platform\u2019s measured data, and none is present. Run ',
        el('code', { text: PUBLISH_COMMANDS[platform] || ('pwsh tools/Benchmark.ps1 -Platform ' + platform + ' -Publish') }),
        ' to measure and publish it.'])
    ]));
  }

  function renderPanel(panel, platform, data) {
    var ctx = { platform: platform, data: data, prefix: platform + '-', chartIds: [], draw: [] };
    page.charts[platform] = {};
    page.emptyCharts[platform] = [];
    [renderCapture, renderBestPeer, renderReference, renderThroughputCharts, renderLatency, renderProbes,
      renderExtended, renderObservations, renderMethodology].forEach(function (render) { panel.appendChild(render(ctx)); });
    return ctx;
  }

  function drawPanel(ctx) {
    if (page.drawn[ctx.platform]) return;
    if (typeof Chart === 'undefined') {
      ctx.chartIds.forEach(function (id) {
        var name = id.slice(ctx.prefix.length + 'chart-'.length);
        markChartEmpty(ctx, name, 'The chart library (assets/vendor/chartjs) did not load; the tables hold the same numbers.');
      });
    } else {
      var style = getComputedStyle(document.body);
      Chart.defaults.color = style.color;
      Chart.defaults.borderColor = style.getPropertyValue('--chart-grid').trim() || 'rgba(128,128,128,0.2)';
      Chart.defaults.font.family = style.fontFamily;
      Chart.defaults.animation = false;
      Chart.defaults.maintainAspectRatio = false;
      ctx.draw.forEach(function (draw) { draw(); });
    }
    page.drawn[ctx.platform] = true;
  }

  function render() {
    var captures = window.TPOOL_CAPTURES;
    if (!captures || typeof captures !== 'object') captures = {};
    var published = Object.keys(captures).filter(function (platform) {
      var data = captures[platform];
      return data && typeof data === 'object' && Array.isArray(data.observations);
    });
    if (published.length === 0) {
      byId('no-capture').hidden = false;
      page.rendered = true;
      return;
    }
    page.hasCapture = true;
    var platforms = PLATFORM_ORDER.filter(function (p) { return ALWAYS_SHOWN.indexOf(p) >= 0 || published.indexOf(p) >= 0; })
      .concat(published.filter(function (p) { return PLATFORM_ORDER.indexOf(p) < 0; }));
    var tabList = byId('capture-tabs');
    var holder = byId('capture-panels');
    var contexts = {};
    var buttons = {};
    var panels = {};
    platforms.forEach(function (platform) {
      var data = published.indexOf(platform) >= 0 ? captures[platform] : null;
      var button = el('button', {
        type: 'button', role: 'tab', id: 'tab-' + platform, 'aria-controls': 'panel-' + platform,
        'aria-selected': 'false', tabindex: '-1', className: 'tab' + (data ? '' : ' tab-empty'), 'data-platform': platform
      }, [tabLabel(platform, data) + (data ? '' : ' (none published)')]);
      var panel = el('div', { role: 'tabpanel', id: 'panel-' + platform, 'aria-labelledby': 'tab-' + platform, className: 'capture-panel', 'data-platform': platform, hidden: true });
      if (data) contexts[platform] = renderPanel(panel, platform, data);
      else renderEmptyPanel(panel, platform);
      button.addEventListener('click', function () { activate(platform, true); });
      button.addEventListener('keydown', function (event) {
        var index = platforms.indexOf(platform);
        if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
          var next = platforms[(index + (event.key === 'ArrowRight' ? 1 : platforms.length - 1)) % platforms.length];
          activate(next, true);
          buttons[next].focus();
          event.preventDefault();
        }
      });
      tabList.appendChild(button);
      holder.appendChild(panel);
      buttons[platform] = button;
      panels[platform] = panel;
      page.tabs.push({ platform: platform, published: !!data });
    });
    tabList.hidden = false;

    function activate(platform, updateHash) {
      platforms.forEach(function (other) {
        var selected = other === platform;
        buttons[other].setAttribute('aria-selected', selected ? 'true' : 'false');
        buttons[other].setAttribute('tabindex', selected ? '0' : '-1');
        panels[other].hidden = !selected;
      });
      if (contexts[platform]) {
        drawPanel(contexts[platform]);
        document.title = 'tpool benchmark results \u2013 ' + platform + ', ' + contexts[platform].data.captured_utc;
      } else {
        document.title = 'tpool benchmark results \u2013 ' + platform + ', none published';
      }
      page.active = platform;
      if (updateHash && window.history && window.history.replaceState) window.history.replaceState(null, '', '#' + platform);
    }
    page.activate = function (platform) { activate(platform, false); };
    var wanted = decodeURIComponent((window.location.hash || '').slice(1));
    activate(platforms.indexOf(wanted) >= 0 ? wanted : platforms.filter(function (p) { return published.indexOf(p) >= 0; })[0], false);
    page.rendered = true;
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', render);
  else render();
})();
