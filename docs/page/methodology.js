/* How the capture was measured, and its source manifest. */
(function (T) {
  'use strict';
  var el = T.el, isNumber = T.isNumber, section = T.section;

  // ---- methodology and sources ----------------------------------------------

  function renderMethodology(ctx) {
    var data = ctx.data;
    var method = data.methodology || {};
    var list = el('dl', { className: 'facts methodology-facts' });
    var facts = [
      ['Reference suite: warm-ups (discarded, validated)', method.warmups],
      ['Reference suite: measured repetitions', method.repetitions],
      ['Other pools\u2019 warm-ups / repetitions', method.peer_warmups !== undefined ? method.peer_warmups + ' / ' + method.peer_repetitions : undefined],
      ['Input seed', method.seed],
      ['Shuffle', method.shuffle],
      ['Workload', method.workload],
      ['RSD warning above', isNumber(method.rsd_warning_pct) ? method.rsd_warning_pct + '%' : undefined],
      ['Pools planned', Array.isArray(method.peers) ? method.peers.join(', ') : undefined],
      ['Notes from bench', Array.isArray(method.notes) && method.notes.length ? method.notes.join('; ') : undefined]
    ];
    var cmp = (data.comparison || {}).method;
    if (cmp && typeof cmp === 'object') {
      facts.push(['Comparison suite: every pool', (cmp.warmups !== undefined ? cmp.warmups + ' warm-up(s), ' : '') + (cmp.repetitions || '?') + ' repetitions, up to ' +
        (cmp.max_repetitions || '?') + ' while an RSD stays above ' + (cmp.rsd_limit_pct || '?') + '%; each repetition calibrated to about ' + (cmp.target_ms || '?') +
        ' ms (' + (cmp.min_tasks || '?') + ' to ' + (cmp.max_tasks || '?') + ' tasks)']);
      facts.push(['Comparison suite: order', cmp.order]);
      var b = cmp.bootstrap || {};
      facts.push(['Comparison suite: interval', (isNumber(b.confidence) ? b.confidence * 100 + '% ' : '') + (b.interval || '') + ' bootstrap of the ratio of medians, ' +
        (b.resamples || '?') + ' resamples, seed ' + (b.seed || '?')]);
    }
    Object.keys(method.boundaries || {}).forEach(function (kind) { facts.push(['Timed boundary: ' + kind, method.boundaries[kind]]); });
    facts.forEach(function (fact) {
      if (fact[1] === undefined || fact[1] === null) return;
      list.appendChild(el('dt', { text: fact[0] }));
      list.appendChild(el('dd', { text: String(fact[1]) }));
    });
    var sources = data.sources || {};
    var sourceText = isNumber(sources.files)
      ? 'bench hashed ' + sources.files + ' source files (SHA-256, by path relative to the repository)' +
        (sources.missing ? ', ' + sources.missing + ' of them missing at run time' : '') + '; benchmarks.json lists them.'
      : 'The capture lists no source files.';
    return section(ctx, 'methodology', 'How this was measured', [
      el('p', { text: 'Each scenario runs validated warm-ups that are discarded, then the measured repetitions, each on a fresh pool ' +
        'whose workers are all idle before the clock starts. Every task is checked after shutdown (accepted, executed, completed ' +
        'and succeeded exactly once, never cancelled, expected checksum); a repetition that fails any check produces no row, and ' +
        'the publisher refuses a capture with a missing or unvalidated row.' }),
      list,
      el('p', { className: 'sources', text: sourceText })
    ]);
  }

  // What the other parts of the page use.
  T.renderMethodology = renderMethodology;
})(window.TpoolPage);
