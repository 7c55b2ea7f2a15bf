/* The capture section: banners (Wine, quick run, noisy cells), the machine and
 * run facts, and the download links of the platform's files. */
(function (T) {
  'use strict';
  var el = T.el, isNumber = T.isNumber, formatNumber = T.formatNumber, get = T.get, section = T.section,
    poolsOf = T.poolsOf, fifoNote = T.fifoNote, CAPTURE_FOLDERS = T.CAPTURE_FOLDERS, page = T.page;

  // ---- capture, environment and banners -------------------------------------

  function renderCapture(ctx) {
    var data = ctx.data;
    var env = data.environment || {};
    var banners = el('div', { className: 'capture-banners' });
    if (env.wine_version) {
      banners.appendChild(el('p', { className: 'banner banner-warn wine-banner' }, [
        'Ran under Wine (' + env.wine_version + (env.host_os ? ' on ' + env.host_os : '') + '): a Windows build ' +
        'measured through Wine\u2019s emulation of the Windows API, not on Windows. Kernel objects are much ' +
        'slower there, which affects pools that use them; do not read these numbers as native Windows timings.'
      ]));
    }
    if (get(data, 'methodology.quick')) {
      banners.appendChild(el('p', { className: 'banner banner-warn quick-banner' }, [
        'Smoke run (bench --quick): tiny task counts and few repetitions. Every task was still validated, ' +
        'but the timings are too short to compare with a full run.'
      ]));
    }
    var warnings = (data.scenarios || []).filter(function (s) { return s.rsd_warning; }).length;
    if (warnings > 0) {
      banners.appendChild(el('p', { className: 'banner' }, [
        warnings + ' scenario' + (warnings === 1 ? '' : 's') + ' varied more than the ' +
        (get(data, 'methodology.rsd_warning_pct') || '?') + '% RSD threshold (marked \u26A0): treat their medians with care.'
      ]));
    }
    var rows = data.rows || {};
    var facts = [
      ['Captured (UTC)', data.captured_utc],
      ['Platform', data.platform],
      ['Schema version', data.schema_version],
      ['CPU', env.cpu_model],
      ['Cores', (isNumber(env.physical_cores) ? env.physical_cores + ' physical, ' : '') +
        (isNumber(env.logical_cores) ? env.logical_cores + ' logical' : '')],
      ['Operating system', env.os],
      ['Under Wine', env.wine_version ? env.wine_version + (env.host_os ? ' (host: ' + env.host_os + ')' : '') : 'no'],
      ['Compiler', env.compiler],
      ['Build', [env.build_type, env.cxx_standard ? 'C++ ' + env.cxx_standard : null].filter(Boolean).join(', ')],
      ['Clock', env.clock + (isNumber(env.clock_frequency) ? ' at ' + formatNumber(env.clock_frequency, 0) + ' ticks/s' : '')],
      ['Priorities', 'process ' + (env.process_priority || 'n/a') + ', main thread ' + (env.main_thread_priority || 'n/a')],
      ['Affinity', env.affinity || 'not pinned'],
      ['Power plan', env.power_plan || 'not recorded'],
      ['Stable mode', env.stable_mode ? 'yes' : 'no'],
      ['Cache-line hand-off', handoffText(env.cache_line_handoff_ns)],
      ['Pools measured', poolsOf(data).filter(function (pool) { return pool !== 'inline'; }).map(function (pool) { return pool + fifoNote(data, pool); }).join(', ')],
      ['Rows', (isNumber(rows.reference) ? rows.reference : '?') + ' reference rows (expected ' + (get(data, 'expected_rows.reference') || '?') + '), ' +
        (isNumber(rows.total) ? rows.total : '?') + ' in total, every one validated']
    ];
    var list = el('dl', { className: 'facts capture-facts', id: ctx.prefix + 'capture-facts' });
    facts.forEach(function (fact) {
      list.appendChild(el('dt', { text: fact[0] }));
      list.appendChild(el('dd', { text: fact[1] === undefined || fact[1] === null || fact[1] === '' ? 'n/a' : String(fact[1]) }));
    });
    var folder = CAPTURE_FOLDERS[ctx.platform];
    var downloads = el('p', { className: 'downloads' }, folder ? [
      'Downloads: ',
      el('a', { className: 'download-csv', href: folder + 'native-runs.csv', download: true, text: 'native-runs.csv' }),
      ' (one row per measured repetition), ',
      el('a', { className: 'download-json', href: folder + 'benchmarks.json', download: true, text: 'benchmarks.json' }),
      ' (environment, summaries, every repetition, the source manifest).'
    ] : ['This platform has no download folder known to this page.']);
    return section(ctx, 'capture', 'This capture', [banners, list, downloads]);
  }

  // environment.cache_line_handoff_ns: measured before and after the scenarios.
  function handoffText(handoff) {
    if (!handoff || (!isNumber(handoff.start) && !isNumber(handoff.end))) return 'not recorded';
    var start = isNumber(handoff.start) ? formatNumber(handoff.start, 1) + ' ns' : 'n/a';
    var end = isNumber(handoff.end) ? formatNumber(handoff.end, 1) + ' ns' : 'n/a';
    return start + ' before the scenarios, ' + end + ' after (one transfer between two threads)';
  }

  // What the other parts of the page use.
  T.renderCapture = renderCapture;
  T.handoffText = handoffText;
})(window.TpoolPage);
