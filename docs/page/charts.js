/* Chart helpers: a figure with its canvas, an empty chart that says why, the
 * value axis, and creating a Chart.js instance the browser test can find. */
(function (T) {
  'use strict';
  var byId = T.byId, el = T.el, isNumber = T.isNumber, page = T.page;

  // ---- charts (drawn when their tab is first shown) ----------------------------

  function chartFigure(ctx, name, caption, short) {
    var id = ctx.prefix + 'chart-' + name;
    ctx.chartIds.push(id);
    return el('figure', { className: 'chart', 'data-chart': name }, [
      el('figcaption', { text: caption }),
      el('div', { className: 'chart-box' + (short ? ' chart-box-short' : '') }, [el('canvas', { id: id, role: 'img', 'aria-label': caption })])
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



  // What the other parts of the page use.
  T.chartFigure = chartFigure;
  T.markChartEmpty = markChartEmpty;
  T.valueAxis = valueAxis;
  T.newChart = newChart;
})(window.TpoolPage);
