/* Chart helpers: a figure with its canvas, an empty chart that says why,
 * creating a Chart.js instance the browser test can find, and error bars.
 *
 * Error bars: a dataset may carry errorBars, an array parallel to its data
 * whose entries are { low, high } in the value axis's units (or null where
 * the point has none); the plugin below draws a whisker with caps from low
 * to high through each drawn point or bar. Chart.js has no error bars of its
 * own, and the page must work offline with the one vendored library. */
(function (T) {
  'use strict';
  var byId = T.byId, el = T.el, page = T.page;

  function chartFigure(ctx, name, caption, options) {
    var id = ctx.prefix + 'chart-' + name;
    options = options || {};
    ctx.chartIds.push(id);
    return el('figure', { className: 'chart', 'data-chart': name }, [
      el('figcaption', { text: caption }),
      el('div', { className: 'chart-box' + (options.short ? ' chart-box-short' : '') }, [el('canvas', { id: id, role: 'img', 'aria-label': caption })]),
      options.note ? el('p', { className: 'chart-note', id: id + '-note', text: options.note }) : null
    ]);
  }

  // Replaces a chart's canvas with a sentence saying why there is no chart.
  function markChartEmpty(ctx, name, message) {
    var id = ctx.prefix + 'chart-' + name;
    var canvas = byId(id);
    if (!canvas) return;
    var box = canvas.parentNode;
    box.replaceChild(el('p', { className: 'chart-empty', id: id + '-empty', text: message }), canvas);
    box.style.height = 'auto';
    page.emptyCharts[ctx.platform].push(id);
  }

  // A note under a chart, written once its data is known (what was left out, and why).
  function setChartNote(ctx, name, text) {
    var id = ctx.prefix + 'chart-' + name;
    var canvas = byId(id);
    if (!canvas || !text) return;
    var figure = canvas.parentNode.parentNode;
    var note = byId(id + '-note');
    if (!note) {
      note = el('p', { className: 'chart-note', id: id + '-note' });
      figure.appendChild(note);
    }
    note.textContent = text;
  }

  function newChart(ctx, name, config) {
    var id = ctx.prefix + 'chart-' + name;
    config.plugins = (config.plugins || []).concat([errorBarPlugin]);
    page.charts[ctx.platform][id] = new Chart(byId(id), config);
  }

  var errorBarPlugin = {
    id: 'tpoolErrorBars',
    afterDatasetsDraw: function (chart) {
      var context = chart.ctx;
      chart.data.datasets.forEach(function (dataset, index) {
        if (!dataset.errorBars || !chart.isDatasetVisible(index)) return;
        var meta = chart.getDatasetMeta(index);
        var scale = chart.scales[meta.yAxisID];
        if (!scale) return;
        context.save();
        context.strokeStyle = dataset.errorBarColor || dataset.borderColor || '#555';
        context.lineWidth = 1.5;
        meta.data.forEach(function (element, i) {
          var bar = dataset.errorBars[i];
          if (!bar || !T.isNumber(bar.low) || !T.isNumber(bar.high) || element.skip) return;
          var x = element.x;
          var top = scale.getPixelForValue(bar.high);
          var bottom = scale.getPixelForValue(bar.low);
          var cap = Math.min(6, Math.max(3, (element.width || 8) / 4));
          context.beginPath();
          context.moveTo(x, top); context.lineTo(x, bottom);
          context.moveTo(x - cap, top); context.lineTo(x + cap, top);
          context.moveTo(x - cap, bottom); context.lineTo(x + cap, bottom);
          context.stroke();
        });
        context.restore();
      });
    }
  };

  // Chart.js's defaults, taken from the page's own colours; set once per draw.
  function applyChartDefaults() {
    var style = getComputedStyle(document.body);
    Chart.defaults.color = style.color;
    Chart.defaults.borderColor = style.getPropertyValue('--chart-grid').trim() || 'rgba(128,128,128,0.2)';
    Chart.defaults.font.family = style.fontFamily;
    Chart.defaults.animation = false;
    Chart.defaults.maintainAspectRatio = false;
  }

  // What the other parts of the page use.
  T.chartFigure = chartFigure;
  T.markChartEmpty = markChartEmpty;
  T.setChartNote = setChartNote;
  T.newChart = newChart;
  T.applyChartDefaults = applyChartDefaults;
})(window.TpoolPage);
