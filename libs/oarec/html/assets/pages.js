// geokatalog public pages: progressive enhancement only. Pages work without this script
// (search, facets, dates, sort and paging are plain forms and links); it adds the map (Leaflet's
// own minified build, loaded on demand from this server), the results' footprints on it with
// hover highlighting both ways, and drawing a search box. An ES module from 'self': the
// Content-Security-Policy allows no inline script. Served minified (scripts/build-page-assets.cjs).

const round = (n) => Math.round(n * 10000) / 10000;

/** Empty fields would put `q=&sortby=` into the shared URL: leave them out of the request. */
const beforeSubmit = new WeakMap();
function tidyOnSubmit(form) {
  form.addEventListener('submit', () => {
    for (const hook of beforeSubmit.get(form) ?? []) hook();
    // form.elements: the date inputs sit outside the form element (their `form` attribute names it)
    for (const el of form.elements) {
      if (el.name && (el.tagName === 'INPUT' || el.tagName === 'SELECT') && el.value === '') el.disabled = true;
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

/** Leaflet's minified UMD build (window.L), by a script element: one request, only on map pages. */
function loadLeaflet() {
  if (window.L) return Promise.resolve(window.L);
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = new URL('./vendor/leaflet/leaflet.js', import.meta.url).href;
    s.onload = () => resolve(window.L);
    s.onerror = reject;
    document.head.appendChild(s);
  });
}

const FOOTPRINT = { color: '#1f5f8b', weight: 2, fillColor: '#1f5f8b', fillOpacity: 0.08 };
const FOOTPRINT_LIT = { color: '#c05600', weight: 3, fillColor: '#c05600', fillOpacity: 0.3 };

/**
 * The results' footprints (the page's JSON data block) on the map. Hovering or focusing a result
 * lights its footprint; hovering a footprint lights its result (and its tooltip names it); a
 * click on a footprint opens the record. Returns the layer group, or null without results.
 */
function showFootprints(L, map, el) {
  const block = el.dataset.footprints && document.getElementById(el.dataset.footprints);
  if (!block) return null;
  let list;
  try {
    list = JSON.parse(block.textContent || '[]');
  } catch {
    return null;
  }
  if (!list.length) return null;
  const group = L.featureGroup().addTo(map);
  const items = new Map();
  const light = (i, on) => {
    const entry = items.get(i);
    if (!entry) return;
    entry.layer.setStyle(on ? FOOTPRINT_LIT : FOOTPRINT);
    if (on) entry.layer.bringToFront();
    entry.li?.classList.toggle('is-lit', on);
    entry.layer.eachLayer((l) => l.getElement?.()?.classList.toggle('footprint-lit', on));
  };
  for (const f of list) {
    const layer = L.geoJSON(f.geometry, { style: FOOTPRINT }).addTo(group);
    const li = document.querySelector(`[data-footprint="${f.i}"]`);
    items.set(f.i, { layer, li });
    layer.eachLayer((l) => l.getElement?.()?.classList.add('footprint'));
    layer.eachLayer((l) => l.getElement?.()?.setAttribute('data-footprint-of', String(f.i)));
    layer.bindTooltip(f.title, { sticky: true });
    layer.on('mouseover', () => light(f.i, true));
    layer.on('mouseout', () => light(f.i, false));
    // a click moves to the result in the list (not away: the click may end drawing a box)
    layer.on('click', () => {
      if (el.hasAttribute('data-drew')) return; // the end of drawing a box, not a click on the footprint
      li?.scrollIntoView({ block: 'nearest' });
      li?.querySelector('h3 a')?.focus({ preventScroll: true });
    });
    if (li) {
      li.addEventListener('mouseenter', () => light(f.i, true));
      li.addEventListener('mouseleave', () => light(f.i, false));
      li.addEventListener('focusin', () => light(f.i, true));
      li.addEventListener('focusout', () => light(f.i, false));
    }
  }
  return group;
}

async function startMap(el, form) {
  const L = await loadLeaflet();
  const map = L.map(el, { minZoom: 1, maxZoom: 18, boxZoom: false, worldCopyJump: false, attributionControl: Boolean(el.dataset.tiles) });
  map.setView([-2, 118], 3); // Indonesia
  const tiles = el.dataset.tiles;
  if (tiles) L.tileLayer(tiles, { maxZoom: 18 }).addTo(map);
  fetch(el.dataset.world)
    .then((r) => r.json())
    .then((world) => {
      // land polygons filled, country borders (one line feature) drawn once over them
      L.geoJSON(world, {
        interactive: false,
        style: (f) => (f.properties && f.properties.kind === 'border'
          ? { color: '#8a939c', weight: 0.8, fill: false }
          : { color: '#5b6672', weight: 1, fillColor: '#f3efe2', fillOpacity: tiles ? 0 : 1 }),
      }).addTo(map).bringToBack();
    })
    .catch(() => undefined); // the base map is decoration; the box and the search still work
  let rect = null;
  const show = (b) => {
    if (rect) rect.remove();
    rect = b ? L.rectangle(boxBounds(b), { color: '#c0392b', weight: 2, fillOpacity: 0.15 }).addTo(map) : null;
  };
  const initial = el.dataset.bbox ? el.dataset.bbox.split(',').map(Number) : null;
  const prints = showFootprints(L, map, el);
  if (initial && initial.length === 4 && initial.every(Number.isFinite)) {
    show(initial);
    map.fitBounds(boxBounds(initial), { padding: [30, 30], maxZoom: 6 });
  } else if (prints && !map.getBounds().intersects(prints.getBounds())) {
    // the map opens on Indonesia; when no result is in view, it shows where they are
    map.fitBounds(prints.getBounds(), { padding: [20, 20], maxZoom: 6 });
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
    el.setAttribute('data-drew', '');
    setDrawing(false);
    if (b[0] === b[2] || b[1] === b[3]) return; // a click, not a box
    apply(b);
    form.requestSubmit(); // the box is part of the search: run it, and the URL keeps it
  });
}

for (const form of document.querySelectorAll('[data-search-form]')) tidyOnSubmit(form);
const mapEl = document.querySelector('[data-map]');
if (mapEl) startMap(mapEl, document.querySelector('[data-search-form]'));
