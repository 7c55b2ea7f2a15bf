/* How the capture was measured, and its source manifest. */
(function (T) {
  'use strict';
  var el = T.el, isNumber = T.isNumber, textCell = T.textCell, buildTable = T.buildTable,
    section = T.section;

  // ---- methodology and sources ----------------------------------------------

  function renderMethodology(ctx) {
    var data = ctx.data;
    var method = data.methodology || {};
    var list = el('dl', { className: 'facts methodology-facts' });
    var facts = [
      ['Warm-ups (discarded, validated)', method.warmups],
      ['Measured repetitions', method.repetitions],
      ['Other pools\u2019 warm-ups / repetitions', method.peer_warmups !== undefined ? method.peer_warmups + ' / ' + method.peer_repetitions : undefined],
      ['Input seed', method.seed],
      ['Shuffle', method.shuffle],
      ['Workload', method.workload],
      ['RSD warning above', isNumber(method.rsd_warning_pct) ? method.rsd_warning_pct + '%' : undefined],
      ['Pools measured', Array.isArray(method.peers) ? method.peers.join(', ') : undefined],
      ['Notes from bench', Array.isArray(method.notes) && method.notes.length ? method.notes.join('; ') : undefined]
    ];
    Object.keys(method.boundaries || {}).forEach(function (kind) { facts.push(['Timed boundary: ' + kind, method.boundaries[kind]]); });
    facts.forEach(function (fact) {
      if (fact[1] === undefined || fact[1] === null) return;
      list.appendChild(el('dt', { text: fact[0] }));
      list.appendChild(el('dd', { text: String(fact[1]) }));
    });
    var sources = data.sources || [];
    var sourceBody = sources.length === 0 ? el('p', { text: 'The capture lists no source files.' })
      : buildTable(sources.length + ' files, by path relative to the repository', [
        { label: 'Path', text: true, cell: function (s) { return textCell(s.path); } },
        { label: 'SHA-256', text: true, cell: function (s) { return s.sha256 ? { text: s.sha256, value: s.sha256, className: 'text' } : { text: 'missing at run time', className: 'na text' }; } }
      ], sources, { id: ctx.prefix + 'table-sources' });
    return section(ctx, 'methodology', 'How this was measured', [
      el('p', { text: 'Each scenario runs validated warm-ups that are discarded, then the measured repetitions, each on a fresh pool ' +
        'whose workers are all idle before the clock starts. Every task is checked after shutdown (accepted, executed, completed ' +
        'and succeeded exactly once, never cancelled, expected checksum); a repetition that fails any check produces no row, and ' +
        'the publisher refuses a capture with a missing or unvalidated row.' }),
      list,
      el('details', null, [el('summary', { text: 'Measured sources (SHA-256)' }), sourceBody])
    ]);
  }

  // What the other parts of the page use.
  T.renderMethodology = renderMethodology;
})(window.TpoolPage);
