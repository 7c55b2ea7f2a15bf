/* What the sections read from a capture, in one place: each function turns a
 * capture into the plain rows a section draws, so the sections never guess at
 * the JSON, and the browser test can check a section against the same rows.
 *
 * Verdicts come only from the capture: a comparison cell's interval and
 * verdict are bench's (schema 4, the comparison suite). A capture without a
 * comparison suite (schema 3) still fills the matrix from its one-producer
 * uniform-mix cells, with no interval and no verdict, and says so. */
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

  // One pool's summary in a cell, whatever the capture calls its fields.
  function poolResult(pool, summary) {
    return {
      pool: pool,
      median: get(summary, 'tasks_per_s.median'),
      min: get(summary, 'tasks_per_s.min'),
      max: get(summary, 'tasks_per_s.max'),
      rsd: summary.rsd_pct,
      repetitions: summary.repetitions,
      tasks: summary.tasks,
      flagged: !!(summary.flagged || summary.rsd_warning)
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
        cells.push(finishCell({ iterations: iterations, workers: column.workers, label: column.label, pools: pools,
          interval: null, verdict: null, source: 'reference' }));
      });
    });
    return cells;
  }

  // Fastest pool, best other pool and tpool's ratio to it, from the medians.
  function finishCell(cell) {
    var tpool = cell.pools.filter(function (p) { return p.pool === 'tpool'; })[0] || null;
    var others = cell.pools.filter(function (p) { return p.pool !== 'tpool' && isNumber(p.median); });
    var byRate = cell.pools.filter(function (p) { return isNumber(p.median); }).sort(function (a, b) { return b.median - a.median; });
    var best = others.sort(function (a, b) { return b.median - a.median; })[0] || null;
    cell.tpool = tpool;
    cell.fastest = byRate.length ? byRate[0].pool : null;
    if (cell.bestOther === undefined) cell.bestOther = best ? best.pool : null;
    if (cell.ratio === undefined) cell.ratio = tpool && best && isNumber(tpool.median) ? tpool.median / best.median : null;
    var noisy = cell.pools.filter(function (p) { return p.flagged; });
    if (cell.flagged === undefined) cell.flagged = noisy.length > 0;
    cell.noisyPools = noisy;
    cell.measured = cell.pools.length > 0;
    return cell;
  }

  // The verdict matrix's cells: task sizes x worker columns.
  function matrixCells(data) {
    var comparison = data.comparison;
    if (comparison && Array.isArray(comparison.cells)) return comparisonCells(data, comparison);
    return legacyCells(data);
  }

  // Schema 4: bench's comparison suite, verdicts and intervals as bench wrote them.
  function comparisonCells(data, comparison) {
    var columns = workerColumns(data);
    return comparison.cells.filter(function (c) { return c.kind === 'throughput' || c.kind === undefined; }).map(function (c) {
      var column = columns.filter(function (col) { return col.workers === c.workers; })[0];
      var pools = (c.pools || []).map(function (p) { return poolResult(p.pool, p); });
      var interval = Array.isArray(c.interval) ? { low: c.interval[0], high: c.interval[1] }
        : (c.interval && isNumber(c.interval.low) ? { low: c.interval.low, high: c.interval.high } : null);
      return finishCell({
        id: c.id, iterations: c.iterations, workers: c.workers, label: column ? column.label : c.workers + ' workers',
        pools: pools, bestOther: c.best_peer, ratio: c.ratio_to_best_peer, interval: interval,
        verdict: c.verdict === 'flagged' ? null : (c.verdict || null), flagged: !!c.flagged || c.verdict === 'flagged',
        source: 'comparison'
      });
    });
  }

  // Microseconds one task of `iterations` takes on one thread, from the
  // capture's own inline rows (none: null).
  function taskMicroseconds(data, iterations) {
    var inline = (data.scenarios || []).filter(function (s) { return s.pool === 'inline' && s.iterations === iterations; })[0];
    var rate = get(inline, 'tasks_per_s.median');
    return isNumber(rate) && rate > 0 ? 1e6 / rate : null;
  }

  // The cache-line hand-off readings: [{ label, ns }] in the order taken,
  // and whether they moved more than 2x (the machine changed phase).
  function handoff(data) {
    var stability = data.stability;
    var readings = [];
    if (stability && Array.isArray(stability.readings)) {
      stability.readings.forEach(function (r) { if (isNumber(r.ns)) readings.push({ label: r.when || r.label || '', ns: r.ns }); });
    } else {
      var h = get(data, 'environment.cache_line_handoff_ns') || {};
      if (isNumber(h.start)) readings.push({ label: 'before the scenarios', ns: h.start });
      if (isNumber(h.end)) readings.push({ label: 'after them', ns: h.end });
    }
    var values = readings.map(function (r) { return r.ns; });
    var ratio = values.length > 1 ? Math.max.apply(null, values) / Math.min.apply(null, values) : null;
    var changed = stability && typeof stability.changed === 'boolean' ? stability.changed : (isNumber(ratio) && ratio > 2);
    var affected = stability && Array.isArray(stability.cells_during_change) ? stability.cells_during_change : null;
    return { readings: readings, ratio: ratio, changed: changed, affected: affected };
  }

  // The pools a capture compares (methodology.peers), and the ones it says it skipped.
  function comparedPools(data) {
    var peers = get(data, 'methodology.peers');
    return Array.isArray(peers) ? peers.slice() : unique((data.scenarios || []).map(function (s) { return s.pool; }));
  }

  function skippedNotes(data) {
    var notes = get(data, 'methodology.notes');
    return Array.isArray(notes) ? notes.filter(function (n) { return /skipped/i.test(n); }) : [];
  }

  // What T.matrixCells and the rest give the other parts of the page.
  T.TASK_SIZES = TASK_SIZES;
  T.cores = cores;
  T.workerColumns = workerColumns;
  T.matrixCells = matrixCells;
  T.taskMicroseconds = taskMicroseconds;
  T.handoff = handoff;
  T.comparedPools = comparedPools;
  T.skippedNotes = skippedNotes;
})(window.TpoolPage);
