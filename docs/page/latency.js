/* Latency versus load: open-loop arrivals at fractions of each pool's own
 * capacity, drawn as one curve per pool (p50 solid, p99 dashed) for each
 * priority. A point where the load generator fell behind its schedule
 * measures the producer, not the pool: it is drawn as a cross on a dotted
 * segment and said so under the chart. Then the numbers as tables. */
(function (T) {
  'use strict';
  var el = T.el, isNumber = T.isNumber, formatNumber = T.formatNumber, formatSignificant = T.formatSignificant, unique = T.unique,
    numberCell = T.numberCell, microsecondCell = T.microsecondCell, textCell = T.textCell,
    buildTable = T.buildTable, notice = T.notice, section = T.section, measuredPools = T.measuredPools,
    fifoNote = T.fifoNote, poolColor = T.poolColor, PRIORITIES = T.PRIORITIES, PERCENTILES = T.PERCENTILES,
    chartFigure = T.chartFigure, markChartEmpty = T.markChartEmpty, setChartNote = T.setChartNote, newChart = T.newChart;

  // The two percentiles the curves draw: [field, label, dash].
  var CURVES = [['p50_us', 'p50', []], ['p99_us', 'p99', [6, 4]]];

  // A load in percent: whole loads as written (80%), the common point's to 3 digits (26.3%).
  function loadText(value) {
    return (Number.isInteger(value) ? String(value) : formatSignificant(value, 3)) + '%';
  }

  function latencyEntries(data) {
    return (data.latency || []).filter(function (e) { return isNumber(e.load_pct); });
  }

  // Schema 4 measures each pool at fractions of its own capacity (capacity_cell);
  // an older capture used one rate for every pool, which the curves cannot show.
  function ownCapacity(data) {
    return !!(data.latency_method && data.latency_method.capacity_cell);
  }

  function methodText(data, loads) {
    var m = data.latency_method;
    return 'Arrivals on a schedule (' + (m.arrivals || '?') + ') at ' + loads.map(function (l) { return l + '%'; }).join(', ') +
      ' of each pool\u2019s own capacity (its median in comparison cell ' + m.capacity_cell + ': ' + m.workers + ' workers, ' +
      formatNumber(m.iterations, 0) + '-iteration tasks, ' + (m.mix || '?') + ' mix), plus one common rate for every pool (' +
      (formatSignificant(m.common_tasks_per_s, 3) || '?') + ' tasks/s: ' + (m.common_rule || '?') + '). Each point runs about ' +
      (m.schedule_ms || '?') + ' ms of arrivals. A task\u2019s latency runs from its ' + (m.latency_from || 'scheduled arrival') + ' to its ' +
      (m.latency_to || 'start') + ', so time the producer was late counts. Where the producer itself fell behind its schedule (its p99 lateness above ' +
      (formatSignificant(m.lag_bound_us, 3) || '?') + ' \u00B5s), the point measures the load generator, not the pool.';
  }

  function renderLatency(ctx) {
    var data = ctx.data;
    var entries = latencyEntries(data);
    var method = data.latency_method;
    var title = 'Latency versus load';
    if (entries.length === 0) return section(ctx, 'latency', title, [notice('This capture has no latency measurement.')]);
    var children = [];
    if (!ownCapacity(data)) {
      children.push(notice('This capture predates latency versus each pool\u2019s own capacity (schema version ' + data.schema_version +
        '): its loads are fractions of the slowest pool\u2019s capacity, where nothing queues in the faster pools, so no curves are drawn. The numbers are in the table.', 'legacy-latency'));
    } else {
      var loads = unique(entries.filter(function (e) { return !e.common; }).map(function (e) { return e.load_pct; })).sort(function (a, b) { return a - b; });
      children.push(el('p', { className: 'latency-method', text: methodText(data, loads) }));
      var figures = PRIORITIES.map(function (priority) {
        var name = 'latency-' + priority;
        ctx.draw.push(function () { drawCurves(ctx, name, priority); });
        return chartFigure(ctx, name, priority.toUpperCase() + ' tasks: latency (p50 solid, p99 dashed) against offered load, % of each pool\u2019s capacity');
      });
      children.push(el('div', { className: 'chart-grid chart-grid-three' }, figures));
      children.push(el('p', { className: 'latency-behind banner', id: ctx.prefix + 'latency-behind', text: behindText(data) }));
      if (Array.isArray(method.capacity)) {
        children.push(buildTable('Capacity of each pool: the 100% of its load axis (median of ' + method.capacity_cell + ')', [
          { key: 'pool', label: 'Pool', text: true, cell: function (c) { return textCell(c.pool + fifoNote(data, c.pool)); } },
          { key: 'tasks_per_s', label: 'Capacity, tasks/s', cell: function (c) { return numberCell(c.tasks_per_s, 0); } }
        ], method.capacity, { id: ctx.prefix + 'table-capacity', className: 'capacity-table' }));
      }
    }
    var columns = [
      { key: 'pool', label: 'Pool', text: true, cell: function (e) { return textCell(e.pool); } },
      { key: 'load_pct', label: 'Load', cell: function (e) { return { text: loadText(e.load_pct) + (e.common ? ' (common)' : ''), value: e.load_pct }; } },
      { key: 'offered_tasks_per_s', label: 'Offered tasks/s', cell: function (e) { return numberCell(e.offered_tasks_per_s, 0); } },
      { key: 'priority', label: 'Priority', text: true, cell: function (e) { return textCell(e.priority); } },
      { key: 'samples', label: 'Samples', cell: function (e) { return numberCell(e.samples, 0); } }
    ];
    PERCENTILES.forEach(function (p) {
      columns.push({ key: p[0], label: p[1] + ', \u00B5s', cell: function (e) { return microsecondCell(e[p[0]]); } });
    });
    columns.push({ key: 'generator_fell_behind', label: 'Generator', text: true, cell: function (e) {
      if (e.generator_fell_behind === undefined) return textCell(null);
      return e.generator_fell_behind ? { text: 'fell behind', value: 'true', className: 'text fail' } : { text: 'on time', value: 'false', className: 'text' };
    } });
    var tables = [buildTable('Latency from scheduled arrival to start, per pool, load and priority', columns, entries,
      { id: ctx.prefix + 'table-latency', className: 'latency-table' })];
    if (method && Array.isArray(method.runs)) {
      tables.push(buildTable('How closely the producer kept to the schedule (actual submit minus scheduled arrival)', [
        { key: 'pool', label: 'Pool', text: true, cell: function (r) { return textCell(r.pool); } },
        { key: 'load_pct', label: 'Load', cell: function (r) { return { text: loadText(r.load_pct) + (r.common ? ' (common)' : ''), value: r.load_pct }; } },
        { key: 'tasks', label: 'Tasks', cell: function (r) { return numberCell(r.tasks, 0); } },
        { key: 'submit_span_ms', label: 'Submitting took, ms', cell: function (r) { return numberCell(r.submit_span_ms, 1); } },
        { key: 'submit_lag_p50_us', label: 'Late by, p50 \u00B5s', cell: function (r) { return microsecondCell(r.submit_lag_p50_us); } },
        { key: 'submit_lag_p99_us', label: 'p99 \u00B5s', cell: function (r) { return microsecondCell(r.submit_lag_p99_us); } },
        { key: 'submit_lag_max_us', label: 'max \u00B5s', cell: function (r) { return microsecondCell(r.submit_lag_max_us); } },
        { key: 'generator_fell_behind', label: 'Generator', text: true, cell: function (r) {
          if (r.generator_fell_behind === undefined) return textCell(null);
          return r.generator_fell_behind ? { text: 'fell behind', value: 'true', className: 'text fail' } : { text: 'on time', value: 'false', className: 'text' };
        } }
      ], method.runs, { id: ctx.prefix + 'table-schedule', className: 'schedule-table' }));
    }
    children.push(el('details', { className: 'latency-details' }, [el('summary', { text: 'Every latency point and the producer\u2019s schedule, as numbers' })].concat(tables)));
    return section(ctx, 'latency', title, children);
  }

  // One curve per pool and percentile for one priority, x = load % of the pool's own capacity.
  function drawCurves(ctx, name, priority) {
    var data = ctx.data;
    var entries = latencyEntries(data).filter(function (e) { return e.priority === priority; });
    if (entries.length === 0) { markChartEmpty(ctx, name, 'No ' + priority + ' tasks in this capture\u2019s latency measurement.'); return; }
    var pools = measuredPools(data).filter(function (pool) { return entries.some(function (e) { return e.pool === pool; }); });
    var datasets = [];
    pools.forEach(function (pool, index) {
      var points = entries.filter(function (e) { return e.pool === pool; }).sort(function (a, b) { return a.load_pct - b.load_pct; });
      var color = poolColor(pool, index);
      CURVES.forEach(function (curve) {
        datasets.push({
          label: pool + ' ' + curve[1], pool: pool, percentile: curve[1], borderColor: color, backgroundColor: color,
          borderDash: curve[2], borderWidth: 2, tension: 0,
          data: points.map(function (e) { return { x: e.load_pct, y: isNumber(e[curve[0]]) && e[curve[0]] > 0 ? e[curve[0]] : null, behind: !!e.generator_fell_behind, common: !!e.common }; }),
          pointStyle: function (c) { var p = c.raw; return p && p.behind ? 'crossRot' : (p && p.common ? 'triangle' : 'circle'); },
          pointRadius: function (c) { var p = c.raw; return p && p.behind ? 6 : 3.5; },
          pointBorderWidth: function (c) { var p = c.raw; return p && p.behind ? 2 : 1; },
          segment: {
            borderDash: function (s) { return s.p0.raw.behind || s.p1.raw.behind ? [2, 3] : curve[2]; },
            borderWidth: function (s) { return s.p0.raw.behind || s.p1.raw.behind ? 1 : 2; }
          }
        });
      });
    });
    newChart(ctx, name, {
      type: 'line',
      data: { datasets: datasets },
      options: {
        parsing: false,
        scales: {
          x: { type: 'linear', min: 0, suggestedMax: 100, title: { display: true, text: 'offered load, % of the pool\u2019s own capacity' } },
          y: { type: 'logarithmic', title: { display: true, text: 'latency, \u00B5s (log scale)' } }
        },
        plugins: {
          // One legend entry per pool (its p50 dataset); clicking it hides both of the pool's curves.
          legend: { position: 'bottom', onClick: function (event, item, legend) {
            var chart = legend.chart;
            var pool = chart.data.datasets[item.datasetIndex].pool;
            var show = !chart.isDatasetVisible(item.datasetIndex);
            chart.data.datasets.forEach(function (d, i) { if (d.pool === pool) chart.setDatasetVisibility(i, show); });
            chart.update();
          }, labels: { boxWidth: 16,
            generateLabels: function (chart) {
              return chart.data.datasets.map(function (d, i) { return { text: d.pool, fillStyle: d.borderColor, strokeStyle: d.borderColor, datasetIndex: i, hidden: !chart.isDatasetVisible(i) }; })
                .filter(function (item) { return chart.data.datasets[item.datasetIndex].percentile === 'p50'; });
            } } },
          tooltip: { callbacks: { label: function (c) {
            return c.dataset.label + ': ' + formatSignificant(c.raw.y, 3) + ' \u00B5s at ' + loadText(c.raw.x) +
              (c.raw.common ? ' (common rate)' : '') + (c.raw.behind ? ' \u2013 generator fell behind' : '');
          } } }
        }
      }
    });
    setChartNote(ctx, name, 'Circles: 50\u201395% of the pool\u2019s capacity; triangles: the common rate; crosses on dotted lines: the generator fell behind (see below).');
  }

  // Which points the load generator fell behind on, per pool, in one sentence
  // (the same runs serve every priority).
  function behindText(data) {
    var runs = (data.latency_method || {}).runs;
    var points = Array.isArray(runs) ? runs : latencyEntries(data);
    var behind = points.filter(function (r) { return r.generator_fell_behind; });
    if (behind.length === 0) return 'The load generator kept to its schedule at every point: every point is the pool\u2019s latency.';
    var pools = unique(behind.map(function (r) { return r.pool; }));
    var seen = {};
    var total = points.filter(function (r) { var key = r.pool + '/' + r.load_pct + '/' + !!r.common; if (seen[key]) return false; seen[key] = true; return true; }).length;
    return 'The load generator fell behind its schedule at ' + behind.length + ' of ' + total + ' points (drawn as crosses on dotted lines, not as the pool\u2019s latency): ' +
      pools.map(function (pool) {
        return pool + ' at ' + behind.filter(function (r) { return r.pool === pool; }).map(function (r) {
          return loadText(r.load_pct) + (r.common ? ' (common)' : '');
        }).join(', ');
      }).join('; ') + '.';
  }

  // What the other parts of the page use.
  T.latencyEntries = latencyEntries;
  T.renderLatency = renderLatency;
})(window.TpoolPage);
