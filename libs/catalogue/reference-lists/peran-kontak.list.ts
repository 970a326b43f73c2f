import { defineList } from './reference-item.types';

/** ISO 19115-1:2014 CI_RoleCode: the 11 codes of 19115:2003 plus the 9 added in 2014. */
export const PERAN_KONTAK = defineList([
  { kode: 'resourceProvider', label: 'Penyedia sumber daya' },
  { kode: 'custodian', label: 'Pengelola' },
  { kode: 'owner', label: 'Pemilik' },
  { kode: 'user', label: 'Pengguna' },
  { kode: 'distributor', label: 'Distributor' },
  { kode: 'originator', label: 'Pembuat' },
  { kode: 'pointOfContact', label: 'Narahubung' },
  { kode: 'principalInvestigator', label: 'Peneliti utama' },
  { kode: 'processor', label: 'Pengolah' },
  { kode: 'publisher', label: 'Penerbit' },
  { kode: 'author', label: 'Penulis' },
  { kode: 'sponsor', label: 'Sponsor' },
  { kode: 'coAuthor', label: 'Penulis pendamping' },
  { kode: 'collaborator', label: 'Kolaborator' },
  { kode: 'editor', label: 'Penyunting' },
  { kode: 'mediator', label: 'Perantara' },
  { kode: 'rightsHolder', label: 'Pemegang hak' },
  { kode: 'contributor', label: 'Kontributor' },
  { kode: 'funder', label: 'Penyandang dana' },
  { kode: 'stakeholder', label: 'Pemangku kepentingan' },
]);
