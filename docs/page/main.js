/* Tabs and panels: one tab per published capture, each panel rendered from its
 * own capture only, charts drawn when a tab is first shown. */
(function (T) {
  'use strict';
  var byId = T.byId, el = T.el, get = T.get, notice = T.notice, section = T.section,
    PLATFORM_ORDER = T.PLATFORM_ORDER, ALWAYS_SHOWN = T.ALWAYS_SHOWN, PLATFORM_LABELS = T.PLATFORM_LABELS,
    PUBLISH_COMMANDS = T.PUBLISH_COMMANDS, page = T.page, markChartEmpty = T.markChartEmpty,
    renderHeader = T.renderHeader, renderMatrix = T.renderMatrix, renderComparison = T.renderComparison,
    renderGlossary = T.renderGlossary, renderDetails = T.renderDetails, renderReference = T.renderReference,
    renderExtended = T.renderExtended, renderThroughputCharts = T.renderThroughputCharts,
    renderLatency = T.renderLatency, renderProbes = T.renderProbes,
    renderMethodology = T.renderMethodology, underWine = T.underWine;

  // ---- tabs and panels --------------------------------------------------------

  function tabLabel(platform, data) {
    var label = PLATFORM_LABELS[platform] || platform;
    if (data && underWine(data)) label = 'Windows x64 build under Wine on Linux';
    return label;
  }

  function renderEmptyPanel(panel, platform) {
    panel.appendChild(el('section', { className: 'notice empty-capture' }, [
      el('h2', { text: 'No ' + (PLATFORM_LABELS[platform] || platform) + ' capture has been published' }),
      el('p', null, ['This tab shows only that platform\u2019s measured data, and none is present. Run ',
        el('code', { text: PUBLISH_COMMANDS[platform] || ('pwsh tools/Benchmark.ps1 -Platform ' + platform + ' -Publish') }),
        ' to measure and publish it.'])
    ]));
  }

  function renderPanel(panel, platform, data) {
    var ctx = { platform: platform, data: data, prefix: platform + '-', chartIds: [], draw: [] };
    page.charts[platform] = {};
    page.emptyCharts[platform] = [];
    // The first screen answers which pool to pick (header, machine, matrix);
    // then the other verdicts, the words, the charts and the records.
    [renderHeader, renderMatrix, renderComparison, renderGlossary, renderThroughputCharts, renderLatency, renderProbes,
      renderReference, renderExtended, renderDetails, renderMethodology].forEach(function (render) { panel.appendChild(render(ctx)); });
    return ctx;
  }

  function drawPanel(ctx) {
    if (page.drawn[ctx.platform]) return;
    if (typeof Chart === 'undefined') {
      ctx.chartIds.forEach(function (id) {
        var name = id.slice(ctx.prefix.length + 'chart-'.length);
        markChartEmpty(ctx, name, 'The chart library (assets/vendor/chartjs) did not load; the tables hold the same numbers.');
      });
    } else {
      var style = getComputedStyle(document.body);
      Chart.defaults.color = style.color;
      Chart.defaults.borderColor = style.getPropertyValue('--chart-grid').trim() || 'rgba(128,128,128,0.2)';
      Chart.defaults.font.family = style.fontFamily;
      Chart.defaults.animation = false;
      Chart.defaults.maintainAspectRatio = false;
      ctx.draw.forEach(function (draw) { draw(); });
    }
    page.drawn[ctx.platform] = true;
  }

  function render() {
    var captures = window.TPOOL_CAPTURES;
    if (!captures || typeof captures !== 'object') captures = {};
    var published = Object.keys(captures).filter(function (platform) {
      var data = captures[platform];
      return data && typeof data === 'object' && Array.isArray(data.scenarios);
    });
    if (published.length === 0) {
      byId('no-capture').hidden = false;
      page.rendered = true;
      return;
    }
    page.hasCapture = true;
    var platforms = PLATFORM_ORDER.filter(function (p) { return ALWAYS_SHOWN.indexOf(p) >= 0 || published.indexOf(p) >= 0; })
      .concat(published.filter(function (p) { return PLATFORM_ORDER.indexOf(p) < 0; }));
    var tabList = byId('capture-tabs');
    var holder = byId('capture-panels');
    var contexts = {};
    var buttons = {};
    var panels = {};
    platforms.forEach(function (platform) {
      var data = published.indexOf(platform) >= 0 ? captures[platform] : null;
      var button = el('button', {
        type: 'button', role: 'tab', id: 'tab-' + platform, 'aria-controls': 'panel-' + platform,
        'aria-selected': 'false', tabindex: '-1', className: 'tab' + (data ? '' : ' tab-empty'), 'data-platform': platform
      }, [tabLabel(platform, data) + (data ? '' : ' (none published)')]);
      var panel = el('div', { role: 'tabpanel', id: 'panel-' + platform, 'aria-labelledby': 'tab-' + platform, className: 'capture-panel', 'data-platform': platform, hidden: true });
      if (data) contexts[platform] = renderPanel(panel, platform, data);
      else renderEmptyPanel(panel, platform);
      button.addEventListener('click', function () { activate(platform, true); });
      button.addEventListener('keydown', function (event) {
        var index = platforms.indexOf(platform);
        if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
          var next = platforms[(index + (event.key === 'ArrowRight' ? 1 : platforms.length - 1)) % platforms.length];
          activate(next, true);
          buttons[next].focus();
          event.preventDefault();
        }
      });
      tabList.appendChild(button);
      holder.appendChild(panel);
      buttons[platform] = button;
      panels[platform] = panel;
      page.tabs.push({ platform: platform, published: !!data });
    });
    tabList.hidden = false;

    function activate(platform, updateHash) {
      platforms.forEach(function (other) {
        var selected = other === platform;
        buttons[other].setAttribute('aria-selected', selected ? 'true' : 'false');
        buttons[other].setAttribute('tabindex', selected ? '0' : '-1');
        panels[other].hidden = !selected;
      });
      if (contexts[platform]) {
        drawPanel(contexts[platform]);
        document.title = 'tpool benchmark results \u2013 ' + platform + ', ' + contexts[platform].data.captured_utc;
      } else {
        document.title = 'tpool benchmark results \u2013 ' + platform + ', none published';
      }
      page.active = platform;
      if (updateHash && window.history && window.history.replaceState) window.history.replaceState(null, '', '#' + platform);
    }
    page.activate = function (platform) { activate(platform, false); };
    var wanted = decodeURIComponent((window.location.hash || '').slice(1));
    // Default: the first published tab in PLATFORM_ORDER, the native one when there is one.
    activate(platforms.indexOf(wanted) >= 0 ? wanted : platforms.filter(function (p) { return published.indexOf(p) >= 0; })[0], false);
    page.rendered = true;
  }


  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', render);
  else render();
})(window.TpoolPage);
