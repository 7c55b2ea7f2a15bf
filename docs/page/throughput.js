/* Throughput charts: every pool side by side per scenario, and the scaling chart. */
(function (T) {
  'use strict';
  var el = T.el, isNumber = T.isNumber, get = T.get, unique = T.unique, section = T.section,
    poolColor = T.poolColor, poolsOf = T.poolsOf, MIXES = T.MIXES, chartFigure = T.chartFigure,
    markChartEmpty = T.markChartEmpty, valueAxis = T.valueAxis, newChart = T.newChart;

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



  // What the other parts of the page use.
  T.renderThroughputCharts = renderThroughputCharts;
  T.drawPoolBars = drawPoolBars;
  T.drawScalingChart = drawScalingChart;
})(window.TpoolPage);
