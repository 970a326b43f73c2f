/**
 * Texts of the XML view and the XML changes of the review (issue 19 points 2, 4, 5), in their own
 * table so they merge apart from the other catalogues; translate.ts joins them.
 */
export const XML_MESSAGES_ID = {
  'record.tabXml': 'XML',
  'xml.label': 'Dokumen XML (ISO)',
  'xml.hint': 'Sunting dokumen ISO rekaman ini langsung. "Periksa" menguji XSD resmi dan aturan katalog serta menampilkan perubahannya; "Simpan" menyimpannya sebagai versi dokumen baru bila lolos.',
  'xml.none': 'Rekaman ini belum memiliki dokumen XML (dokumen dari isian editor dibuat sebentar lagi).',
  'xml.check': 'Periksa',
  'xml.save': 'Simpan',
  'xml.passed': 'Dokumen lolos pemeriksaan XSD dan aturan katalog.',
  'xml.failed': 'Dokumen belum lolos pemeriksaan; perbaiki temuan di bawah.',
  'xml.saved': 'Dokumen XML disimpan sebagai versi dokumen baru.',
  'xml.unchanged': 'Tidak ada perubahan dibanding dokumen tersimpan.',
  'xml.findings': 'Temuan',
  'xml.ourChecks': 'Aturan katalog',
  'xml.xsdChecks': 'XSD ({xsd})',
  'xml.line': 'baris {line}',
  'xml.diff': 'Perubahan XML',
  'xml.fieldChanges': 'Perubahan isian',
  'xml.stored': 'Laporan dokumen tersimpan (versi {seq})',
  'xml.xsdPending': 'Pemeriksaan XSD sedang berjalan.',
  'xml.xsdValid': 'Lolos XSD ({xsd}).',
  'xml.xsdInvalid': '{n} temuan XSD ({xsd}).',
  'xml.noIssues': 'Tidak ada temuan aturan katalog.',
  'xml.showXmlChanges': 'Tampilkan perubahan XML',
  'xml.noXmlChanges': 'Dokumen XML tidak berubah.',
  'xml.noXmlToCompare': 'Belum ada dua versi dokumen untuk dibandingkan.',
} as const;

export type XmlMessageKey = keyof typeof XML_MESSAGES_ID;

export const XML_MESSAGES_EN: Record<XmlMessageKey, string> = {
  'record.tabXml': 'XML',
  'xml.label': 'XML document (ISO)',
  'xml.hint': 'Edit this record\'s ISO document directly. "Check" validates it against the official XSD and the catalogue\'s rules and shows what changes; "Save" stores it as a new document version when it passes.',
  'xml.none': 'This record has no XML document yet (a document from the editor\'s fields is made shortly).',
  'xml.check': 'Check',
  'xml.save': 'Save',
  'xml.passed': 'The document passes the XSD and the catalogue\'s rules.',
  'xml.failed': 'The document does not pass yet; fix the findings below.',
  'xml.saved': 'The XML document was saved as a new document version.',
  'xml.unchanged': 'No change compared with the stored document.',
  'xml.findings': 'Findings',
  'xml.ourChecks': 'Catalogue rules',
  'xml.xsdChecks': 'XSD ({xsd})',
  'xml.line': 'line {line}',
  'xml.diff': 'XML changes',
  'xml.fieldChanges': 'Field changes',
  'xml.stored': 'Report of the stored document (version {seq})',
  'xml.xsdPending': 'The XSD check is under way.',
  'xml.xsdValid': 'Passes the XSD ({xsd}).',
  'xml.xsdInvalid': '{n} XSD findings ({xsd}).',
  'xml.noIssues': 'No findings of the catalogue\'s rules.',
  'xml.showXmlChanges': 'Show XML changes',
  'xml.noXmlChanges': 'The XML document did not change.',
  'xml.noXmlToCompare': 'There are not yet two document versions to compare.',
};
