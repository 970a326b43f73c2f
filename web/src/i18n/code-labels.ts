import type { Lang } from './translate';

/**
 * The label of a code-list entry in the workbench's language. The server's lists
 * (GET /api/referensi/{name}) carry Indonesian labels only; in English the label comes from
 * the code itself: ISO 19115 codes are English words in lowerCamelCase (`resourceProvider` →
 * "Resource provider"), ISO 639-2 language codes are named by the browser's Intl, and the
 * distribution protocols, whose codes are not words, have their own English table.
 */
const PROTOCOLS_EN: Record<string, string> = {
  'OGC:WMS': 'OGC Web Map Service (WMS)', 'OGC:WMTS': 'OGC Web Map Tile Service (WMTS)', 'OGC:WFS': 'OGC Web Feature Service (WFS)',
  'OGC:WCS': 'OGC Web Coverage Service (WCS)', 'OGC:WPS': 'OGC Web Processing Service (WPS)', 'OGC:CSW': 'OGC Catalogue Service (CSW)',
  'OGC:SOS': 'OGC Sensor Observation Service (SOS)', 'OGC:SensorThings': 'OGC SensorThings API', 'OGC:WMC': 'OGC Web Map Context document (WMC)',
  'OGC:OWS-C': 'OGC OWS Context document', 'OGC:OWS': 'OGC web service (generic)', 'OGC:KML': 'KML document', 'OGC:GML': 'GML document',
  'ESRI:REST': 'ArcGIS REST service (Esri)', 'OPeNDAP:OPeNDAP': 'OPeNDAP service', 'WWW:LINK': 'Web link', 'WWW:DOWNLOAD': 'Web download',
  'WWW:LINK-1.0-http--link': 'Web link (legacy name)', 'WWW:LINK-1.0-http--related': 'Related link (legacy name)',
  'WWW:DOWNLOAD-1.0-http--download': 'HTTP download (legacy name)', 'WWW:DOWNLOAD-1.0-ftp--download': 'FTP download (legacy name)',
  FTP: 'FTP server', FILE: 'File (local or network)', 'DB:POSTGIS': 'PostGIS database',
};

/** ISO 639-2 codes Intl has no English name for (collective and special codes). */
const LANGUAGES_EN: Record<string, string> = {
  btk: 'Batak languages', day: 'Land Dayak languages', paa: 'Papuan languages', map: 'Other Austronesian languages',
  mis: 'Uncoded languages', und: 'Undetermined',
};

/** `DQ_CompletenessOmission` → "Completeness omission"; `topSecret` → "Top secret". */
export function wordsOfCode(code: string): string {
  const words = code.replace(/^[A-Z]{2}_/, '').replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function protocolEn(code: string): string {
  if (PROTOCOLS_EN[code]) return PROTOCOLS_EN[code];
  const legacy = /^OGC:(W[MFC]S)-([\d.]+)-http-get-(map|capabilities)$/.exec(code);
  if (legacy) return `${legacy[1]} ${legacy[2]} ${legacy[3] === 'map' ? 'map' : 'capabilities'} (legacy name)`;
  return code.replace(/^OGC:/, 'OGC ').replace(/^OGC API-/, 'OGC API - ');
}

let languageNames: Intl.DisplayNames | null | undefined;
function languageEn(code: string): string | undefined {
  if (LANGUAGES_EN[code]) return LANGUAGES_EN[code];
  try {
    languageNames ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
    return languageNames?.of(code) ?? undefined;
  } catch {
    languageNames = null;
    return undefined;
  }
}

export function codeLabel(list: string, item: { kode: string; label: string }, lang: Lang): string {
  if (lang === 'id') return item.label;
  if (list === 'PROTOKOL_DISTRIBUSI') return protocolEn(item.kode);
  if (list === 'BAHASA') return languageEn(item.kode) ?? item.kode;
  return wordsOfCode(item.kode);
}
