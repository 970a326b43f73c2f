// geokatalog public pages: progressive enhancement only. Pages work without this script
// (search, facets, sort and paging are plain forms and links); it adds the map (Leaflet,
// loaded on demand from this server) and drawing a search box on it. An ES module from
// 'self': the Content-Security-Policy allows no inline script.

const round = (n) => Math.round(n * 10000) / 10000;

/** Empty fields would put `q=&sortby=` into the shared URL: leave them out of the request. */
const beforeSubmit = new WeakMap();
function tidyOnSubmit(form) {
  form.addEventListener('submit', () => {
    for (const hook of beforeSubmit.get(form) ?? []) hook();
    for (const el of form.querySelectorAll('input[name], select[name]')) {
      if (el.value === '') el.disabled = true;
    }
  });
}

function bboxInput(form) {
  let input = form.querySelector('[data-bbox-value]');
  if (!input) {
    input = document.createElement('input');
    input.type = 'hidden';
    input.name = 'bbox';
    input.setAttribute('data-bbox-value', '');
    form.appendChild(input);
  }
  return input;
}

/** The four coordinate inputs (the keyboard way to set the box) → the one `bbox` parameter. */
function coordinateBox(form) {
  const parts = [...form.querySelectorAll('[data-bbox-part]')].sort((a, b) => a.dataset.bboxPart - b.dataset.bboxPart);
  const read = () => {
    const v = parts.map((p) => p.value.trim());
    if (v.every((x) => x === '')) return null;
    const n = v.map(Number);
    return v.every((x) => x !== '') && n.every(Number.isFinite) ? n : undefined;
  };
  const write = (b) => parts.forEach((p, i) => { p.value = b ? String(b[i]) : ''; });
  return { parts, read, write };
}

function lngWrap(x) {
  return ((((x + 180) % 360) + 360) % 360) - 180;
}

function boxBounds(b) {
  const [w, s, e, n] = b;
  // a box crossing the antimeridian is drawn east of 180 so it stays one rectangle
  return [[s, w], [n, w > e ? e + 360 : e]];
}

async function startMap(el, form) {
  const L = await import('./vendor/leaflet/leaflet-src.esm.js');
  const map = L.map(el, { minZoom: 1, maxZoom: 18, boxZoom: false, worldCopyJump: false, attributionControl: Boolean(el.dataset.tiles) });
  map.setView([-2, 118], 3); // Indonesia
  const tiles = el.dataset.tiles;
  if (tiles) L.tileLayer(tiles, { maxZoom: 18 }).addTo(map);
  fetch(el.dataset.world)
    .then((r) => r.json())
    .then((world) => {
      L.geoJSON(world, {
        interactive: false,
        style: { color: '#5b6672', weight: 1, fillColor: '#f3efe2', fillOpacity: tiles ? 0 : 1 },
      }).addTo(map).bringToBack();
    })
    .catch(() => undefined); // the base map is decoration; the box and the search still work
  let rect = null;
  const show = (b) => {
    if (rect) rect.remove();
    rect = b ? L.rectangle(boxBounds(b), { color: '#c0392b', weight: 2, fillOpacity: 0.15 }).addTo(map) : null;
  };
  const initial = el.dataset.bbox ? el.dataset.bbox.split(',').map(Number) : null;
  if (initial && initial.length === 4 && initial.every(Number.isFinite)) {
    show(initial);
    map.fitBounds(boxBounds(initial), { padding: [30, 30], maxZoom: 6 });
  }
  el.setAttribute('data-map-ready', '');
  if (el.dataset.map !== 'search' || !form) return;

  const tools = document.querySelector('[data-map-tools]');
  const fields = form.querySelector('[data-bbox-fields]');
  const toggle = tools.querySelector('[data-draw-toggle]');
  const clear = tools.querySelector('[data-draw-clear]');
  const coords = coordinateBox(form);
  tools.hidden = false;
  if (fields) fields.hidden = false;

  const apply = (b) => {
    bboxInput(form).value = b ? b.join(',') : '';
    coords.write(b);
    show(b);
  };
  for (const p of coords.parts) {
    p.addEventListener('change', () => {
      const b = coords.read();
      if (b) apply(b);
      if (b === null) apply(null);
    });
  }
  beforeSubmit.set(form, [() => {
    const b = coords.read();
    if (b !== undefined) bboxInput(form).value = b ? b.join(',') : '';
  }]);

  let drawing = false;
  let start = null;
  const setDrawing = (on) => {
    drawing = on;
    toggle.setAttribute('aria-pressed', String(on));
    el.classList.toggle('drawing', on);
    if (on) map.dragging.disable();
    else map.dragging.enable();
  };
  toggle.addEventListener('click', () => setDrawing(!drawing));
  clear.addEventListener('click', () => {
    const had = Boolean(bboxInput(form).value);
    apply(null);
    setDrawing(false);
    if (had) form.requestSubmit();
  });
  const boxOf = (a, b) => {
    const w = Math.min(a.lng, b.lng);
    const e = Math.max(a.lng, b.lng);
    const clampLat = (y) => Math.max(-90, Math.min(90, y));
    return [round(lngWrap(w)), round(clampLat(Math.min(a.lat, b.lat))), round(lngWrap(e)), round(clampLat(Math.max(a.lat, b.lat)))];
  };
  map.on('mousedown', (ev) => {
    if (!drawing) return;
    start = ev.latlng;
  });
  map.on('mousemove', (ev) => {
    if (!drawing || !start) return;
    show(boxOf(start, ev.latlng));
  });
  map.on('mouseup', (ev) => {
    if (!drawing || !start) return;
    const b = boxOf(start, ev.latlng);
    start = null;
    setDrawing(false);
    if (b[0] === b[2] || b[1] === b[3]) return; // a click, not a box
    apply(b);
    form.requestSubmit(); // the box is part of the search: run it, and the URL keeps it
  });
}

for (const form of document.querySelectorAll('[data-search-form]')) tidyOnSubmit(form);
const mapEl = document.querySelector('[data-map]');
if (mapEl) startMap(mapEl, document.querySelector('[data-search-form]'));
