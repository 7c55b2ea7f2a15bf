/* What the sections read from a capture, in one place: each function turns a
 * capture into the plain rows a section draws, so the sections never guess at
 * the JSON, and the browser test can check a section against the same rows.
 *
 * Verdicts come only from the capture: a comparison cell's interval and
 * verdict are bench's (schema 4, the comparison suite). A capture without a
 * comparison suite (schema 3) still fills the matrix from its one-producer
 * uniform-mix cells, with no interval and no verdict, and the matrix says so. */
(function (T) {
  'use strict';
  var get = T.get, isNumber = T.isNumber, unique = T.unique;

  var TASK_SIZES = [0, 2048];

  function cores(data) {
    var logical = get(data, 'environment.logical_cores');
    return isNumber(logical) && logical >= 1 ? logical : null;
  }

  // The matrix's worker counts: 1, cores, 2 x cores, 4 x cores (fewer if cores is 1 or unknown).
  function workerColumns(data) {
    var n = cores(data);
    if (!n) return [1, 2, 4, 8].map(function (w) { return { workers: w, label: w + (w === 1 ? ' worker' : ' workers'), multiple: null }; });
    return unique([1, n, 2 * n, 4 * n]).map(function (w) {
      var multiple = w / n;
      var label = w === 1 && n !== 1 ? '1 worker' : w + ' = ' + (multiple === 1 ? 'cores' : multiple + ' \u00D7 cores');
      return { workers: w, label: label, multiple: multiple };
    });
  }

  // One pool's result in a cell: a comparison pool (median, min, max, rsd_pct
  // at the top) or a schema-3 scenario entry (tasks_per_s.median, ...).
  function poolResult(pool, summary) {
    var flat = isNumber(summary.median);
    return {
      pool: pool,
      median: flat ? summary.median : get(summary, 'tasks_per_s.median'),
      min: flat ? summary.min : get(summary, 'tasks_per_s.min'),
      max: flat ? summary.max : get(summary, 'tasks_per_s.max'),
      rsd: summary.rsd_pct,
      repetitions: flat ? (summary.samples || []).length || null : summary.repetitions,
      tasks: summary.tasks,
      submission: summary.submission || null,
      flagged: !!(summary.flagged || (!flat && summary.rsd_warning))
    };
  }

  // The schema-3 matrix: tpool's and every other pool's one-producer,
  // uniform-mix cell at each worker count and task size, reference first.
  function legacyCells(data) {
    var cells = [];
    var scenarios = (data.scenarios || []).filter(function (s) {
      return s.kind === 'throughput' && s.producers === 1 && s.mix === 'uniform' && isNumber(get(s, 'tasks_per_s.median'));
    });
    TASK_SIZES.forEach(function (iterations) {
      workerColumns(data).forEach(function (column) {
        var here = scenarios.filter(function (s) { return s.iterations === iterations && s.workers === column.workers; });
        var pools = [];
        here.sort(function (a, b) { return (a.suite === 'reference' ? 0 : 1) - (b.suite === 'reference' ? 0 : 1); })
          .forEach(function (s) { if (!pools.some(function (p) { return p.pool === s.pool; })) pools.push(poolResult(s.pool, s)); });
        var cell = finishCell({ id: null, kind: 'throughput', iterations: iterations, workers: column.workers, label: column.label,
          pools: pools, higherIsBetter: true, interval: null, verdict: null, source: 'reference' });
        // Schema 3 has no interval, so no verdict: a noisy pool is still said.
        cell.flagged = false;
        cells.push(cell);
      });
    });
    return cells;
  }

  // Fastest pool, best other pool and tpool's ratio to it, from the medians
  // (for a schema-3 cell; a comparison cell brings its own from bench).
  function finishCell(cell) {
    var better = cell.higherIsBetter === false ? function (a, b) { return a.median - b.median; } : function (a, b) { return b.median - a.median; };
    var tpool = cell.pools.filter(function (p) { return p.pool === 'tpool'; })[0] || null;
    var ranked = cell.pools.filter(function (p) { return isNumber(p.median); }).sort(better);
    var best = ranked.filter(function (p) { return p.pool !== 'tpool'; })[0] || null;
    cell.tpool = tpool;
    cell.fastest = ranked.length ? ranked[0].pool : null;
    if (cell.bestOther === undefined) cell.bestOther = best ? best.pool : null;
    if (cell.ratio === undefined) {
      cell.ratio = tpool && best && isNumber(tpool.median) && tpool.median > 0 && best.median > 0
        ? (cell.higherIsBetter === false ? best.median / tpool.median : tpool.median / best.median) : null;
    }
    var pair = cell.pools.filter(function (p) { return p.pool === 'tpool' || p.pool === cell.bestOther; });
    cell.noisyPools = cell.pools.filter(function (p) { return p.flagged; });
    cell.pairPools = pair;
    cell.measured = cell.pools.length > 0;
    return cell;
  }

  // The verdict matrix's cells (one producer, task sizes x worker columns).
  function matrixCells(data) {
    if (hasComparison(data)) {
      return comparisonCells(data).filter(function (c) { return c.kind === 'throughput'; });
    }
    return legacyCells(data);
  }

  function hasComparison(data) {
    return !!(data.comparison && Array.isArray(data.comparison.cells));
  }

  // Schema 4: every comparison cell, verdicts and intervals as bench wrote
  // them. flagged is the verdict's pair: tpool or the best other pool kept an
  // RSD above the limit after the most repetitions, so bench gave no verdict.
  function comparisonCells(data) {
    if (!hasComparison(data)) return [];
    var columns = workerColumns(data);
    return data.comparison.cells.map(function (c) {
      var column = columns.filter(function (col) { return col.workers === c.workers; })[0];
      var best = c.best_other || null;
      var cell = finishCell({
        id: c.id, kind: c.kind, title: c.title, iterations: c.iterations, workers: c.workers, producers: c.producers,
        workersLabel: c.workers_label, label: column ? column.label : c.workers + ' workers',
        metric: c.metric, unit: c.unit === 'us' ? '\u00B5s' : c.unit, higherIsBetter: c.higher_is_better !== false,
        repetitions: c.repetitions, notes: Array.isArray(c.notes) ? c.notes : [], anyFlagged: !!c.flagged,
        started: c.started_s, finished: c.finished_s, vs: Array.isArray(c.vs) ? c.vs : [],
        pools: (c.pools || []).map(function (p) { return poolResult(p.pool, p); }),
        bestOther: best ? best.pool : null,
        ratio: best && isNumber(best.ratio) ? best.ratio : null,
        interval: best && isNumber(best.ci_low) && isNumber(best.ci_high) ? { low: best.ci_low, high: best.ci_high } : null,
        verdict: best && best.verdict && best.verdict !== 'flagged' ? best.verdict : null,
        flagged: !!(best && best.verdict === 'flagged'),
        source: 'comparison'
      });
      return cell;
    });
  }

  // Microseconds one task of `iterations` takes on one thread, from the
  // capture's own inline rows (none: null).
  function taskMicroseconds(data, iterations) {
    var inline = (data.scenarios || []).filter(function (s) { return s.pool === 'inline' && s.iterations === iterations; })[0];
    var rate = get(inline, 'tasks_per_s.median');
    return isNumber(rate) && rate > 0 ? 1e6 / rate : null;
  }

  // The cache-line hand-off readings ([{ label, ns }] in the order taken),
  // the largest over the smallest, whether they moved more than 2x (the
  // machine changed phase) and the comparison cells run during each change.
  function handoff(data) {
    var stability = data.stability;
    var readings = [];
    if (stability && Array.isArray(stability.readings)) {
      stability.readings.forEach(function (r) {
        readings.push({ label: r.at || '', elapsed: r.elapsed_s, ns: isNumber(r.handoff_ns) ? r.handoff_ns : null });
      });
    } else {
      var h = get(data, 'environment.cache_line_handoff_ns') || {};
      if (isNumber(h.start)) readings.push({ label: 'before the scenarios', ns: h.start });
      if (isNumber(h.end)) readings.push({ label: 'after them', ns: h.end });
    }
    var values = readings.map(function (r) { return r.ns; }).filter(isNumber);
    var ratio = stability && isNumber(stability.max_over_min) ? stability.max_over_min
      : (values.length > 1 ? Math.max.apply(null, values) / Math.min.apply(null, values) : null);
    var changes = stability && Array.isArray(stability.changes) ? stability.changes : [];
    var changed = stability && typeof stability.moved_over_2x === 'boolean' ? (stability.moved_over_2x || changes.length > 0)
      : (isNumber(ratio) && ratio > 2);
    var affected = [];
    changes.forEach(function (change) {
      (change.cells || []).forEach(function (id) { if (affected.indexOf(id) < 0) affected.push(id); });
    });
    return { readings: readings, ratio: ratio, changed: !!changed, changes: changes, affected: stability ? affected : null };
  }

  // The change(s) a cell ran during, as a sentence (null: none).
  function changeDuring(h, id) {
    var during = h.changes.filter(function (c) { return (c.cells || []).indexOf(id) >= 0; });
    if (during.length === 0) return null;
    return during.map(function (c) {
      // ratio is the later reading over the earlier: a move either way counts.
      var factor = isNumber(c.ratio) && c.ratio > 0 ? Math.max(c.ratio, 1 / c.ratio) : null;
      return 'the hand-off moved ' + (factor ? T.formatSignificant(factor, 2) + '\u00D7' : 'more than 2\u00D7') + ' between \u201C' + c.from + '\u201D and \u201C' + c.to + '\u201D';
    }).join('; ');
  }

  // The pools this capture measured: those with a row or a comparison result,
  // in the capture's order (tpool first). methodology.peers also names pools
  // that were then skipped; skippedNotes says why.
  function measuredPools(data) {
    var order = (get(data, 'methodology.peers') || []).slice();
    if (order.indexOf('tpool') < 0) order.unshift('tpool');
    var seen = [];
    (data.scenarios || []).forEach(function (s) { if (seen.indexOf(s.pool) < 0) seen.push(s.pool); });
    comparisonCells(data).forEach(function (c) { c.pools.forEach(function (p) { if (seen.indexOf(p.pool) < 0) seen.push(p.pool); }); });
    var listed = order.filter(function (p) { return seen.indexOf(p) >= 0; });
    return listed.concat(seen.filter(function (p) { return listed.indexOf(p) < 0; }));
  }

  function comparedPools(data) {
    return measuredPools(data).filter(function (p) { return p !== 'inline'; });
  }

  function skippedNotes(data) {
    var notes = get(data, 'methodology.notes');
    return Array.isArray(notes) ? notes.filter(function (n) { return /skip/i.test(n); }) : [];
  }

  // What T.matrixCells and the rest give the other parts of the page.
  T.TASK_SIZES = TASK_SIZES;
  T.cores = cores;
  T.workerColumns = workerColumns;
  T.matrixCells = matrixCells;
  T.comparisonCells = comparisonCells;
  T.hasComparison = hasComparison;
  T.changeDuring = changeDuring;
  T.measuredPools = measuredPools;
  T.taskMicroseconds = taskMicroseconds;
  T.handoff = handoff;
  T.comparedPools = comparedPools;
  T.skippedNotes = skippedNotes;
})(window.TpoolPage);
