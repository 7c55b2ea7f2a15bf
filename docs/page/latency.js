/* Latency at a fixed offered load: charts per load and priority, the table,
 * the capacity each pool was measured at and how closely the producer kept time. */
(function (T) {
  'use strict';
  var el = T.el, isNumber = T.isNumber, formatNumber = T.formatNumber, unique = T.unique,
    numberCell = T.numberCell, microsecondCell = T.microsecondCell, textCell = T.textCell,
    buildTable = T.buildTable, notice = T.notice, section = T.section, poolsOf = T.poolsOf,
    fifoNote = T.fifoNote, PRIORITIES = T.PRIORITIES, PERCENTILES = T.PERCENTILES,
    PERCENTILE_COLORS = T.PERCENTILE_COLORS, chartFigure = T.chartFigure, markChartEmpty = T.markChartEmpty,
    newChart = T.newChart;

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

  // What the other parts of the page use.
  T.latencyEntries = latencyEntries;
  T.renderLatency = renderLatency;
  T.drawLatencyChart = drawLatencyChart;
})(window.TpoolPage);
