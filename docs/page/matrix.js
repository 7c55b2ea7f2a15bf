/* The first thing on a tab: which pool is fastest for small jobs and for real
 * work at each worker count, with tpool's ratio to the fastest other pool,
 * its 95% interval and bench's verdict; a cell flagged as noisy shows its RSD
 * and no verdict. Then the glossary of the scenario ids used further down. */
(function (T) {
  'use strict';
  var el = T.el, isNumber = T.isNumber, formatNumber = T.formatNumber, formatSignificant = T.formatSignificant,
    section = T.section, poolColor = T.poolColor, matrixCells = T.matrixCells, workerColumns = T.workerColumns,
    taskMicroseconds = T.taskMicroseconds, handoff = T.handoff, TASK_SIZES = T.TASK_SIZES, cores = T.cores;

  var VERDICT_TEXT = { faster: 'tpool faster', slower: 'tpool slower', 'within noise': 'within noise' };

  function ratioText(value) { return formatNumber(value, 2) + '\u00D7'; }

  function taskSizeLabel(data, iterations) {
    var us = taskMicroseconds(data, iterations);
    var size = us === null ? '' : ', about ' + formatSignificant(us, 2) + ' \u00B5s each here';
    if (iterations === 0) return { title: 'Small jobs', detail: 'minimal tasks' + size };
    return { title: 'Real work', detail: formatNumber(iterations, 0) + '-iteration tasks' + size };
  }

  function swatch(pool) {
    return el('span', { className: 'swatch', style: 'background:' + poolColor(pool, 0), 'aria-hidden': 'true' });
  }

  function cellContent(cell, affected) {
    if (!cell || !cell.measured) return [el('span', { className: 'na', text: 'not measured' })];
    var parts = [el('div', { className: 'cell-fastest' }, [swatch(cell.fastest), el('span', { text: 'fastest: ' }), el('strong', { className: 'fastest-pool', text: cell.fastest })])];
    if (!cell.bestOther || !isNumber(cell.ratio)) {
      parts.push(el('div', { className: 'cell-ratio na', text: 'no other pool measured here' }));
      return parts;
    }
    parts.push(el('div', { className: 'cell-ratio' }, [
      'tpool \u00F7 ' + cell.bestOther + ': ', el('strong', { className: 'ratio', text: ratioText(cell.ratio) }),
      cell.interval ? el('span', { className: 'interval', text: ' (95%: ' + ratioText(cell.interval.low) + '\u2013' + ratioText(cell.interval.high) + ')' }) : null
    ]));
    if (cell.flagged) {
      var noisy = cell.noisyPools.filter(function (p) { return isNumber(p.rsd); }).map(function (p) { return p.pool + ' ' + formatSignificant(p.rsd, 2) + '%'; });
      parts.push(el('div', { className: 'cell-verdict verdict-noisy' }, ['noisy, no verdict: RSD ' + (noisy.length ? noisy.join(', ') : 'above the bound')]));
    } else if (cell.verdict) {
      parts.push(el('div', { className: 'cell-verdict verdict-' + cell.verdict.replace(' ', '-') }, [VERDICT_TEXT[cell.verdict] || cell.verdict]));
    } else {
      parts.push(el('div', { className: 'cell-verdict na', text: 'no interval in this capture: no verdict' }));
    }
    if (affected) parts.push(el('div', { className: 'phase-mark', title: 'Measured while the machine changed phase (see Machine stability)', text: '\u26A0 machine changed phase' }));
    return parts;
  }

  function renderMatrix(ctx) {
    var data = ctx.data;
    var cells = matrixCells(data);
    var columns = workerColumns(data);
    var h = handoff(data);
    var n = cores(data);
    var children = [];
    var legacy = cells.length && cells[0].source !== 'comparison';
    children.push(el('p', { className: 'matrix-intro' }, [
      'One producer submits tasks of equal priority; each cell names the fastest pool and divides tpool\u2019s median rate by the fastest ',
      'other pool\u2019s (above 1: tpool is faster). ', legacy ? '' : 'The 95% interval of that ratio decides the verdict: faster or slower when it lies ' +
      'wholly above or below 1, within noise otherwise; a cell whose repetitions varied too much shows its RSD instead of a verdict. ',
      n ? 'This machine has ' + n + ' logical processor' + (n === 1 ? '' : 's') + ' (\u201Ccores\u201D): more workers than that share them.' : ''
    ]));
    if (legacy) {
      children.push(el('p', { className: 'notice legacy-matrix' }, [
        'This capture has no comparison suite (schema version ' + data.schema_version + '): its cells come from the reference and extended suites, ' +
        'where tpool ran ' + (T.get(data, 'methodology.repetitions') || '?') + ' repetitions and the other pools ' + (T.get(data, 'methodology.peer_repetitions') || '?') +
        ' of 12,000 tasks, too short and too unequal for an interval. The ratios are shown; no verdict is.'
      ]));
    }
    var head = el('tr', null, [el('th', { scope: 'col', className: 'text', text: 'Task size' })].concat(columns.map(function (c) {
      return el('th', { scope: 'col', 'data-workers': c.workers, text: c.label });
    })));
    var body = el('tbody', null, TASK_SIZES.map(function (iterations) {
      var size = taskSizeLabel(data, iterations);
      return el('tr', { 'data-iterations': iterations }, [
        el('th', { scope: 'row', className: 'text' }, [el('strong', { text: size.title }), el('br'), el('span', { className: 'muted', text: size.detail })])
      ].concat(columns.map(function (c) {
        var cell = cells.filter(function (x) { return x.iterations === iterations && x.workers === c.workers; })[0];
        var affected = !!(cell && h.changed && (h.affected ? h.affected.indexOf(cell.id) >= 0 : false));
        return el('td', {
          className: 'matrix-cell' + (cell && cell.flagged ? ' flagged' : '') + (cell && cell.verdict && !cell.flagged ? ' verdict-cell-' + cell.verdict.replace(' ', '-') : ''),
          'data-iterations': iterations, 'data-workers': c.workers,
          'data-fastest': cell && cell.measured ? cell.fastest : null,
          'data-best-other': cell ? cell.bestOther : null,
          'data-ratio': cell && isNumber(cell.ratio) ? cell.ratio : null,
          'data-low': cell && cell.interval ? cell.interval.low : null,
          'data-high': cell && cell.interval ? cell.interval.high : null,
          'data-verdict': cell && !cell.flagged && cell.verdict ? cell.verdict : null,
          'data-flagged': cell && cell.flagged ? 'true' : null
        }, cellContent(cell, affected));
      })));
    }));
    var table = el('table', { className: 'verdict-matrix', id: ctx.prefix + 'matrix' }, [
      el('caption', { text: 'Fastest pool per task size and worker count, and tpool against the fastest other pool' }),
      el('thead', null, [head]), body
    ]);
    children.push(el('div', { className: 'table-scroll' }, [table]));
    if (h.changed) {
      children.push(el('p', { className: 'banner banner-warn phase-note' }, [
        '\u26A0 The machine changed phase during this run (the cache-line hand-off moved ' + formatSignificant(h.ratio, 2) + '\u00D7): see Machine stability below.'
      ]));
    }
    return section(ctx, 'matrix', 'Which pool for small jobs, which for real work', children);
  }

  // The scenario ids used in the tables and charts, in words, with this capture's task cost.
  function renderGlossary(ctx) {
    var data = ctx.data;
    var small = taskMicroseconds(data, 0);
    var large = taskMicroseconds(data, 2048);
    var cost = function (us) { return us === null ? 'its cost is not in this capture (no inline rows)' : 'about ' + formatSignificant(us, 2) + ' \u00B5s on one thread here (this capture\u2019s inline rate)'; };
    var entries = [
      ['throughput/w4/i2048/high90', 'One producer, 4 workers (w4), tasks of 2,048 iterations (i2048), 90% HIGH priority (high90).'],
      ['wN', 'N worker threads in the pool. On this machine ' + (cores(data) ? cores(data) + ' is \u201Ccores\u201D (its logical processors)' : 'the core count is not recorded') + '.'],
      ['i0', 'A minimal task (no work loop): measures the pool\u2019s own cost per task; ' + cost(small) + '.'],
      ['i2048', 'A task running 2,048 iterations of a dependent xorshift/multiply chain: real work; ' + cost(large) + '.'],
      ['uniform, high90, low90', 'The priority mix: a third HIGH, MEDIUM and LOW each; 90% HIGH (5% each of the others); 90% LOW.'],
      ['producers16/w8/\u2026', '16 producer threads submitting to 8 workers.'],
      ['threads/serial/iN', 'No pool: one OS thread per task, created and joined one after another.'],
      ['lifecycle/wN', 'Create a pool of N workers and shut it down, no tasks.'],
      ['inline/iN', 'No pool: every task run on the main thread, the basis of efficiency and of the task costs above.']
    ];
    var list = el('dl', { className: 'facts glossary', id: ctx.prefix + 'glossary' });
    entries.forEach(function (e) {
      list.appendChild(el('dt', null, [el('code', { text: e[0] })]));
      list.appendChild(el('dd', { text: e[1] }));
    });
    return section(ctx, 'glossary', 'Reading the scenario ids', [list]);
  }

  // What the other parts of the page use.
  T.renderMatrix = renderMatrix;
  T.renderGlossary = renderGlossary;
})(window.TpoolPage);
