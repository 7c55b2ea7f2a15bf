/* The probes (starvation, idle wake, cancellation, growth, the parallel loop,
 * timers and, in older captures, the HIGH-behind-LOW probe) as tables of pool
 * x statistic, the unit in every column header. */
(function (T) {
  'use strict';
  var isNumber = T.isNumber, formatNumber = T.formatNumber, formatSignificant = T.formatSignificant,
    numberCell = T.numberCell, textCell = T.textCell, buildTable = T.buildTable, notice = T.notice,
    section = T.section, fifoNote = T.fifoNote, PASS_COLOR = T.PASS_COLOR, FAIL_COLOR = T.FAIL_COLOR,
    chartFigure = T.chartFigure, markChartEmpty = T.markChartEmpty, newChart = T.newChart, percentCell = T.percentCell;

  // A measured value to 3 significant digits (whole counts stay whole).
  function statCell(value) {
    if (!isNumber(value)) return numberCell(null);
    return { text: Number.isInteger(value) && Math.abs(value) >= 100 ? formatNumber(value, 0) : formatSignificant(value, 3), value: value };
  }

  function countCell(value) { return numberCell(value, 0); }

  function yesNo(value) {
    if (value === true) return { text: 'yes', value: 'true', className: 'text pass' };
    if (value === false) return { text: 'NO', value: 'false', className: 'text fail' };
    return textCell(null);
  }

  function poolColumn(data) {
    return { key: 'pool', label: 'Pool', text: true, cell: function (r) { return textCell(r.pool + fifoNote(data, r.pool)); } };
  }

  // A table of pool x statistic: stats are [key, label with unit, value(row), cell?].
  function statTable(ctx, name, caption, rows, stats) {
    var columns = [poolColumn(ctx.data)].concat(stats.map(function (s) {
      return { key: s[0], label: s[1], cell: function (r) { return (s[3] || statCell)(s[2](r)); } };
    }));
    return buildTable(caption, columns, rows, { id: ctx.prefix + 'table-probe-' + name, className: 'probe-table probe-' + name, 'data-probe': name });
  }

  function byPool(list) {
    var pools = [];
    list.forEach(function (e) { if (pools.indexOf(e.pool) < 0) pools.push(e.pool); });
    return pools;
  }

  function renderProbes(ctx) {
    var data = ctx.data;
    var extra = data.extra || {};
    var tables = [];
    var s = data.starvation;
    if (s && typeof s === 'object') {
      tables.push(statTable(ctx, 'starvation', 'Starvation: a stream of HIGH tasks, and how long the LOW tasks queued behind it waited', [s], [
        ['workers', 'Workers', function (r) { return r.workers; }, countCell],
        ['high_tasks', 'HIGH tasks', function (r) { return r.high_tasks; }, countCell],
        ['stream_ms', 'HIGH stream, ms', function (r) { return r.stream_ms; }],
        ['bound_ms', 'Bound, ms', function (r) { return r.bound_ms; }],
        ['allowed_ms', 'Allowed (bound + tolerance), ms', function (r) { return isNumber(r.bound_ms) && isNumber(r.tolerance_ms) ? r.bound_ms + r.tolerance_ms : null; }],
        ['longest_low_wait_ms', 'Longest LOW wait, ms', function (r) { return r.longest_low_wait_ms; }],
        ['low_waits_ms', 'Each LOW wait, ms', function (r) { return r.low_waits_ms; }, function (v) {
          return Array.isArray(v) ? { text: v.map(function (x) { return formatSignificant(x, 3); }).join(', '), value: v.join(' ') } : textCell(null);
        }],
        ['pass', 'Bound held', function (r) { return r.pass; }, yesNo]
      ]));
    }
    var flood = extra.high_start_behind_low_flood || [];
    if (flood.length) {
      tables.push(statTable(ctx, 'high-behind-low', 'One HIGH task submitted behind a flood of LOW tasks: time until it starts', flood, [
        ['workers', 'Workers', function (r) { return r.workers; }, countCell],
        ['low_tasks_ahead', 'LOW tasks ahead', function (r) { return r.low_tasks_ahead; }, countCell],
        ['samples', 'Samples', function (r) { return r.samples; }, countCell],
        ['p50_us', 'Median, \u00B5s', function (r) { return r.p50_us; }],
        ['max_us', 'Worst, \u00B5s', function (r) { return r.max_us; }]
      ]));
    }
    var wake = extra.idle_wake || [];
    if (wake.length) {
      var find = function (pool, submitter) { return wake.filter(function (w) { return w.pool === pool && w.submitter === submitter; })[0] || {}; };
      tables.push(statTable(ctx, 'idle-wake', 'Idle wake: one task submitted to a pool idle for 30 ms, time until it starts (submitting thread spinning or sleeping meanwhile)',
        byPool(wake).map(function (pool) { return { pool: pool, spinning: find(pool, 'spinning'), sleeping: find(pool, 'sleeping') }; }), [
          ['workers', 'Workers', function (r) { return r.spinning.workers || r.sleeping.workers; }, countCell],
          ['samples', 'Samples', function (r) { return r.spinning.samples || r.sleeping.samples; }, countCell],
          ['spinning_p50', 'Spinning: median, \u00B5s', function (r) { return r.spinning.p50_us; }],
          ['spinning_max', 'Spinning: worst, \u00B5s', function (r) { return r.spinning.max_us; }],
          ['sleeping_p50', 'Sleeping: median, \u00B5s', function (r) { return r.sleeping.p50_us; }],
          ['sleeping_max', 'Sleeping: worst, \u00B5s', function (r) { return r.sleeping.max_us; }]
        ]));
    }
    var c = extra.cancellation;
    if (c && typeof c === 'object') {
      tables.push(statTable(ctx, 'cancellation', 'Cancellation: every queued task with one call, and one task at a time by its handle', [c], [
        ['cancel_all_tasks', 'Queued tasks', function (r) { return r.cancel_all_tasks; }, countCell],
        ['cancel_all_ms', 'Cancel all, ms', function (r) { return r.cancel_all_ms; }],
        ['cancel_all_ns_per_task', 'Cancel all, ns per task', function (r) { return r.cancel_all_ns_per_task; }],
        ['job_cancel_tasks', 'One by one: calls', function (r) { return r.job_cancel_tasks; }, countCell],
        ['job_cancel_ns_per_call', 'One by one: ns per call', function (r) { return r.job_cancel_ns_per_call; }]
      ]));
    }
    var g = extra.growth;
    if (g && typeof g === 'object') {
      tables.push(statTable(ctx, 'growth', 'Growth and reaping: blocking tasks make the pool grow; idle workers are reaped after the idle timeout', [g], [
        ['workers', 'Workers, min \u2192 max', function (r) { return r.min_workers + ' \u2192 ' + r.max_workers; }, textCell],
        ['blocking_tasks', 'Blocking tasks', function (r) { return r.blocking_tasks; }, countCell],
        ['growth_ms', 'Grew within, ms', function (r) { return r.grew ? r.growth_ms : 'did not grow within 10 s'; }, function (v) { return isNumber(v) ? statCell(v) : textCell(v); }],
        ['idle_timeout_ms', 'Idle timeout, ms', function (r) { return r.idle_timeout_ms; }],
        ['reap_ms', 'Reaped within (timeout included), ms', function (r) { return r.reaped ? r.reap_ms : 'not reaped within 10 s'; }, function (v) { return isNumber(v) ? statCell(v) : textCell(v); }]
      ]));
    }
    var loops = extra.parallel_loop || [];
    if (loops.length) {
      var workloads = byPool(loops.map(function (l) { return { pool: l.workload }; }));
      var loopStats = [];
      workloads.forEach(function (w) {
        var sample = loops.filter(function (l) { return l.workload === w; })[0];
        var what = formatNumber(sample.indices, 0) + (sample.iterations ? ' \u00D7 ' + formatNumber(sample.iterations, 0) + ' it.' : ' minimal');
        var of = function (r) { return loops.filter(function (l) { return l.pool === r.pool && l.workload === w; })[0] || {}; };
        loopStats.push([w + '_ms', what + ': median, ms', function (r) { return (of(r).ms || {}).median; }]);
        loopStats.push([w + '_efficiency', what + ': efficiency', function (r) { return of(r).efficiency; }, percentCell]);
        loopStats.push([w + '_vs_tbb', what + ': vs oneTBB', function (r) { return of(r).ratio_to_tbb; }, function (v) {
          return isNumber(v) ? { text: formatSignificant(v, 3) + '\u00D7', value: v } : numberCell(null);
        }]);
      });
      tables.push(statTable(ctx, 'parallel-loop', 'Parallel loop over N indices (' + (loops[0].workers || '?') + ' threads; inline: one thread); efficiency against inline, speed against oneTBB\u2019s parallel_for',
        byPool(loops).map(function (pool) { return { pool: pool }; }), loopStats));
    }
    var t = extra.timers;
    var timerTables = [];
    if (t && typeof t === 'object') {
      if (Array.isArray(t.lateness) && t.lateness.length) {
        timerTables.push(buildTable('Timers (' + (t.pool || 'tpool') + '): how late a timer\u2019s job starts after its due time', [
          { key: 'armed_timers', label: 'Armed timers', cell: function (l) { return countCell(l.armed_timers); } },
          { key: 'window_ms', label: 'Due over, ms', cell: function (l) { return countCell(l.window_ms); } },
          { key: 'armed_before_first_due', label: 'All armed before the first was due', text: true, cell: function (l) { return yesNo(l.armed_before_first_due); } },
          { key: 'samples', label: 'Samples', cell: function (l) { return countCell(l.samples); } },
          { key: 'p50_us', label: 'Median, \u00B5s', cell: function (l) { return statCell(l.p50_us); } },
          { key: 'p99_us', label: 'p99, \u00B5s', cell: function (l) { return statCell(l.p99_us); } },
          { key: 'max_us', label: 'Worst, \u00B5s', cell: function (l) { return statCell(l.max_us); } }
        ], t.lateness, { id: ctx.prefix + 'table-timers', className: 'timer-table' }));
      }
      if (t.idle_cpu && typeof t.idle_cpu === 'object') {
        var idle = t.idle_cpu;
        timerTables.push(buildTable('Timers: process CPU time of idle armed timers (none comes due)', [
          { key: 'armed_timers', label: 'Armed timers', cell: function (r) { return countCell(r.armed_timers); } },
          { key: 'interval_ms', label: 'Over, ms', cell: function (r) { return countCell(r.interval_ms); } },
          { key: 'cpu_ms', label: 'CPU with them, ms', cell: function (r) { return statCell(r.cpu_ms); } },
          { key: 'cpu_ms_without_timers', label: 'CPU before arming, ms', cell: function (r) { return statCell(r.cpu_ms_without_timers); } }
        ], [idle], { id: ctx.prefix + 'table-timer-idle', className: 'timer-idle-table' }));
      }
    }
    var children = [chartFigure(ctx, 'starvation', 'Starvation: longest wait of a LOW task under a stream of HIGH tasks, against the configured bound', { short: true })];
    ctx.draw.push(function () { drawStarvationChart(ctx); });
    if (tables.length === 0) children.push(notice('This capture has no probe results (bench ran with --reference-only, --no-probes or --filter).'));
    children = children.concat(tables);
    if (timerTables.length === 0) children.push(notice('This capture has no timer measurements.'));
    children = children.concat(timerTables);
    return section(ctx, 'probes', 'Starvation, wake-up, cancellation, growth, loops and timers', children);
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

  // What the other parts of the page use.
  T.renderProbes = renderProbes;
})(window.TpoolPage);
