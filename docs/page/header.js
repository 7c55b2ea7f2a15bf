/* The top of a tab and its machine: what build ran where (plainly, for the
 * Windows build under Wine), the machine in one line, the cache-line hand-off
 * readings with a warning when the machine changed phase during the run, and
 * the capture's details and download links. */
(function (T) {
  'use strict';
  var el = T.el, isNumber = T.isNumber, formatNumber = T.formatNumber, formatSignificant = T.formatSignificant,
    get = T.get, section = T.section,
    fifoNote = T.fifoNote, CAPTURE_FOLDERS = T.CAPTURE_FOLDERS, measuredPools = T.measuredPools,
    skippedNotes = T.skippedNotes, handoff = T.handoff;

  // Whether the machine is a virtual machine, as the capture says (schema 4), or unknown.
  function virtualMachineText(env) {
    var evidence = env.virtual_machine_evidence ? ' (' + env.virtual_machine_evidence + ')' : '';
    if (env.virtual_machine === 'yes') return 'virtual machine' + evidence + ', possibly sharing its processors';
    if (env.virtual_machine === 'no') return 'not a virtual machine';
    return 'virtual machine or not: ' + (env.virtual_machine === 'unknown' ? 'unknown' : 'not recorded');
  }

  function underWine(data) {
    var env = data.environment || {};
    return env.under_wine === true || !!env.wine_version;
  }

  // The machine in one line: environment.summary (schema 4), else built from
  // what an older capture records.
  function machineLine(data) {
    var env = data.environment || {};
    if (typeof env.summary === 'string' && env.summary) return env.summary;
    var parts = [];
    parts.push(isNumber(env.logical_cores) ? env.logical_cores + ' logical processors' : 'logical processors not recorded');
    parts.push(virtualMachineText(env));
    if (underWine(data)) parts.push('Windows build under Wine' + (env.wine_version ? ' ' + env.wine_version : '') + ' on ' + (env.host_os || 'Linux'));
    else parts.push(env.os || 'OS not recorded');
    return parts.join(', ');
  }

  function banners(data) {
    var env = data.environment || {};
    var list = el('div', { className: 'capture-banners' });
    if (underWine(data)) {
      list.appendChild(el('p', { className: 'banner banner-warn wine-banner' }, [
        el('strong', { text: 'This tab is the Windows build running under Wine on Linux, not Windows. ' }),
        'Every pool here goes through Wine\u2019s implementation of the Windows API (' + (env.wine_version || 'Wine') + ' on ' + (env.host_os || 'Linux') +
        '); kernel objects and thread start-up cost much more there than on Windows. The native tab measures the same pools on the same kernel without Wine.'
      ]));
    }
    if (get(data, 'methodology.quick')) {
      list.appendChild(el('p', { className: 'banner banner-warn quick-banner' }, [
        'Smoke run (bench --quick): tiny task counts and few repetitions. Every task was still validated, ' +
        'but the timings are too short to compare with a full run.'
      ]));
    }
    return list;
  }

  function renderHeader(ctx) {
    var data = ctx.data;
    return el('div', { className: 'capture-header', id: ctx.prefix + 'capture' }, [
      banners(data),
      el('p', { className: 'machine-line', id: ctx.prefix + 'machine-line' }, [
        el('span', { className: 'machine-label', text: 'Machine: ' }), machineLine(data),
        el('span', { className: 'muted', text: ' \u00B7 captured ' + (data.captured_utc || '?') + ' UTC' })
      ])
    ]);
  }

  function handoffReadings(data) {
    var h = handoff(data);
    if (h.readings.length === 0) return 'not recorded';
    return h.readings.map(function (r) {
      return (isNumber(r.ns) ? formatNumber(r.ns, 1) + ' ns' : 'not measured') + ' ' + r.label + (isNumber(r.elapsed) ? ' (at ' + formatSignificant(r.elapsed, 3) + ' s)' : '');
    }).join('; ');
  }

  // Everything else the capture records about its run, and its files.
  function renderDetails(ctx) {
    var data = ctx.data;
    var env = data.environment || {};
    var rows = data.rows || {};
    var pools = measuredPools(data).filter(function (p) { return p !== 'inline'; });
    var skipped = skippedNotes(data);
    var facts = [
      ['Captured (UTC)', data.captured_utc],
      ['Platform', data.platform],
      ['Schema version', data.schema_version],
      ['CPU', env.cpu_model],
      ['Cores', (isNumber(env.physical_cores) ? env.physical_cores + ' physical, ' : '') +
        (isNumber(env.logical_cores) ? env.logical_cores + ' logical' : '')],
      ['Operating system', env.os],
      ['Under Wine', underWine(data) ? (env.wine_version || 'yes') + (env.host_os ? ' (host: ' + env.host_os + ')' : '') : 'no'],
      ['Virtual machine', virtualMachineText(env)],
      ['Compiler', env.compiler],
      ['Build', [env.build_type, env.cxx_standard ? 'C++ ' + env.cxx_standard : null].filter(Boolean).join(', ')],
      ['Clock', env.clock + (isNumber(env.clock_frequency) ? ' at ' + formatNumber(env.clock_frequency, 0) + ' ticks/s' : '')],
      ['Priorities', 'process ' + (env.process_priority || 'n/a') + ', main thread ' + (env.main_thread_priority || 'n/a')],
      ['Affinity', env.affinity || 'not pinned'],
      ['Stable mode', env.stable_mode ? 'yes' : 'no'],
      ['Pools measured', pools.map(function (pool) { return pool + fifoNote(data, pool); }).join(', ')],
      ['Skipped', skipped.length ? skipped.join('; ') : 'nothing'],
      ['Cache-line hand-off', handoffReadings(data)],
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
      'The full capture: ',
      el('a', { className: 'download-json', href: folder + 'benchmarks.json', download: true, text: 'benchmarks.json' }),
      ' (environment, summaries, every repetition, the source manifest) and ',
      el('a', { className: 'download-csv', href: folder + 'native-runs.csv', download: true, text: 'native-runs.csv' }),
      ' (one row per measured repetition).'
    ] : ['This platform has no download folder known to this page.']);
    return section(ctx, 'details', 'This capture', [downloads, list]);
  }

  // What the other parts of the page use.
  T.machineLine = machineLine;
  T.renderHeader = renderHeader;
  T.underWine = underWine;
  T.renderDetails = renderDetails;
})(window.TpoolPage);
