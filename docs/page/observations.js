/* Every measured repetition, sortable and filterable. */
(function (T) {
  'use strict';
  var el = T.el, textCell = T.textCell, buildTable = T.buildTable, section = T.section,
    CSV_COLUMNS = T.CSV_COLUMNS, TEXT_COLUMNS = T.TEXT_COLUMNS;

  // ---- observations -------------------------------------------------------

  function renderObservations(ctx) {
    var observations = ctx.data.observations || [];
    var columns = CSV_COLUMNS.slice();
    if (observations.length > 0) {
      Object.keys(observations[0]).forEach(function (key) { if (columns.indexOf(key) < 0) columns.push(key); });
    }
    var tableColumns = columns.map(function (column) {
      return {
        key: column, label: column, text: !!TEXT_COLUMNS[column],
        cell: function (row) { return TEXT_COLUMNS[column] ? textCell(row[column]) : { text: String(row[column]), value: row[column] }; }
      };
    });
    var wrapper = buildTable('Measured repetitions (' + observations.length + ' rows)', tableColumns, observations,
      { id: ctx.prefix + 'table-observations', className: 'observation-table' });
    wrapper.classList.add('table-scroll-tall');
    wrapper.setAttribute('tabindex', '0');
    wrapper.setAttribute('aria-label', 'Measured repetitions, scrollable');
    var table = wrapper.querySelector('table');
    var tbody = table.querySelector('tbody');
    var rows = Array.prototype.slice.call(tbody.rows);
    rows.forEach(function (row, index) {
      row.dataset.index = String(index);
      row.dataset.search = Array.prototype.map.call(row.cells, function (c) { return c.textContent; }).join(' ').toLowerCase();
    });
    var headers = Array.prototype.slice.call(table.querySelectorAll('thead th'));
    headers.forEach(function (th, columnIndex) {
      var label = th.textContent;
      th.textContent = '';
      th.classList.add('sortable');
      var button = el('button', { type: 'button', text: label });
      th.appendChild(button);
      button.addEventListener('click', function () {
        var ascending = th.getAttribute('aria-sort') !== 'ascending';
        headers.forEach(function (other) { other.removeAttribute('aria-sort'); });
        th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
        var numeric = !TEXT_COLUMNS[columns[columnIndex]];
        rows.sort(function (a, b) {
          var x = a.cells[columnIndex].getAttribute('data-value');
          var y = b.cells[columnIndex].getAttribute('data-value');
          var order = numeric ? Number(x) - Number(y) : String(x).localeCompare(String(y));
          if (order === 0) order = Number(a.dataset.index) - Number(b.dataset.index);
          return ascending ? order : -order;
        });
        rows.forEach(function (row) { tbody.appendChild(row); });
      });
    });
    var filter = el('input', { id: ctx.prefix + 'observation-filter', className: 'observation-filter', type: 'search', placeholder: 'e.g. w4 high90 tpool', autocomplete: 'off' });
    var count = el('p', { className: 'observation-count', id: ctx.prefix + 'observation-count', 'aria-live': 'polite' });
    function applyFilter() {
      var words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
      var shown = 0;
      rows.forEach(function (row) {
        var match = words.every(function (word) { return row.dataset.search.indexOf(word) >= 0; });
        row.hidden = !match;
        if (match) shown++;
      });
      count.textContent = 'Showing ' + shown + ' of ' + rows.length + ' rows.';
    }
    filter.addEventListener('input', applyFilter);
    applyFilter();
    return section(ctx, 'observations', 'Raw observations', [
      el('p', { text: 'Every measured repetition, exactly as in native-runs.csv. Click a column heading to sort; type to filter (all words must match).' }),
      el('label', { className: 'filter' }, ['Filter ', filter]),
      count,
      wrapper
    ]);
  }

  // What the other parts of the page use.
  T.renderObservations = renderObservations;
})(window.TpoolPage);
