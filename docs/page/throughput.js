/* Throughput charts, per task size: the close race among the leading pools on
 * a linear axis with each pool's min-max range as error bars, and an overview
 * of every pool (the far-behind ones too) on a log axis. Lines join only
 * worker counts that were measured. Then the many-producer cell. */
(function (T) {
  'use strict';
  var el = T.el, isNumber = T.isNumber, get = T.get, section = T.section, poolColor = T.poolColor,
    chartFigure = T.chartFigure, markChartEmpty = T.markChartEmpty, setChartNote = T.setChartNote, newChart = T.newChart,
    matrixCells = T.matrixCells, comparisonCells = T.comparisonCells, workerColumns = T.workerColumns, comparedPools = T.comparedPools, TASK_SIZES = T.TASK_SIZES;

  // A pool is far behind when, at every worker count it was measured at, its
  // median is below this fraction of the fastest pool's there.
  var FAR_BEHIND = 0.25;

  function sizeName(iterations) { return iterations === 0 ? 'minimal tasks' : '2,048-iteration tasks'; }

  // Per pool: its result at each worker column (null where not measured).
  function seriesOf(data, iterations) {
    var columns = workerColumns(data);
    var cells = matrixCells(data).filter(function (c) { return c.iterations === iterations; });
    var order = comparedPools(data);
    var pools = [];
    cells.forEach(function (c) { c.pools.forEach(function (p) { if (pools.indexOf(p.pool) < 0) pools.push(p.pool); }); });
    pools.sort(function (a, b) { return rank(order, a) - rank(order, b); });
    var fastest = columns.map(function (col) {
      var cell = cells.filter(function (c) { return c.workers === col.workers; })[0];
      var rates = cell ? cell.pools.map(function (p) { return p.median; }).filter(isNumber) : [];
      return rates.length ? Math.max.apply(null, rates) : null;
    });
    return {
      columns: columns,
      series: pools.map(function (pool) {
        var points = columns.map(function (col) {
          var cell = cells.filter(function (c) { return c.workers === col.workers; })[0];
          return cell ? cell.pools.filter(function (p) { return p.pool === pool; })[0] || null : null;
        });
        var measured = points.map(function (p, i) { return p && isNumber(p.median) ? i : -1; }).filter(function (i) { return i >= 0; });
        var far = measured.length > 0 && measured.every(function (i) { return points[i].median < FAR_BEHIND * fastest[i]; });
        return { pool: pool, points: points, far: far };
      })
    };
  }

  function rank(order, pool) { var i = order.indexOf(pool); return i < 0 ? order.length : i; }

  function lineDataset(s) {
    var color = poolColor(s.pool, 0);
    return {
      label: s.pool, borderColor: color, backgroundColor: color, pointRadius: 4, pointHoverRadius: 5, tension: 0,
      spanGaps: false,
      data: s.points.map(function (p) { return p && isNumber(p.median) ? p.median : null; }),
      errorBars: s.points.map(function (p) { return p && isNumber(p.min) && isNumber(p.max) ? { low: p.min, high: p.max } : null; })
    };
  }

  function drawRace(ctx, name, iterations, overview) {
    var model = seriesOf(ctx.data, iterations);
    var shown = model.series.filter(function (s) { return overview || !s.far; });
    if (shown.length === 0) { markChartEmpty(ctx, name, 'This capture has no one-producer cell with ' + sizeName(iterations) + '.'); return; }
    var far = model.series.filter(function (s) { return s.far; }).map(function (s) { return s.pool; });
    // The whiskers are drawn by a plugin, so the axis must be told to reach them.
    var ends = [].concat.apply([], shown.map(function (s) {
      return s.points.filter(function (p) { return p; }).map(function (p) { return [p.min, p.max]; });
    })).reduce(function (all, pair) { return all.concat(pair); }, []).filter(function (v) { return isNumber(v) && v > 0; });
    var top = ends.length ? Math.max.apply(null, ends) : undefined;
    var bottom = ends.length ? Math.min.apply(null, ends) : undefined;
    newChart(ctx, name, {
      type: 'line',
      data: { labels: model.columns.map(function (c) { return c.label; }), datasets: shown.map(lineDataset) },
      options: {
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: { title: { display: true, text: 'workers' } },
          y: overview
            ? { type: 'logarithmic', suggestedMin: bottom, suggestedMax: top, title: { display: true, text: 'median tasks/s (log scale)' } }
            : { type: 'linear', beginAtZero: true, suggestedMax: top, title: { display: true, text: 'median tasks/s' } }
        },
        plugins: { legend: { position: 'bottom', labels: { boxWidth: 16 } } }
      }
    });
    if (!overview) {
      setChartNote(ctx, name, far.length
        ? 'Left out as far behind (below ' + FAR_BEHIND * 100 + '% of the fastest at every worker count measured): ' + far.join(', ') + '; the overview has them.'
        : 'Every pool measured is in this race.');
    }
  }

  // The many-producer cell: one bar per pool, min-max as error bars.
  function drawProducers(ctx, name) {
    var data = ctx.data;
    var cell = comparisonCells(data).filter(function (c) { return c.kind === 'many_producers'; })[0];
    var results = cell ? cell.pools
      : (data.scenarios || []).filter(function (s) { return s.kind === 'many_producers' && s.mix === 'uniform'; })
        .map(function (s) { return { pool: s.pool, median: get(s, 'tasks_per_s.median'), min: get(s, 'tasks_per_s.min'), max: get(s, 'tasks_per_s.max') }; });
    results = results.filter(function (r) { return isNumber(r.median); });
    if (results.length === 0) { markChartEmpty(ctx, name, 'This capture has no many-producer cell.'); return; }
    var top = Math.max.apply(null, results.map(function (r) { return isNumber(r.max) ? r.max : r.median; }));
    newChart(ctx, name, {
      type: 'bar',
      data: {
        labels: results.map(function (r) { return r.pool; }),
        datasets: [{
          label: 'median tasks/s',
          backgroundColor: results.map(function (r) { return poolColor(r.pool, 0); }),
          data: results.map(function (r) { return r.median; }),
          errorBars: results.map(function (r) { return { low: r.min, high: r.max }; }),
          errorBarColor: '#444'
        }]
      },
      options: { scales: { y: { beginAtZero: true, suggestedMax: top, title: { display: true, text: 'median tasks/s' } } }, plugins: { legend: { display: false } } }
    });
  }

  function renderThroughputCharts(ctx) {
    var races = [];
    var overviews = [];
    TASK_SIZES.forEach(function (iterations) {
      var race = 'race-i' + iterations;
      var overview = 'overview-i' + iterations;
      races.push(chartFigure(ctx, race, 'One producer, ' + sizeName(iterations) + ': the leading pools, median tasks/s with min\u2013max bars'));
      overviews.push(chartFigure(ctx, overview, 'Overview, ' + sizeName(iterations) + ': every pool (log scale)'));
      ctx.draw.push(function () { drawRace(ctx, race, iterations, false); });
      ctx.draw.push(function () { drawRace(ctx, overview, iterations, true); });
    });
    var producers = chartFigure(ctx, 'producers16', '16 producers, 8 workers, 2,048-iteration tasks: median tasks/s with min\u2013max bars');
    ctx.draw.push(function () { drawProducers(ctx, 'producers16'); });
    return section(ctx, 'throughput-charts', 'Throughput at each worker count', [
      el('p', { text: 'The same cells as the matrix. Each line is one pool, each point its median over the repetitions, each whisker the ' +
        'slowest to the fastest repetition. A line joins only worker counts that were measured. The close race among the leading pools is on a ' +
        'linear axis; pools far behind are left out of it and shown with the others in the overview, on a log axis.' }),
      el('div', { className: 'chart-grid' }, races),
      el('div', { className: 'chart-grid' }, overviews.concat([producers]))
    ]);
  }

  // What the other parts of the page use.
  T.throughputSeries = seriesOf;
  T.renderThroughputCharts = renderThroughputCharts;
})(window.TpoolPage);
