/* The comparison suite beyond the matrix: the other cells (many producers,
 * batches, a HIGH task behind LOW ones, fork-join, reduce) as one table with
 * ratio, interval and verdict; every cell's ratio as a chart with its 95%
 * interval as error bars; and every pool of every cell in a table. */
(function (T) {
  'use strict';
  var el = T.el, isNumber = T.isNumber, formatSignificant = T.formatSignificant, get = T.get,
    numberCell = T.numberCell, textCell = T.textCell, buildTable = T.buildTable, notice = T.notice, section = T.section,
    comparisonCells = T.comparisonCells, hasComparison = T.hasComparison, handoff = T.handoff, changeDuring = T.changeDuring,
    chartFigure = T.chartFigure, markChartEmpty = T.markChartEmpty, newChart = T.newChart, ratioText = T.ratioText,
    intervalText = T.intervalText, verdictContent = T.verdictContent, PASS_COLOR = T.PASS_COLOR, FAIL_COLOR = T.FAIL_COLOR;

  var NEUTRAL_COLOR = '#8c959f';

  // A measurement in its cell's unit, to 3 significant digits (whole numbers stay whole).
  function valueCell(value, unit) {
    var text = formatSignificant(value, 3);
    return text === null ? numberCell(null) : { text: text + ' ' + unit, value: value };
  }

  function verdictCell(cell, h) {
    var content = verdictContent(cell);
    var change = changeDuring(h, cell.id);
    var spec = { text: content.textContent, value: cell.flagged ? 'flagged' : (cell.verdict || ''), className: 'text ' + content.className };
    if (change) { spec.mark = true; spec.markTitle = 'Measured while ' + change; }
    return spec;
  }

  function pick(cell, pool) { return cell.pools.filter(function (p) { return p.pool === pool; })[0] || null; }

  function renderComparison(ctx) {
    var data = ctx.data;
    var title = 'The other comparison cells';
    if (!hasComparison(data)) {
      return section(ctx, 'comparison', title, [notice('This capture predates the comparison suite (schema version ' + data.schema_version +
        '): it has no many-producer, batch, HIGH-behind-LOW, fork-join or reduce comparison.', 'legacy-comparison')]);
    }
    var h = handoff(data);
    var cells = comparisonCells(data);
    var others = cells.filter(function (c) { return c.kind !== 'throughput'; });
    var children = [el('p', { text: 'Each row is one comparison cell, run like the matrix\u2019s (same treatment for every pool, interleaved). ' +
      'The ratio is oriented so that above 1\u00D7 tpool is better: tpool\u2019s rate over the other pool\u2019s, or for a time (lower is better) ' +
      'the other pool\u2019s time over tpool\u2019s.' })];
    if (others.length === 0) children.push(notice('This capture has no comparison cells besides the matrix.'));
    else {
      children.push(buildTable('Other comparison cells: tpool against the best other pool', [
        { key: 'id', label: 'Cell', text: true, cell: function (c) { return textCell(c.id); } },
        { key: 'title', label: 'What', text: true, cell: function (c) { return textCell(c.title); } },
        { key: 'fastest', label: 'Best pool', text: true, cell: function (c) { return textCell(c.fastest); } },
        { key: 'tpool', label: 'tpool', cell: function (c) { return valueCell(get(pick(c, 'tpool'), 'median'), c.unit); } },
        { key: 'best_other', label: 'Best other pool', text: true, cell: function (c) { return textCell(c.bestOther); } },
        { key: 'best_other_value', label: 'Its median', cell: function (c) { return valueCell(get(pick(c, c.bestOther), 'median'), c.unit); } },
        { key: 'ratio', label: 'tpool vs it', cell: function (c) { return isNumber(c.ratio) ? { text: ratioText(c.ratio), value: c.ratio } : numberCell(null); } },
        { key: 'interval', label: '95% interval', cell: function (c) {
          return c.interval ? { text: intervalText(c.interval).replace('95%: ', ''), value: c.interval.low + ' ' + c.interval.high } : numberCell(null);
        } },
        { key: 'verdict', label: 'Verdict', text: true, cell: function (c) { return verdictCell(c, h); } },
        { key: 'repetitions', label: 'Reps', cell: function (c) { return numberCell(c.repetitions, 0); } }
      ], others, { id: ctx.prefix + 'table-comparison', className: 'comparison-table' },
      function (c) { return c.flagged ? 'flagged' : null; }));
    }
    // What bench said of single cells: capped counts, and tries measured
    // again because the machine changed phase while they ran.
    var noted = [].concat.apply([], cells.map(function (c) {
      return c.notes.map(function (n) { return el('li', { text: c.id + ': ' + n }); });
    }));
    if (noted.length > 0) {
      children.push(el('p', { text: 'Notes from bench on single cells:' }));
      children.push(el('ul', { className: 'cell-notes', id: ctx.prefix + 'cell-notes' }, noted));
    }
    children.push(chartFigure(ctx, 'ratios', 'tpool against the best other pool in every comparison cell: ratio with its 95% interval (above 1\u00D7: tpool better)', {
      note: 'Green: tpool faster, red: slower, grey: within noise; hollow: flagged as noisy (no verdict).'
    }));
    ctx.draw.push(function () { drawRatios(ctx, cells); });
    children.push(el('details', { className: 'comparison-pools' }, [
      el('summary', { text: 'Every pool in every comparison cell' }),
      buildTable('Every pool of every comparison cell: median, range, RSD and its ratio to tpool', [
        { key: 'cell', label: 'Cell', text: true, cell: function (r) { return textCell(r.cell.id); } },
        { key: 'pool', label: 'Pool', text: true, cell: function (r) { return textCell(r.pool.pool + (r.pool.submission ? ' (' + r.pool.submission + ')' : '')); } },
        { key: 'median', label: 'Median', cell: function (r) { return valueCell(r.pool.median, r.cell.unit); } },
        { key: 'min', label: 'Min', cell: function (r) { return valueCell(r.pool.min, r.cell.unit); } },
        { key: 'max', label: 'Max', cell: function (r) { return valueCell(r.pool.max, r.cell.unit); } },
        { key: 'rsd', label: 'RSD', cell: function (r) {
          var spec = isNumber(r.pool.rsd) ? { text: formatSignificant(r.pool.rsd, 2) + '%', value: r.pool.rsd } : numberCell(null);
          if (r.pool.flagged) { spec.mark = true; spec.markTitle = 'flagged: RSD above the limit after the most repetitions'; }
          return spec;
        } },
        { key: 'tasks', label: 'Tasks per repetition', cell: function (r) { return numberCell(r.pool.tasks, 0); } },
        { key: 'vs', label: 'tpool vs it (95%), verdict', text: true, cell: function (r) {
          var vs = r.cell.vs.filter(function (v) { return v.pool === r.pool.pool; })[0];
          if (!vs) return { text: r.pool.pool === 'tpool' ? '\u2013' : 'n/a', className: 'text na' };
          return textCell(ratioText(vs.ratio) + (isNumber(vs.ci_low) ? ' (' + formatSignificant(vs.ci_low, 3) + '\u2013' + ratioText(vs.ci_high) + ')' : '') +
            ', ' + (vs.verdict === 'flagged' ? 'noisy, no verdict' : vs.verdict));
        } }
      ], [].concat.apply([], cells.map(function (c) { return c.pools.map(function (p) { return { cell: c, pool: p }; }); })),
      { id: ctx.prefix + 'table-comparison-pools', className: 'comparison-pools-table' })
    ]));
    return section(ctx, 'comparison', title, children);
  }

  function drawRatios(ctx, cells) {
    var shown = cells.filter(function (c) { return isNumber(c.ratio); });
    if (shown.length === 0) { markChartEmpty(ctx, 'ratios', 'No comparison cell of this capture has a ratio.'); return; }
    var colour = function (c) {
      if (c.flagged || !c.verdict) return NEUTRAL_COLOR;
      return c.verdict === 'faster' ? PASS_COLOR : (c.verdict === 'slower' ? FAIL_COLOR : NEUTRAL_COLOR);
    };
    // Ratios on a log axis, so 0.5x and 2x lie equally far from 1x; the
    // whiskers are drawn by a plugin, so the axis must be told to reach them.
    var ends = [].concat.apply([1], shown.map(function (c) { return c.interval ? [c.interval.low, c.interval.high, c.ratio] : [c.ratio]; }))
      .filter(function (v) { return isNumber(v) && v > 0; });
    newChart(ctx, 'ratios', {
      type: 'line',
      data: {
        labels: shown.map(function (c) { return c.id.replace(/^cmp\//, ''); }),
        datasets: [{
          label: 'equal (1\u00D7)', data: shown.map(function () { return 1; }), borderColor: '#57606a',
          borderDash: [6, 4], borderWidth: 1, pointRadius: 0
        }, {
          label: 'tpool vs best other pool', showLine: false,
          data: shown.map(function (c) { return c.ratio; }),
          pointStyle: 'rectRot', pointRadius: 7, pointHoverRadius: 8, pointBorderWidth: 2,
          pointBackgroundColor: shown.map(function (c) { return c.flagged ? 'rgba(0,0,0,0)' : colour(c); }),
          pointBorderColor: shown.map(colour), borderColor: NEUTRAL_COLOR,
          errorBars: shown.map(function (c) { return c.interval; }), errorBarColor: '#57606a'
        }]
      },
      options: {
        scales: { x: { offset: true }, y: { type: 'logarithmic', ticks: { callback: function (v) {
          // Label the 1s and 3s of each decade only, so the labels never crowd.
          var leading = v / Math.pow(10, Math.floor(Math.log10(v) + 1e-9));
          return Math.abs(leading - 1) < 1e-6 || Math.abs(leading - 3) < 1e-6 ? formatSignificant(v, 1) + '\u00D7' : '';
        } }, suggestedMin: Math.min.apply(null, ends) * 0.9, suggestedMax: Math.max.apply(null, ends) * 1.1,
          title: { display: true, text: 'tpool vs best other pool (\u00D7, log scale)' } } },
        plugins: { legend: { display: false } }
      }
    });
  }

  // What the other parts of the page use.
  T.renderComparison = renderComparison;
})(window.TpoolPage);
