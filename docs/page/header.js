/* The top of a tab and its machine: what build ran where (plainly, for the
 * Windows build under Wine), the machine in one line, the cache-line hand-off
 * readings with a warning when the machine changed phase during the run, and
 * the capture's details and download links. */
(function (T) {
  'use strict';
  var el = T.el, isNumber = T.isNumber, formatNumber = T.formatNumber, formatSignificant = T.formatSignificant,
    get = T.get, section = T.section, buildTable = T.buildTable, numberCell = T.numberCell, textCell = T.textCell,
    fifoNote = T.fifoNote, CAPTURE_FOLDERS = T.CAPTURE_FOLDERS, comparedPools = T.comparedPools,
    skippedNotes = T.skippedNotes, handoff = T.handoff;

  // Whether the machine is a virtual machine, as the capture says (schema 4), or unknown.
  function virtualMachineText(env) {
    var vm = env.virtual_machine !== undefined ? env.virtual_machine : env.hypervisor;
    if (vm === true) return 'virtual machine' + (env.shared === false ? '' : ', shared with other work');
    if (vm === false) return 'not a virtual machine';
    if (typeof vm === 'string' && vm) return vm;
    return 'virtual machine or not: not recorded';
  }

  // The machine in one line: processors, VM or not, OS and what build ran there.
  function machineLine(data) {
    var env = data.environment || {};
    var parts = [];
    parts.push(isNumber(env.logical_cores) ? env.logical_cores + ' logical processors' : 'logical processors not recorded');
    parts.push(virtualMachineText(env));
    if (env.wine_version) {
      parts.push('the Windows build under Wine (' + env.wine_version + ') on ' + (env.host_os || 'Linux'));
    } else {
      parts.push((env.os || 'OS not recorded') + ', native build');
    }
    if (env.cpu_model) parts.push(env.cpu_model);
    return parts.join(' \u00B7 ');
  }

  function banners(data) {
    var env = data.environment || {};
    var list = el('div', { className: 'capture-banners' });
    if (env.wine_version) {
      list.appendChild(el('p', { className: 'banner banner-warn wine-banner' }, [
        el('strong', { text: 'This tab is the Windows build running under Wine on Linux, not Windows. ' }),
        'Every pool here goes through Wine\u2019s version of the Windows API (' + env.wine_version + ' on ' + (env.host_os || 'Linux') +
        '); kernel objects and thread start-up are much slower there than on Windows. The native tab measures the same pools on the same kernel without Wine.'
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
        el('span', { className: 'machine-label', text: 'Machine: ' }), machineLine(data)
      ])
    ]);
  }

  // The hand-off readings as a small table, with the phase warning beside them.
  function renderStability(ctx) {
    var data = ctx.data;
    var h = handoff(data);
    var children = [el('p', { text: 'One cache-line hand-off between two threads, timed by bench while it ran. Every per-task cost ' +
      'here is a few such transfers, so when this figure moves, every rate moves with it: compare two captures only when their readings agree.' })];
    if (h.readings.length === 0) {
      children.push(el('p', { className: 'notice', text: 'This capture has no hand-off readings.' }));
      return section(ctx, 'stability', 'Machine stability', children);
    }
    if (h.changed) {
      var where = h.affected && h.affected.length
        ? 'The cells measured during the change are marked \u26A0 in the matrix: ' + h.affected.join(', ') + '.'
        : 'The capture does not say which cells ran during the change, so every cell may be affected.';
      children.push(el('p', { className: 'banner banner-warn phase-warning', id: ctx.prefix + 'phase-warning' }, [
        el('strong', { text: 'The machine changed phase during this run: ' }),
        'the hand-off time moved ' + formatSignificant(h.ratio, 2) + '\u00D7 between readings (more than 2\u00D7). ' + where
      ]));
    }
    children.push(buildTable('Cache-line hand-off readings, in the order taken', [
      { key: 'when', label: 'When', text: true, cell: function (r) { return textCell(r.label); } },
      { key: 'ns', label: 'Hand-off, ns', cell: function (r) { return numberCell(r.ns, 1); } }
    ], h.readings, { id: ctx.prefix + 'table-handoff', className: 'handoff-table' }));
    return section(ctx, 'stability', 'Machine stability', children);
  }

  // Everything else the capture records about its run, and its files.
  function renderDetails(ctx) {
    var data = ctx.data;
    var env = data.environment || {};
    var rows = data.rows || {};
    var pools = comparedPools(data);
    var skipped = skippedNotes(data);
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
      ['Stable mode', env.stable_mode ? 'yes' : 'no'],
      ['Pools compared', pools.map(function (pool) { return pool + fifoNote(data, pool); }).join(', ')],
      ['Skipped', skipped.length ? skipped.join('; ') : 'nothing'],
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
  T.renderStability = renderStability;
  T.renderDetails = renderDetails;
})(window.TpoolPage);
