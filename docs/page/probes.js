/* Starvation and the other probes as tables of pool, measurement, value and unit. */
(function (T) {
  'use strict';
  var isNumber = T.isNumber, formatNumber = T.formatNumber, microsecondDigits = T.microsecondDigits,
    numberCell = T.numberCell, textCell = T.textCell, buildTable = T.buildTable, notice = T.notice,
    section = T.section, fifoNote = T.fifoNote, PASS_COLOR = T.PASS_COLOR, FAIL_COLOR = T.FAIL_COLOR,
    chartFigure = T.chartFigure, markChartEmpty = T.markChartEmpty, newChart = T.newChart;

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

  // What the other parts of the page use.
  T.probeRows = probeRows;
  T.timerRows = timerRows;
  T.probeValueCell = probeValueCell;
  T.renderProbes = renderProbes;
  T.drawStarvationChart = drawStarvationChart;
})(window.TpoolPage);
