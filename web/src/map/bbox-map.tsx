import { useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';
import { Button, Group, Text } from '@mantine/core';
import { useI18n } from '../i18n/i18n';

import { drawnBox, mapCorners, type Bbox } from './bbox-bounds';

export type { Bbox };

const round = (n: number): number => Math.round(n * 10_000) / 10_000;

let tileUrl: Promise<string | null> | undefined;
/** The optional tile server from the API (MAP_TILE_URL); the offline outlines are always there. */
const loadTileUrl = (): Promise<string | null> => (tileUrl ??= fetch('/app/config.json')
  .then((r) => (r.ok ? r.json() : { mapTileUrl: null }))
  .then((c: { mapTileUrl: string | null }) => c.mapTileUrl, () => null));

/**
 * The extent map: Natural Earth country outlines shipped with the app (world-atlas) as the
 * base layer, the record's box on top, and a draw mode (drag a rectangle) that reports the box.
 */
export function BboxMap({ value, onChange, readOnly, compact }: { value: Bbox | undefined; onChange(b: Bbox): void; readOnly?: boolean; compact?: boolean }) {
  const { t } = useI18n();
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const rect = useRef<L.Rectangle | null>(null);
  const [drawing, setDrawing] = useState(false);
  const change = useRef(onChange);
  change.current = onChange;

  useEffect(() => {
    if (!el.current) return;
    const m = L.map(el.current, { center: [-2.5, 118], zoom: 4, worldCopyJump: false, attributionControl: true });
    const topo = countries as unknown as Topology<{ countries: GeometryCollection }>;
    L.geoJSON(feature(topo, topo.objects.countries), { style: { color: '#495057', weight: 1, fillColor: '#dee2e6', fillOpacity: 1 } }).addTo(m);
    m.attributionControl.addAttribution('Natural Earth');
    el.current.style.background = '#d0ebff';
    void loadTileUrl().then((url) => { if (url && map.current === m) L.tileLayer(url, { maxZoom: 18 }).addTo(m).bringToBack(); });
    map.current = m;
    return () => { m.remove(); map.current = null; rect.current = null; };
  }, []);

  // the box follows the value (typed coordinates move it); the view goes to the box when the
  // record is opened (an extent outside Indonesia was off screen) and whenever it leaves the view
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (!value) { rect.current?.remove(); rect.current = null; return; }
    const bounds = L.latLngBounds(mapCorners(value));
    const first = !rect.current;
    if (rect.current) rect.current.setBounds(bounds);
    else rect.current = L.rectangle(bounds, { color: '#c92a2a', weight: 2 }).addTo(m);
    if (first || !m.getBounds().intersects(bounds)) m.fitBounds(bounds, { padding: [24, 24], maxZoom: 9, animate: false });
  }, [value?.west, value?.east, value?.south, value?.north]);

  useEffect(() => {
    const m = map.current;
    if (!m || !drawing) return;
    m.dragging.disable();
    let start: L.LatLng | null = null;
    let live: L.Rectangle | null = null;
    const down = (e: L.LeafletMouseEvent) => { start = e.latlng; };
    const move = (e: L.LeafletMouseEvent) => {
      if (!start) return;
      const b = L.latLngBounds(start, e.latlng);
      if (live) live.setBounds(b); else live = L.rectangle(b, { color: '#1c7ed6', dashArray: '4' }).addTo(m);
    };
    const up = (e: L.LeafletMouseEvent) => {
      if (!start) return;
      const b = L.latLngBounds(start, e.latlng);
      live?.remove();
      start = null;
      setDrawing(false);
      const box = drawnBox(b.getWest(), b.getEast(), b.getSouth(), b.getNorth());
      change.current({ west: round(box.west), east: round(box.east), south: round(box.south), north: round(box.north) });
    };
    m.on('mousedown', down).on('mousemove', move).on('mouseup', up);
    return () => {
      m.off('mousedown', down).off('mousemove', move).off('mouseup', up);
      live?.remove();
      m.dragging.enable();
    };
  }, [drawing]);

  return (
    <div>
      {!readOnly && (
        <Group mb="xs">
          <Button size="xs" variant={drawing ? 'filled' : 'light'} onClick={() => setDrawing((d) => !d)} data-testid="draw-bbox">{t('map.draw')}</Button>
          {drawing && <Text size="sm" role="status">{t('map.drawing')}</Text>}
        </Group>
      )}
      {/* Leaflet owns the inner element's classes: React must not re-render them away */}
      <div className={`bbox-map${drawing ? ' drawing' : ''}${compact ? ' compact' : ''}`}>
        <div ref={el} style={{ height: '100%' }} role="application" aria-label={t('map.label')} data-testid="bbox-map"
          data-crosses-antimeridian={value && value.west > value.east ? 'true' : undefined} />
      </div>
    </div>
  );
}
