import { defineList } from './reference-item.types';

/**
 * Online resource protocol identifiers as written in gmd:protocol and read by GIS clients and
 * harvesters. The short forms (OGC:WMS, WWW:LINK, …) are the current convention; the long
 * versioned forms are kept because records harvested from older catalogues still carry them
 * and an import must not fail on them.
 */
export const PROTOKOL_DISTRIBUSI = defineList([
  { kode: 'OGC:WMS', label: 'Layanan peta web OGC (WMS)' },
  { kode: 'OGC:WMTS', label: 'Layanan ubin peta web OGC (WMTS)' },
  { kode: 'OGC:WFS', label: 'Layanan fitur web OGC (WFS)' },
  { kode: 'OGC:WCS', label: 'Layanan coverage web OGC (WCS)' },
  { kode: 'OGC:WPS', label: 'Layanan pemrosesan web OGC (WPS)' },
  { kode: 'OGC:CSW', label: 'Layanan katalog web OGC (CSW)' },
  { kode: 'OGC:SOS', label: 'Layanan observasi sensor OGC (SOS)' },
  { kode: 'OGC:SensorThings', label: 'OGC SensorThings API' },
  { kode: 'OGC:API-Features', label: 'OGC API - Features' },
  { kode: 'OGC:API-Records', label: 'OGC API - Records' },
  { kode: 'OGC:API-Coverages', label: 'OGC API - Coverages' },
  { kode: 'OGC:API-Maps', label: 'OGC API - Maps' },
  { kode: 'OGC:API-Tiles', label: 'OGC API - Tiles' },
  { kode: 'OGC:API-Processes', label: 'OGC API - Processes' },
  { kode: 'OGC:API-EDR', label: 'OGC API - Environmental Data Retrieval' },
  { kode: 'OGC:WMC', label: 'Dokumen konteks peta web OGC (WMC)' },
  { kode: 'OGC:OWS-C', label: 'Dokumen konteks layanan web OGC (OWS Context)' },
  { kode: 'OGC:OWS', label: 'Layanan web OGC (umum)' },
  { kode: 'OGC:KML', label: 'Dokumen KML' },
  { kode: 'OGC:GML', label: 'Dokumen GML' },
  { kode: 'OGC:WMS-1.1.1-http-get-map', label: 'Peta WMS 1.1.1 (penamaan lama)' },
  { kode: 'OGC:WMS-1.3.0-http-get-map', label: 'Peta WMS 1.3.0 (penamaan lama)' },
  { kode: 'OGC:WMS-1.1.1-http-get-capabilities', label: 'Kapabilitas WMS 1.1.1 (penamaan lama)' },
  { kode: 'OGC:WMS-1.3.0-http-get-capabilities', label: 'Kapabilitas WMS 1.3.0 (penamaan lama)' },
  { kode: 'OGC:WFS-1.0.0-http-get-capabilities', label: 'Kapabilitas WFS 1.0.0 (penamaan lama)' },
  { kode: 'OGC:WFS-1.1.0-http-get-capabilities', label: 'Kapabilitas WFS 1.1.0 (penamaan lama)' },
  { kode: 'OGC:WFS-2.0.0-http-get-capabilities', label: 'Kapabilitas WFS 2.0.0 (penamaan lama)' },
  { kode: 'OGC:WCS-1.1.0-http-get-capabilities', label: 'Kapabilitas WCS 1.1.0 (penamaan lama)' },
  { kode: 'ESRI:REST', label: 'Layanan REST ArcGIS (Esri)' },
  { kode: 'OPeNDAP:OPeNDAP', label: 'Layanan OPeNDAP' },
  { kode: 'WWW:LINK', label: 'Tautan web' },
  { kode: 'WWW:DOWNLOAD', label: 'Unduhan melalui web' },
  { kode: 'WWW:LINK-1.0-http--link', label: 'Tautan web (penamaan lama)' },
  { kode: 'WWW:LINK-1.0-http--related', label: 'Tautan terkait (penamaan lama)' },
  { kode: 'WWW:DOWNLOAD-1.0-http--download', label: 'Unduhan HTTP (penamaan lama)' },
  { kode: 'WWW:DOWNLOAD-1.0-ftp--download', label: 'Unduhan FTP (penamaan lama)' },
  { kode: 'FTP', label: 'Server FTP' },
  { kode: 'FILE', label: 'Berkas (lokal atau jaringan)' },
  { kode: 'DB:POSTGIS', label: 'Basis data PostGIS' },
]);
