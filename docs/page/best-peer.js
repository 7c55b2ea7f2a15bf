/* The first table: tpool beside the fastest other pool in every cell. */
(function (T) {
  'use strict';
  var el = T.el, isNumber = T.isNumber, get = T.get, numberCell = T.numberCell, textCell = T.textCell,
    buildTable = T.buildTable, notice = T.notice, section = T.section, fifoNote = T.fifoNote,
    scenarioEntry = T.scenarioEntry, isPoolScenario = T.isPoolScenario;

  // ---- the first table: tpool beside the best other pool ----------------------

  function renderBestPeer(ctx) {
    var data = ctx.data;
    var cells = (data.scenarios || []).filter(function (s) { return s.pool === 'tpool' && s.suite === 'reference' && isPoolScenario(s); });
    var intro = el('p', null, [
      'Every throughput cell of the reference suite: tpool\u2019s median tasks/s beside the fastest other pool ',
      'measured on the same scenario (same inputs, readiness, timing and per-task validation). The ratio is ',
      'tpool\u2019s median divided by that pool\u2019s; below 1.00\u00D7 tpool is not the fastest, and the row is marked.'
    ]);
    if (cells.length === 0) return section(ctx, 'best-peer', 'tpool beside the best other pool', [intro, notice('This capture has no throughput cells.')]);
    var hasField = cells.some(function (s) { return Object.prototype.hasOwnProperty.call(s, 'best_peer'); });
    if (!hasField) {
      return section(ctx, 'best-peer', 'tpool beside the best other pool', [intro,
        notice('This capture (schema version ' + data.schema_version + ') predates the best-peer fields; the ratio columns of the reference tables below hold its comparisons.')]);
    }
    var slower = cells.filter(function (s) { return isNumber(s.ratio_to_best_peer) && s.ratio_to_best_peer < 1; }).length;
    var compared = cells.filter(function (s) { return isNumber(s.ratio_to_best_peer); }).length;
    var summary = el('p', { className: 'best-peer-summary' }, [compared === 0
      ? 'No other pool was measured on these cells.'
      : 'tpool is not the fastest in ' + slower + ' of ' + compared + ' cells.']);
    var columns = [
      { key: 'id', label: 'Scenario', text: true, cell: function (s) { return textCell(s.id); } },
      { key: 'tpool', label: 'tpool tasks/s', cell: function (s) { return numberCell(get(s, 'tasks_per_s.median'), 0); } },
      { key: 'best_peer', label: 'Fastest other pool', text: true, cell: function (s) {
        if (!s.best_peer) return { text: 'none measured', className: 'na text' };
        return { text: s.best_peer + fifoNote(data, s.best_peer), value: s.best_peer, className: 'text' };
      } },
      { key: 'best_peer_rate', label: 'Its tasks/s', cell: function (s) {
        var peer = s.best_peer ? scenarioEntry(data, s.id, s.best_peer) : null;
        return numberCell(peer ? get(peer, 'tasks_per_s.median') : null, 0);
      } },
      { key: 'ratio_to_best_peer', label: 'tpool \u00F7 it', title: 'tpool median tasks/s divided by the fastest other pool\u2019s',
        cell: function (s) { return numberCell(s.ratio_to_best_peer, 2, '\u00D7'); } },
      { key: 'verdict', label: 'Verdict', text: true, cell: function (s) {
        if (!isNumber(s.ratio_to_best_peer)) return { text: 'no comparison', className: 'na text' };
        if (s.ratio_to_best_peer < 1) return { text: '\u25BC slower than ' + s.best_peer, value: 'slower', className: 'text verdict-slower' };
        return { text: 'tpool fastest', value: 'fastest', className: 'text verdict-fastest' };
      } }
    ];
    var table = buildTable('tpool and the fastest other pool, per cell (' + cells.length + ' cells)', columns, cells,
      { className: 'best-peer-table', id: ctx.prefix + 'table-best-peer' },
      function (s) { return isNumber(s.ratio_to_best_peer) && s.ratio_to_best_peer < 1 ? 'not-fastest' : null; });
    return section(ctx, 'best-peer', 'tpool beside the best other pool', [intro, summary, table]);
  }

  // What the other parts of the page use.
  T.renderBestPeer = renderBestPeer;
})(window.TpoolPage);
