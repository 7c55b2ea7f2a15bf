/* Renders the published capture (window.TPOOL_BENCHMARK, from
 * ../assets/benchmark-data.js) into the page. Shows only what the capture
 * holds: a missing section says so instead of showing anything made up.
 * The CSV columns come from csv-columns.js (window.TPOOL_CSV_COLUMNS,
 * generated from bench's own list), loaded before this script.
 * window.TPOOL_PAGE exposes the chart instances and pool colours for the
 * browser test. */
(function () {
  'use strict';

  var CSV_COLUMNS = window.TPOOL_CSV_COLUMNS.map(function (column) { return column.name; });
  var TEXT_COLUMNS = {};
  window.TPOOL_CSV_COLUMNS.forEach(function (column) { if (column.text) TEXT_COLUMNS[column.name] = true; });
  var KIND_ORDER = ['throughput', 'many_producers', 'serial_threads', 'lifecycle'];
  var KIND_TITLES = {
    throughput: 'Throughput: one producer, fixed workers',
    many_producers: 'Many producers: 16 producers, 8 workers',
    serial_threads: 'Native threads: one OS thread per task, created and joined serially',
    lifecycle: 'Pool lifecycle: create and shut down, no tasks'
  };
  var POOL_COLORS = {
    tpool: '#2f81f7', baseline: '#d1242f', win32_tp: '#8250df', thread_per_task: '#bf8700',
    tbb: '#1a7f37', inline: '#6e7781'
  };
  var PASS_COLOR = '#1a7f37';
  var FAIL_COLOR = '#d1242f';
  var EXTRA_COLORS = ['#e16f24', '#0a7ea4', '#c93c9d', '#57606a'];
  var MIX_DASH = { uniform: [], high90: [6, 4], low90: [2, 3], none: [] };
  var PRIORITY_COLORS = { high: '#d1242f', medium: '#bf8700', low: '#2f81f7' };

  var page = { rendered: false, charts: {}, emptyCharts: [], poolColors: POOL_COLORS };
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

  // environment.cache_line_handoff_ns: measured before and after the
  // scenarios; older captures do not have it.
  function handoffText(handoff) {
    if (!handoff || (!isNumber(handoff.start) && !isNumber(handoff.end))) return 'not recorded';
    var start = isNumber(handoff.start) ? formatNumber(handoff.start, 1) + ' ns' : 'n/a';
    var end = isNumber(handoff.end) ? formatNumber(handoff.end, 1) + ' ns' : 'n/a';
    return start + ' before the scenarios, ' + end + ' after (one transfer between two threads)';
  }

  // A cell spec: the text shown plus the raw value (kept in data-value for sorting and tests).
  function numberCell(value, digits, suffix) {
    var text = formatNumber(value, digits);
    if (text === null) return { text: 'n/a', className: 'na' };
    return { text: text + (suffix || ''), value: value };
  }

  function textCell(value) {
    if (value === null || value === undefined || value === '') return { text: 'n/a', className: 'na text' };
    return { text: String(value), value: String(value), className: 'text' };
  }

  function get(object, path) {
    return path.split('.').reduce(function (current, key) {
      return current === null || current === undefined ? undefined : current[key];
    }, object);
  }

  // columns: [{ label, text?: bool, cell(row) -> spec }]; the first column is the row header.
  function buildTable(caption, columns, rows, attributes) {
    var headRow = el('tr', null, columns.map(function (column) {
      return el('th', { scope: 'col', className: column.text ? 'text' : null, title: column.title }, [column.label]);
    }));
    var body = el('tbody', null, rows.map(function (row) {
      return el('tr', null, columns.map(function (column, index) {
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

  function keyValueTable(caption, entries, id) {
    return buildTable(caption, [
      { label: 'What', text: true, cell: function (entry) { return textCell(entry[0]); } },
      { label: 'Value', text: true, cell: function (entry) { return entry[1]; } }
    ], entries, { id: id || null, className: 'kv' });
  }

  // Flattens nested objects/arrays into [path, value] pairs for display as they are.
  function flatten(value, prefix, out) {
    if (value !== null && typeof value === 'object') {
      var keys = Object.keys(value);
      if (keys.length === 0) out.push([prefix, '(empty)']);
      keys.forEach(function (key) {
        flatten(value[key], prefix ? prefix + (Array.isArray(value) ? '[' + key + ']' : '.' + key) : key, out);
      });
    } else {
      out.push([prefix, value]);
    }
    return out;
  }

  function valueCell(value) {
    if (value === true) return { text: 'yes', value: 'true', className: 'text' };
    if (value === false) return { text: 'no', value: 'false', className: 'text' };
    if (isNumber(value)) return { text: String(value), value: value, className: 'text' };
    return textCell(value);
  }

  // ---- capture, environment and banners -------------------------------------

  function renderCapture(data) {
    var env = data.environment || {};
    var banners = byId('capture-banners');
    if (env.wine_version) {
      banners.appendChild(el('p', { className: 'banner banner-warn', id: 'wine-banner' }, [
        'Ran under Wine (' + env.wine_version + (env.host_os ? ' on ' + env.host_os : '') + '): a Windows build ' +
        'measured through Wine\u2019s emulation of the Windows API, not on Windows. Kernel objects are much ' +
        'slower there, which affects peers that use them; do not read these numbers as native Windows timings.'
      ]));
    }
    if (get(data, 'methodology.quick')) {
      banners.appendChild(el('p', { className: 'banner banner-warn', id: 'quick-banner' }, [
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
      ['Rows', referenceRows + ' reference rows (expected ' + (get(data, 'expected_rows.reference') || '?') + '), ' +
        observations.length + ' in total, every one validated']
    ];
    var list = byId('capture-facts');
    facts.forEach(function (fact) {
      list.appendChild(el('dt', { text: fact[0] }));
      list.appendChild(el('dd', { text: fact[1] === undefined || fact[1] === null || fact[1] === '' ? 'n/a' : String(fact[1]) }));
    });
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

  function renderReference(data) {
    var holder = byId('reference-tables');
    var reference = (data.scenarios || []).filter(function (s) { return s.suite === 'reference'; });
    if (reference.length === 0) {
      holder.appendChild(el('p', { className: 'notice', text: 'This capture has no reference-suite scenarios.' }));
      return;
    }
    var kinds = KIND_ORDER.concat(reference.map(function (s) { return s.kind; })
      .filter(function (k, i, all) { return KIND_ORDER.indexOf(k) < 0 && all.indexOf(k) === i; }));
    kinds.forEach(function (kind) {
      var rows = reference.filter(function (s) { return s.kind === kind; });
      if (rows.length === 0) return;
      var title = KIND_TITLES[kind] || kind;
      holder.appendChild(buildTable(title + ' (' + rows.length + ' scenarios)', scenarioColumns(kind, peersOf(rows)), rows,
        { id: 'table-reference-' + kind, 'data-kind': kind, className: 'scenario-table' }));
    });
  }

  function renderExtended(data) {
    var holder = byId('extended-table');
    var rows = (data.scenarios || []).filter(function (s) { return s.suite !== 'reference'; });
    if (rows.length === 0) {
      holder.appendChild(el('p', { className: 'notice', text: 'This capture has no extended-suite scenarios (no peers or sweeps were run).' }));
      return;
    }
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
    holder.appendChild(buildTable('Extended suite (' + rows.length + ' scenarios)', columns, rows,
      { id: 'table-extended', className: 'scenario-table' }));
  }

  // ---- latency, starvation and extra probes -------------------------------

  var PERCENTILES = [['p50_us', 'p50'], ['p90_us', 'p90'], ['p99_us', 'p99'], ['p999_us', 'p99.9'], ['max_us', 'max']];

  function renderLatency(data) {
    var holder = byId('latency-table');
    var entries = data.latency || [];
    if (entries.length === 0) {
      holder.appendChild(el('p', { className: 'notice', text: 'This capture has no latency measurements.' }));
    } else {
      var columns = [
        { label: 'Pool', text: true, cell: function (e) { return textCell(e.pool); } },
        { label: 'Scenario', text: true, cell: function (e) { return textCell(e.scenario); } },
        { label: 'Priority', text: true, cell: function (e) { return textCell(e.priority); } },
        { label: 'Samples', cell: function (e) { return numberCell(e.samples, 0); } }
      ];
      PERCENTILES.forEach(function (p) {
        columns.push({ key: p[0], label: p[1] + ' \u00B5s', cell: function (e) { return numberCell(e[p[0]], 1); } });
      });
      holder.appendChild(buildTable('Queue-wait latency per priority (from submit to start, microseconds)', columns, entries,
        { id: 'table-latency' }));
    }

    var starvation = data.starvation;
    var starvationHolder = byId('starvation-table');
    if (!starvation || typeof starvation !== 'object' || Object.keys(starvation).length === 0) {
      starvationHolder.appendChild(el('p', { className: 'notice', text: 'This capture has no starvation measurement.' }));
    } else {
      var pairs = flatten(starvation, '', []).map(function (pair) {
        var spec = valueCell(pair[1]);
        if (pair[0] === 'pass') spec = pair[1] ? { text: 'PASS', value: 'true', className: 'pass text' } : { text: 'FAIL', value: 'false', className: 'fail text' };
        return [pair[0], spec];
      });
      starvationHolder.appendChild(keyValueTable('Starvation bound check', pairs, 'table-starvation'));
    }

    var extra = data.extra;
    var extraHolder = byId('extra-table');
    if (extra && typeof extra === 'object' && Object.keys(extra).length > 0) {
      var extraPairs = flatten(extra, '', []).map(function (pair) { return [pair[0], valueCell(pair[1])]; });
      extraHolder.appendChild(keyValueTable('Other probes: cancellation, growth and reaping, as recorded', extraPairs, 'table-extra'));
    }
  }

  // ---- observations -------------------------------------------------------

  function renderObservations(data) {
    var observations = data.observations || [];
    var holder = byId('observation-table');
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
      { id: 'table-observations' });
    wrapper.classList.add('table-scroll-tall');
    wrapper.setAttribute('tabindex', '0');
    wrapper.setAttribute('aria-label', 'Measured repetitions, scrollable');
    holder.appendChild(wrapper);
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

    var filter = byId('observation-filter');
    var count = byId('observation-count');
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
  }

  // ---- methodology and sources ----------------------------------------------

  function renderMethodology(data) {
    var method = data.methodology || {};
    var list = byId('methodology-facts');
    var facts = [
      ['Warm-ups (discarded, validated)', method.warmups],
      ['Measured repetitions', method.repetitions],
      ['Peer warm-ups / repetitions', method.peer_warmups !== undefined ? method.peer_warmups + ' / ' + method.peer_repetitions : undefined],
      ['Input seed', method.seed],
      ['Shuffle', method.shuffle],
      ['Workload', method.workload],
      ['RSD warning above', isNumber(method.rsd_warning_pct) ? method.rsd_warning_pct + '%' : undefined],
      ['Pools measured', Array.isArray(method.peers) ? method.peers.join(', ') : undefined],
      ['Notes from bench', Array.isArray(method.notes) && method.notes.length ? method.notes.join('; ') : undefined]
    ];
    Object.keys(method.boundaries || {}).forEach(function (kind) {
      facts.push(['Timed boundary: ' + kind, method.boundaries[kind]]);
    });
    facts.forEach(function (fact) {
      if (fact[1] === undefined || fact[1] === null) return;
      list.appendChild(el('dt', { text: fact[0] }));
      list.appendChild(el('dd', { text: String(fact[1]) }));
    });
    var sources = data.sources || [];
    var holder = byId('sources-table');
    if (sources.length === 0) {
      holder.appendChild(el('p', { text: 'The capture lists no source files.' }));
    } else {
      holder.appendChild(buildTable(sources.length + ' files, by path relative to the repository', [
        { label: 'Path', text: true, cell: function (s) { return textCell(s.path); } },
        { label: 'SHA-256', text: true, cell: function (s) { return s.sha256 ? { text: s.sha256, value: s.sha256, className: 'text' } : { text: 'missing at run time', className: 'na text' }; } }
      ], sources, { id: 'table-sources' }));
    }
  }

  // ---- charts ---------------------------------------------------------------

  function markChartEmpty(canvasId, message) {
    var canvas = byId(canvasId);
    var box = canvas.parentNode;
    box.replaceChild(el('p', { className: 'chart-empty', id: canvasId + '-empty', text: message }), canvas);
    box.style.height = 'auto';
    page.emptyCharts.push(canvasId);
  }

  function chartTheme() {
    var style = getComputedStyle(document.body);
    Chart.defaults.color = style.color;
    Chart.defaults.borderColor = style.getPropertyValue('--chart-grid').trim() || 'rgba(128,128,128,0.2)';
    Chart.defaults.font.family = style.fontFamily;
    Chart.defaults.animation = false;
    Chart.defaults.maintainAspectRatio = false;
  }

  function poolColor(pool, index) {
    return POOL_COLORS[pool] || EXTRA_COLORS[index % EXTRA_COLORS.length];
  }

  function drawThroughputChart(data, canvasId, iterations) {
    var scenarios = (data.scenarios || []).filter(function (s) {
      return s.kind === 'throughput' && s.iterations === iterations && s.producers === 1 &&
        isNumber(get(s, 'tasks_per_s.median'));
    });
    if (scenarios.length === 0) {
      markChartEmpty(canvasId, 'No throughput scenarios with ' + iterations + ' iterations in this capture.');
      return;
    }
    var groups = {};
    var order = [];
    scenarios.forEach(function (s) {
      var key = s.pool + ' \u00B7 ' + s.mix;
      if (!groups[key]) { groups[key] = { pool: s.pool, mix: s.mix, points: {} }; order.push(key); }
      // Reference and sweep scenarios can share a worker count: keep the reference suite's.
      var existing = groups[key].points[s.workers];
      if (!existing || s.suite === 'reference') groups[key].points[s.workers] = s;
    });
    var pools = order.map(function (k) { return groups[k].pool; }).filter(function (p, i, all) { return all.indexOf(p) === i; });
    var datasets = order.map(function (key) {
      var group = groups[key];
      var color = poolColor(group.pool, pools.indexOf(group.pool));
      var points = Object.keys(group.points).map(Number).sort(function (a, b) { return a - b; }).map(function (w) {
        return { x: w, y: get(group.points[w], 'tasks_per_s.median') };
      });
      return { label: key, data: points, borderColor: color, backgroundColor: color,
        borderDash: MIX_DASH[group.mix] || [], pointRadius: 3, tension: 0, showLine: true };
    });
    page.charts[canvasId] = new Chart(byId(canvasId), {
      type: 'line',
      data: { datasets: datasets },
      options: {
        parsing: true,
        interaction: { mode: 'nearest', intersect: false },
        scales: {
          x: { type: 'linear', title: { display: true, text: 'workers' }, ticks: { precision: 0 } },
          y: { type: 'linear', beginAtZero: true, title: { display: true, text: 'median tasks/s' } }
        },
        plugins: { legend: { position: 'bottom', labels: { boxWidth: 24 } } }
      }
    });
  }

  function drawLatencyChart(data) {
    var canvasId = 'chart-latency';
    var entries = data.latency || [];
    var own = entries.filter(function (e) { return e.pool === 'tpool'; });
    if (own.length === 0) own = entries;
    if (own.length === 0) { markChartEmpty(canvasId, 'No latency measurements in this capture.'); return; }
    var seen = {};
    var chosen = own.filter(function (e) {
      var key = e.pool + '|' + e.priority;
      if (seen[key]) return false;
      seen[key] = true;
      return true;
    });
    var positive = true;
    var datasets = chosen.map(function (e) {
      var values = PERCENTILES.map(function (p) { var v = e[p[0]]; if (!(v > 0)) positive = false; return isNumber(v) ? v : null; });
      var color = PRIORITY_COLORS[e.priority] || poolColor(e.pool, 0);
      return { label: e.pool + ' \u00B7 ' + e.priority + (e.scenario ? ' (' + e.scenario + ')' : ''), data: values,
        backgroundColor: color, borderColor: color };
    });
    page.charts[canvasId] = new Chart(byId(canvasId), {
      type: 'bar',
      data: { labels: PERCENTILES.map(function (p) { return p[1]; }), datasets: datasets },
      options: {
        scales: { y: { type: positive ? 'logarithmic' : 'linear', title: { display: true, text: 'microseconds' } } },
        plugins: { legend: { position: 'bottom' } }
      }
    });
  }

  function drawStarvationChart(data) {
    var canvasId = 'chart-starvation';
    var s = data.starvation || {};
    if (!isNumber(s.longest_low_wait_ms) || !isNumber(s.bound_ms)) {
      markChartEmpty(canvasId, 'No starvation measurement in this capture.');
      return;
    }
    var color = s.pass ? PASS_COLOR : FAIL_COLOR;
    var labels = ['longest LOW wait (' + (s.pass ? 'pass' : 'FAIL') + ')', 'configured bound'];
    var values = [s.longest_low_wait_ms, s.bound_ms];
    var colors = [color, '#6e7781'];
    if (isNumber(s.tolerance_ms)) {
      // bench allows the bound plus a scheduling tolerance; show the line it judged against.
      labels.push('bound + tolerance');
      values.push(s.bound_ms + s.tolerance_ms);
      colors.push('#afb8c1');
    }
    page.charts[canvasId] = new Chart(byId(canvasId), {
      type: 'bar',
      data: {
        labels: labels,
        datasets: [{ label: 'ms', data: values, backgroundColor: colors }]
      },
      options: {
        indexAxis: 'y',
        scales: { x: { beginAtZero: true, title: { display: true, text: 'milliseconds' } } },
        plugins: { legend: { display: false } }
      }
    });
  }

  function drawCharts(data) {
    if (typeof Chart === 'undefined') {
      ['chart-throughput-i0', 'chart-throughput-i2048', 'chart-latency', 'chart-starvation'].forEach(function (id) {
        markChartEmpty(id, 'The chart library (assets/vendor/chartjs) did not load; the tables hold the same numbers.');
      });
      return;
    }
    chartTheme();
    drawThroughputChart(data, 'chart-throughput-i0', 0);
    drawThroughputChart(data, 'chart-throughput-i2048', 2048);
    drawLatencyChart(data);
    drawStarvationChart(data);
  }

  // ---- entry point ----------------------------------------------------------

  function render() {
    var data = window.TPOOL_BENCHMARK;
    if (!data || typeof data !== 'object' || !Array.isArray(data.observations)) {
      byId('no-capture').hidden = false;
      page.rendered = true;
      page.hasCapture = false;
      return;
    }
    page.hasCapture = true;
    byId('capture-content').hidden = false;
    document.title = 'tpool benchmark results \u2013 ' + data.platform + ', ' + data.captured_utc;
    renderCapture(data);
    renderReference(data);
    renderLatency(data);
    renderExtended(data);
    renderObservations(data);
    renderMethodology(data);
    drawCharts(data);
    page.rendered = true;
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', render);
  else render();
})();
