/* The first thing on a tab: which pool is fastest for small jobs and for real
 * work at each worker count, with tpool's ratio to the fastest other pool,
 * its 95% interval and bench's verdict; a cell flagged as noisy shows its RSD
 * and no verdict. Then the glossary of the scenario ids used further down. */
(function (T) {
  'use strict';
  var el = T.el, isNumber = T.isNumber, formatNumber = T.formatNumber, formatSignificant = T.formatSignificant,
    section = T.section, poolColor = T.poolColor, matrixCells = T.matrixCells, workerColumns = T.workerColumns,
    taskMicroseconds = T.taskMicroseconds, handoff = T.handoff, TASK_SIZES = T.TASK_SIZES, cores = T.cores,
    get = T.get, hasComparison = T.hasComparison, changeDuring = T.changeDuring;

  var VERDICT_TEXT = { faster: 'tpool faster', slower: 'tpool slower', 'within noise': 'within noise' };

  function ratioText(value) { return formatSignificant(value, 3) + '\u00D7'; }

  function intervalText(interval) {
    return interval ? '95%: ' + formatSignificant(interval.low, 3) + '\u2013' + ratioText(interval.high) : null;
  }

  function rsdText(pool) {
    return pool.pool + ' ' + (isNumber(pool.rsd) ? formatSignificant(pool.rsd, 2) + '%' : '?');
  }

  function taskSizeLabel(data, iterations) {
    var us = taskMicroseconds(data, iterations);
    var size = us === null ? '' : ', about ' + formatSignificant(us, 2) + ' \u00B5s each here';
    if (iterations === 0) return { title: 'Small jobs', detail: 'minimal tasks' + size };
    return { title: 'Real work', detail: formatNumber(iterations, 0) + '-iteration tasks' + size };
  }

  function swatch(pool) {
    return el('span', { className: 'swatch', style: 'background:' + poolColor(pool, 0), 'aria-hidden': 'true' });
  }

  // What a verdict cell says: bench's verdict, or for a flagged pair the RSD
  // of its noisy pools and no verdict; shared by the matrix and the table of
  // the other comparison cells.
  function verdictContent(cell) {
    if (cell.flagged) {
      var noisy = cell.pairPools.filter(function (p) { return p.flagged; });
      return el('span', { className: 'cell-verdict verdict-noisy', title: 'RSD above the limit after the most repetitions: no verdict' },
        ['\u26A0 noisy, RSD ' + (noisy.length ? noisy.map(rsdText).join(', ') : 'above the limit')]);
    }
    if (cell.verdict) return el('span', { className: 'cell-verdict verdict-' + cell.verdict.replace(' ', '-'), text: VERDICT_TEXT[cell.verdict] || cell.verdict });
    if (cell.source !== 'comparison') return el('span', { className: 'cell-verdict na', text: 'no interval: no verdict' });
    return el('span', { className: 'cell-verdict na', text: 'no other pool: no verdict' });
  }

  function cellContent(cell, change) {
    if (!cell || !cell.measured) return [el('span', { className: 'na', text: 'not measured' })];
    var parts = [el('div', { className: 'cell-fastest' }, [swatch(cell.fastest), el('span', { text: 'fastest: ' }),
      el('strong', { className: 'fastest-pool', text: cell.fastest })])];
    if (!cell.bestOther || !isNumber(cell.ratio)) {
      parts.push(el('div', { className: 'cell-ratio na', text: 'no other pool measured here' }));
      return parts;
    }
    parts.push(el('div', { className: 'cell-ratio' }, [
      'tpool vs ' + cell.bestOther + ': ', el('strong', { className: 'ratio', text: ratioText(cell.ratio) })
    ]));
    if (cell.interval) parts.push(el('div', { className: 'interval', text: intervalText(cell.interval) }));
    parts.push(el('div', null, [verdictContent(cell)]));
    if (change) parts.push(el('div', { className: 'phase-mark', title: 'Measured while ' + change, text: '\u26A0 machine changed phase during this cell' }));
    return parts;
  }

  // The hand-off readings in one line, with the warning when they moved more than 2x.
  function handoffLine(ctx, h) {
    if (h.readings.length === 0) return el('p', { className: 'handoff-line na', text: 'Cache-line hand-off: not recorded in this capture.' });
    var text = 'Cache-line hand-off (one transfer between two threads): ' + h.readings.map(function (r) {
      return (isNumber(r.ns) ? formatSignificant(r.ns, 3) + ' ns' : 'not measured') + ' ' + r.label;
    }).join(', ') + (isNumber(h.ratio) ? ' (largest \u00F7 smallest ' + formatSignificant(h.ratio, 2) + '\u00D7)' : '') + '.';
    if (!h.changed) return el('p', { className: 'handoff-line', id: ctx.prefix + 'handoff-line', text: text });
    var where;
    if (h.affected === null) where = ' This capture does not say which cells ran during the change: any cell may be affected.';
    else if (h.changes.length === 0) where = ' No two consecutive readings differ more than 2\u00D7: the machine drifted over the whole run, so any cell may be affected.';
    else if (h.affected.length) where = ' The cells measured during the change are marked \u26A0 (' + h.affected.join(', ') + ').';
    else {
      where = ' No comparison cell ran during the change (' + h.changes.map(function (c) { return 'from \u201C' + c.from + '\u201D to \u201C' + c.to + '\u201D'; }).join('; ') +
        '), so the matrix and the comparison cells are not affected; the reference and extended tables may be.';
    }
    return el('p', { className: 'handoff-line banner banner-warn phase-warning', id: ctx.prefix + 'phase-warning' }, [
      el('strong', { text: '\u26A0 The machine changed phase during this run: ' }),
      text + ' More than 2\u00D7 apart, so the pools\u2019 per-task costs moved with it.' + where
    ]);
  }

  function renderMatrix(ctx) {
    var data = ctx.data;
    var cells = matrixCells(data);
    var columns = workerColumns(data);
    var h = handoff(data);
    var n = cores(data);
    var legacy = !hasComparison(data);
    var method = get(data, 'comparison.method') || {};
    var children = [];
    if (legacy) {
      children.push(el('p', { className: 'notice legacy-matrix' }, [
        'This capture predates the comparison suite (schema version ' + data.schema_version + '). Its cells come from the reference and extended suites, ' +
        'where tpool ran ' + (get(data, 'methodology.repetitions') || '?') + ' repetitions and the other pools ' + (get(data, 'methodology.peer_repetitions') || '?') +
        ' of 12,000 tasks: too short and too unequal for an interval, so no verdict is given.'
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
        var change = cell && cell.id ? changeDuring(h, cell.id) : null;
        return el('td', {
          className: 'matrix-cell' + (cell && cell.flagged ? ' flagged' : '') + (cell && cell.verdict ? ' verdict-cell-' + cell.verdict.replace(' ', '-') : '') +
            (change ? ' phase-changed' : ''),
          'data-id': cell ? cell.id : null,
          'data-iterations': iterations, 'data-workers': c.workers,
          'data-fastest': cell && cell.measured ? cell.fastest : null,
          'data-best-other': cell ? cell.bestOther : null,
          'data-ratio': cell && isNumber(cell.ratio) ? cell.ratio : null,
          'data-low': cell && cell.interval ? cell.interval.low : null,
          'data-high': cell && cell.interval ? cell.interval.high : null,
          'data-verdict': cell && cell.verdict ? cell.verdict : null,
          'data-flagged': cell && cell.flagged ? 'true' : null
        }, cellContent(cell, change));
      })));
    }));
    var table = el('table', { className: 'verdict-matrix', id: ctx.prefix + 'matrix' }, [
      el('caption', { text: 'Fastest pool per task size and worker count, and tpool against the fastest other pool' }),
      el('thead', null, [head]), body
    ]);
    children.push(el('div', { className: 'table-scroll' }, [table]));
    children.push(handoffLine(ctx, h));
    // How to read it comes under the matrix, so the answer is on the first screen.
    children.push(el('p', { className: 'matrix-intro' }, [
      'One producer submits tasks of equal priority to a pool of N workers. Each cell names the fastest pool and gives tpool\u2019s ',
      'median rate over the fastest other pool\u2019s (above 1\u00D7: tpool is faster). ',
      legacy ? '' : 'Every pool ran the same ' + (method.warmups !== undefined ? method.warmups + ' warm-up' + (method.warmups === 1 ? '' : 's') + ' and ' : '') +
        (method.repetitions || '?') + ' or more repetitions of about ' + (method.target_ms || '?') + ' ms, interleaved. The 95% interval of the ratio ' +
        'gives the verdict: faster or slower when it lies wholly above or below 1\u00D7, within noise otherwise. Where tpool or that pool still varied more than ' +
        (method.rsd_limit_pct || '?') + '% (RSD) after ' + (method.max_repetitions || '?') + ' repetitions, the cell shows the RSD and no verdict. ',
      n ? 'This machine has ' + n + ' logical processor' + (n === 1 ? '' : 's') + ' (\u201Ccores\u201D); more workers than cores share them.' : ''
    ]));

    return section(ctx, 'matrix', 'Which pool for small jobs, which for real work', children);
  }

  // The scenario ids used in the tables and charts, in words, with this capture's task cost.
  function renderGlossary(ctx) {
    var data = ctx.data;
    var small = taskMicroseconds(data, 0);
    var large = taskMicroseconds(data, 2048);
    var cost = function (us) { return us === null ? 'its cost is not in this capture (no inline rows)' : 'about ' + formatSignificant(us, 2) + ' \u00B5s on one thread here (this capture\u2019s inline rate)'; };
    var n = cores(data);
    var entries = [
      ['cmp/w2/i2048', 'A comparison cell (the matrix and the table below): one producer, 2 workers (w2), tasks of 2,048 iterations (i2048), a third of each priority.'],
      ['throughput/w4/i2048/high90', 'A reference or extended scenario: one producer, 4 workers, 2,048-iteration tasks, 90% HIGH priority (high90).'],
      ['wN', 'N worker threads in the pool. ' + (n ? 'This machine has ' + n + ' logical processors: \u201Ccores\u201D is ' + n + ', \u201C2 \u00D7 cores\u201D ' + 2 * n + ', \u201C4 \u00D7 cores\u201D ' + 4 * n + '.' : 'The core count is not recorded.')],
      ['i0', 'A minimal task (no work loop): measures the pool\u2019s own cost per task; ' + cost(small) + '.'],
      ['i2048', 'A task running 2,048 iterations of a dependent xorshift/multiply chain, real work; ' + cost(large) + '.'],
      ['uniform, high90, low90', 'The priority mix: a third each of HIGH, MEDIUM and LOW; 90% HIGH (5% each of the others); 90% LOW.'],
      ['cmp/p16/w8/i2048, producers16/w8/\u2026', '16 producer threads submitting to 8 workers.'],
      ['cmp/batch/wN/i0', 'One producer submitting minimal tasks in batches of 256 through the pool\u2019s own batch call, or one by one where it has none.'],
      ['cmp/high-behind-low/w2', 'One HIGH task submitted behind 2,000 LOW tasks on a fresh 2-worker pool: the time until it starts (lower is better).'],
      ['cmp/fork-join/wN/fibK', 'Fibonacci(K) by binary recursion, each call forking its two halves: milliseconds per run (lower is better).'],
      ['cmp/reduce/wN', 'The sum of a generated sequence in parallel, checked exactly: milliseconds per run (lower is better); inline is one thread.'],
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
  T.ratioText = ratioText;
  T.intervalText = intervalText;
  T.verdictContent = verdictContent;
  T.renderGlossary = renderGlossary;
})(window.TpoolPage);
