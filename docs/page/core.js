/* The results page renders the published captures (window.TPOOL_CAPTURES, from
 * ../assets/benchmark-data.js: one object per platform), one tab per platform.
 * A panel shows only its own capture; nothing is ever computed across captures,
 * and a missing capture or section says so instead of showing anything made up.
 * window.TPOOL_PAGE exposes the tabs, chart instances and pool colours for the
 * browser test.
 *
 * The program is split by section into plain scripts sharing one namespace,
 * window.TpoolPage: each script takes what it needs from it when it loads and
 * adds what it defines, so index.html loads them in dependency order.
 *
 * This one is shared by every part: the constants, the DOM and number helpers,
 * the table builder and what every section asks of a capture (its pools, a
 * scenario). */
window.TpoolPage = {};
(function (T) {
  'use strict';


  // Tabs: the two captures tools/bench.sh publishes always have a tab (saying
  // so when nothing is published for it); any other published platform too.
  // The native one comes first and is shown by default: there every pool
  // runs on the same kernel.
  var PLATFORM_ORDER = ['linux-x64', 'x64', 'Win32'];
  var ALWAYS_SHOWN = ['x64', 'linux-x64'];
  var PLATFORM_LABELS = { x64: 'Windows x64', 'linux-x64': 'Linux x64, native', Win32: 'Windows x86 (32-bit)' };
  // Where Benchmark.ps1 publishes each platform's files (tools/publisher/PublishCapture.ps1).
  var CAPTURE_FOLDERS = { x64: '../assets/', 'linux-x64': '../assets/linux-x64/', Win32: '../assets/Win32/' };
  var PUBLISH_COMMANDS = {
    x64: 'tools/bench.sh --platform x64',
    'linux-x64': 'tools/bench.sh --platform linux-x64',
    Win32: 'pwsh tools/Benchmark.ps1 -Platform Win32 -Publish'
  };

  var KIND_ORDER = ['throughput', 'many_producers', 'serial_threads', 'lifecycle'];
  var KIND_TITLES = {
    throughput: 'Throughput: one producer, fixed workers',
    many_producers: 'Many producers: 16 producers, 8 workers',
    serial_threads: 'Native threads: one OS thread per task, created and joined serially',
    lifecycle: 'Pool lifecycle: create and shut down, no tasks'
  };
  // One colour per pool, the same on every chart of every tab; only tpool is blue.
  var POOL_COLORS = {
    tpool: '#0b63ce', naive: '#e08600', asio: '#138a5b', moodycamel: '#c2408f', win32_tp: '#7a3fd1',
    tbb: '#c43c00', baseline: '#6b7785', thread_per_task: '#9a7400', split: '#2b2f36', inline: '#8c6d55'
  };
  var EXTRA_COLORS = ['#5c4b8a', '#7d5a00', '#00707a', '#8a2f4f'];
  var PASS_COLOR = '#1a7f37';
  var FAIL_COLOR = '#d1242f';
  var MIXES = ['uniform', 'high90', 'low90'];
  var PRIORITIES = ['high', 'medium', 'low'];
  var PERCENTILES = [['p50_us', 'p50'], ['p90_us', 'p90'], ['p99_us', 'p99'], ['p999_us', 'p99.9'], ['max_us', 'max']];
  var PERCENTILE_COLORS = ['#8ecae6', '#219ebc', '#126782', '#fb8500', '#d1242f'];

  var page = {
    rendered: false, hasCapture: false, tabs: [], charts: {}, emptyCharts: {}, drawn: {},
    poolColors: POOL_COLORS, activate: null
  };
  window.TPOOL_PAGE = page;

  // ---- small helpers ------------------------------------------------------

  function byId(id) { return document.getElementById(id); }

  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    if (attributes) {
      Object.keys(attributes).forEach(function (name) {
        var value = attributes[name];
        if (value === null || value === undefined || value === false) return;
        if (name === 'text') node.textContent = value;
        else if (name === 'className') node.className = value;
        else node.setAttribute(name, value === true ? '' : String(value));
      });
    }
    (children || []).forEach(function (child) {
      if (child === null || child === undefined) return;
      node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    });
    return node;
  }

  function isNumber(value) { return typeof value === 'number' && isFinite(value); }

  function formatNumber(value, digits) {
    if (!isNumber(value)) return null;
    return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  }

  // Microseconds: two decimals below 10 us (sub-microsecond waits stay readable), one above.
  function microsecondDigits(value) { return Math.abs(value) < 10 ? 2 : 1; }

  // Decimals that show `significant` significant digits of value (at least
  // none): 0.0004 -> 4 decimals at 1 digit, 1234.5 -> 0 at 3 digits.
  function significantDigits(value, significant) {
    if (!isNumber(value) || value === 0) return 0;
    return Math.max(0, significant - 1 - Math.floor(Math.log10(Math.abs(value))));
  }

  // value with `significant` significant digits (3 unless said), grouped thousands.
  function formatSignificant(value, significant) {
    if (!isNumber(value)) return null;
    return formatNumber(value, significantDigits(value, significant || 3));
  }

  function get(object, path) {
    return path.split('.').reduce(function (current, key) {
      return current === null || current === undefined ? undefined : current[key];
    }, object);
  }

  function unique(values) {
    return values.filter(function (value, index) { return values.indexOf(value) === index; });
  }

  // A cell spec: the text shown plus the raw value (kept in data-value for sorting and tests).
  function numberCell(value, digits, suffix) {
    var text = formatNumber(value, digits);
    if (text === null) return { text: 'n/a', className: 'na' };
    return { text: text + (suffix || ''), value: value };
  }

  // A fraction shown as a percentage with 3 significant digits: 0.0004 -> 0.0400%.
  function percentCell(fraction) {
    if (!isNumber(fraction)) return numberCell(null);
    return { text: formatSignificant(fraction * 100, 3) + '%', value: fraction };
  }

  function microsecondCell(value) {
    return isNumber(value) ? numberCell(value, microsecondDigits(value)) : numberCell(null);
  }

  function textCell(value) {
    if (value === null || value === undefined || value === '') return { text: 'n/a', className: 'na text' };
    return { text: String(value), value: String(value), className: 'text' };
  }

  // columns: [{ label, text?: bool, key?, cell(row) -> spec }]; the first column is the row header.
  function buildTable(caption, columns, rows, attributes, rowClass) {
    var headRow = el('tr', null, columns.map(function (column) {
      return el('th', { scope: 'col', className: column.text ? 'text' : null, title: column.title }, [column.label]);
    }));
    var body = el('tbody', null, rows.map(function (row) {
      return el('tr', { className: rowClass ? rowClass(row) : null }, columns.map(function (column, index) {
        var spec = column.cell(row);
        var cell = el(index === 0 ? 'th' : 'td', {
          scope: index === 0 ? 'row' : null,
          className: spec.className || (column.text ? 'text' : null),
          'data-value': spec.value === undefined ? null : String(spec.value),
          'data-column': column.key || null,
          title: spec.title
        }, [spec.text]);
        if (spec.mark) cell.appendChild(el('span', { className: 'rsd-warning', title: spec.markTitle }, [' \u26A0']));
        return cell;
      }));
    }));
    var table = el('table', attributes || null, [el('caption', { text: caption }), el('thead', null, [headRow]), body]);
    return el('div', { className: 'table-scroll' }, [table]);
  }

  function notice(text, className) {
    return el('p', { className: 'notice' + (className ? ' ' + className : ''), text: text });
  }

  function section(ctx, name, title, children) {
    return el('section', { className: 'panel-section section-' + name, id: ctx.prefix + name, 'aria-labelledby': ctx.prefix + name + '-title' },
      [el('h2', { id: ctx.prefix + name + '-title', text: title })].concat(children));
  }

  function poolColor(pool, index) {
    return POOL_COLORS[pool] || EXTRA_COLORS[index % EXTRA_COLORS.length];
  }

  // Pools in the order the capture lists them (tpool first), then any others it has rows for.
  function poolsOf(data) {
    var listed = Array.isArray(get(data, 'methodology.peers')) ? data.methodology.peers.slice() : [];
    if (listed.indexOf('tpool') < 0) listed.unshift('tpool');
    (data.scenarios || []).forEach(function (s) { if (listed.indexOf(s.pool) < 0) listed.push(s.pool); });
    return listed;
  }

  // 'ignores priorities' notes come from the capture itself (methodology.honours_priorities).
  function fifoNote(data, pool) {
    var order = get(data, 'methodology.honours_priorities');
    return order && order[pool] === false ? ' (ignores priorities)' : '';
  }

  function scenarioEntry(data, id, pool) {
    var found = null;
    (data.scenarios || []).forEach(function (s) {
      if (s.id === id && s.pool === pool && (!found || s.suite === 'reference')) found = s;
    });
    return found;
  }

  function isPoolScenario(s) { return s.kind === 'throughput' || s.kind === 'many_producers'; }

  // What the other parts of the page use.
  T.byId = byId;
  T.el = el;
  T.isNumber = isNumber;
  T.formatNumber = formatNumber;
  T.microsecondDigits = microsecondDigits;
  T.significantDigits = significantDigits;
  T.formatSignificant = formatSignificant;
  T.percentCell = percentCell;
  T.get = get;
  T.unique = unique;
  T.numberCell = numberCell;
  T.microsecondCell = microsecondCell;
  T.textCell = textCell;
  T.buildTable = buildTable;
  T.notice = notice;
  T.section = section;
  T.poolColor = poolColor;
  T.poolsOf = poolsOf;
  T.fifoNote = fifoNote;
  T.scenarioEntry = scenarioEntry;
  T.isPoolScenario = isPoolScenario;
  T.PLATFORM_ORDER = PLATFORM_ORDER;
  T.ALWAYS_SHOWN = ALWAYS_SHOWN;
  T.PLATFORM_LABELS = PLATFORM_LABELS;
  T.CAPTURE_FOLDERS = CAPTURE_FOLDERS;
  T.PUBLISH_COMMANDS = PUBLISH_COMMANDS;
  T.KIND_ORDER = KIND_ORDER;
  T.KIND_TITLES = KIND_TITLES;
  T.POOL_COLORS = POOL_COLORS;
  T.EXTRA_COLORS = EXTRA_COLORS;
  T.PASS_COLOR = PASS_COLOR;
  T.FAIL_COLOR = FAIL_COLOR;
  T.MIXES = MIXES;
  T.PRIORITIES = PRIORITIES;
  T.PERCENTILES = PERCENTILES;
  T.PERCENTILE_COLORS = PERCENTILE_COLORS;
  T.page = page;
})(window.TpoolPage);
