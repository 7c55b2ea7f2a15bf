/* The reference-suite tables (one per kind) and the extended-suite table:
 * the continuity record, not the verdicts (those are the comparison suite's). */
(function (T) {
  'use strict';
  var el = T.el, isNumber = T.isNumber, get = T.get, unique = T.unique, numberCell = T.numberCell,
    textCell = T.textCell, buildTable = T.buildTable, notice = T.notice, section = T.section,
    KIND_ORDER = T.KIND_ORDER, KIND_TITLES = T.KIND_TITLES, percentCell = T.percentCell;

  // ---- reference and extended tables ----------------------------------------

  function rsdCell(scenario) {
    // Two significant digits: 0.04% stays 0.04%, never 0.0%.
    var spec = T.isNumber(scenario.rsd_pct) ? { text: T.formatSignificant(scenario.rsd_pct, 2) + '%', value: scenario.rsd_pct } : numberCell(null);
    if (scenario.rsd_warning) { spec.mark = true; spec.markTitle = 'RSD above the warning threshold'; }
    return spec;
  }

  function scenarioColumns(kind, peers) {
    // Workers, producers, task size and mix are spelled in the scenario id (the
    // glossary reads it), so the table keeps its width for the measurements.
    var columns = [
      { key: 'id', label: 'Scenario', text: true, cell: function (s) { return textCell(s.id); } }
    ];
    if (kind !== 'lifecycle') {
      columns.push({ key: 'tasks', label: 'Tasks', cell: function (s) { return numberCell(s.tasks, 0); } });
      columns.push({ key: 'tasks_per_s.median', label: 'Median tasks/s', cell: function (s) { return numberCell(get(s, 'tasks_per_s.median'), 0); } });
    }
    columns.push({ key: 'ms.min', label: 'Min ms', cell: function (s) { return numberCell(get(s, 'ms.min'), 3); } });
    columns.push({ key: 'ms.median', label: 'Median ms', cell: function (s) { return numberCell(get(s, 'ms.median'), 3); } });
    columns.push({ key: 'ms.max', label: 'Max ms', cell: function (s) { return numberCell(get(s, 'ms.max'), 3); } });
    columns.push({ key: 'rsd_pct', label: 'RSD', cell: rsdCell });
    peers.forEach(function (peer) {
      columns.push({
        key: 'ratios.' + peer, label: '\u00D7 ' + peer, title: 'tpool median tasks/s divided by ' + peer + '\u2019s',
        cell: function (s) { return numberCell(get(s, 'ratios.' + peer), 2, '\u00D7'); }
      });
    });
    if (kind === 'throughput' || kind === 'many_producers') {
      columns.push({ key: 'efficiency', label: 'Efficiency', title: 'throughput / (min(workers, cores) \u00D7 inline rate)',
        cell: function (s) { return percentCell(s.efficiency); } });
    }
    return columns;
  }

  function peersOf(scenarios) {
    var peers = [];
    scenarios.forEach(function (s) {
      Object.keys(s.ratios || {}).forEach(function (peer) { if (peers.indexOf(peer) < 0) peers.push(peer); });
    });
    return peers;
  }

  function renderReference(ctx) {
    var reference = (ctx.data.scenarios || []).filter(function (s) { return s.suite === 'reference'; });
    var intro = el('p', null, [
      'Median of the measured repetitions per scenario. Ratios divide tpool\u2019s median tasks/s by the ',
      'other pool\u2019s on the same scenario (above 1: tpool is faster). Efficiency compares throughput with ',
      el('code', { text: 'min(workers, cores)' }), ' times the single-thread inline rate of the same workload. ',
      el('span', { className: 'warn-mark', 'aria-hidden': 'true', text: '\u26A0' }),
      ' marks a relative standard deviation above the capture\u2019s warning threshold.'
    ]);
    if (reference.length === 0) return section(ctx, 'reference', 'Reference suite', [intro, notice('This capture has no reference-suite scenarios.')]);
    var kinds = KIND_ORDER.concat(unique(reference.map(function (s) { return s.kind; })).filter(function (k) { return KIND_ORDER.indexOf(k) < 0; }));
    var tables = [];
    kinds.forEach(function (kind) {
      var rows = reference.filter(function (s) { return s.kind === kind; });
      if (rows.length === 0) return;
      tables.push(buildTable((KIND_TITLES[kind] || kind) + ' (' + rows.length + ' scenarios)', scenarioColumns(kind, peersOf(rows)), rows,
        { id: ctx.prefix + 'table-reference-' + kind, 'data-kind': kind, className: 'scenario-table reference-table' }));
    });
    return section(ctx, 'reference', 'Reference suite', [intro].concat(tables));
  }

  function renderExtended(ctx) {
    var rows = (ctx.data.scenarios || []).filter(function (s) { return s.suite !== 'reference'; });
    var intro = el('p', { text: 'The same workload and validation, run on the other pools and on more worker counts, with ' +
      'fewer repetitions than tpool\u2019s reference rows (see Reps): a record, not a verdict; the comparison suite above gives the verdicts.' });
    if (rows.length === 0) return section(ctx, 'extended', 'Other pools and sweeps (extended suite)', [intro, notice('This capture has no extended-suite scenarios (no other pools or sweeps were run).')]);
    var columns = [
      { key: 'id', label: 'Scenario', text: true, cell: function (s) { return textCell(s.id); } },
      { key: 'pool', label: 'Pool', text: true, cell: function (s) { return textCell(s.pool); } },
      { key: 'workers', label: 'Workers', cell: function (s) { return numberCell(s.workers, 0); } },
      { key: 'producers', label: 'Producers', cell: function (s) { return numberCell(s.producers, 0); } },
      { key: 'iterations', label: 'Iterations', cell: function (s) { return numberCell(s.iterations, 0); } },
      { key: 'mix', label: 'Mix', text: true, cell: function (s) { return textCell(s.mix); } },
      { key: 'repetitions', label: 'Reps', cell: function (s) { return numberCell(s.repetitions, 0); } },
      { key: 'tasks_per_s.median', label: 'Median tasks/s', cell: function (s) { return numberCell(get(s, 'tasks_per_s.median'), 0); } },
      { key: 'ms.median', label: 'Median ms', cell: function (s) { return numberCell(get(s, 'ms.median'), 3); } },
      { key: 'rsd_pct', label: 'RSD', cell: rsdCell },
      { key: 'efficiency', label: 'Efficiency', cell: function (s) { return percentCell(s.efficiency); } }
    ];
    return section(ctx, 'extended', 'Other pools and sweeps (extended suite)', [intro,
      buildTable('Extended suite (' + rows.length + ' scenarios)', columns, rows, { id: ctx.prefix + 'table-extended', className: 'scenario-table' })]);
  }

  // What the other parts of the page use.
  T.rsdCell = rsdCell;
  T.scenarioColumns = scenarioColumns;
  T.peersOf = peersOf;
  T.renderReference = renderReference;
  T.renderExtended = renderExtended;
})(window.TpoolPage);
