import { CswError, invalid } from '../csw-error';
import { OUTPUT_FORMATS, SECTIONS, SUPPORTED_VERSION } from '../capabilities';
import type { CapabilitiesSection, GetCapabilitiesRequest } from './csw-request';

/** GetCapabilities parameters, shared by KVP and XML (OWS 1.0 7.3). */
export function buildCapabilitiesRequest(input: {
  sections: string[] | undefined;
  acceptVersions: string[] | undefined;
  acceptFormats: string[] | undefined;
  updateSequence: string | undefined;
}): GetCapabilitiesRequest {
  if (input.acceptVersions && !input.acceptVersions.includes(SUPPORTED_VERSION)) {
    throw new CswError(
      'VersionNegotiationFailed',
      'acceptversions',
      `Versi yang diminta (${input.acceptVersions.join(', ')}) tidak didukung; layanan ini hanya mendukung CSW ${SUPPORTED_VERSION}.`,
    );
  }
  if (input.acceptFormats && !input.acceptFormats.some((f) => (OUTPUT_FORMATS as readonly string[]).includes(f))) {
    throw invalid('acceptformats', `Format ${input.acceptFormats.join(', ')} tidak didukung. Nilai yang didukung: ${OUTPUT_FORMATS.join(', ')}.`);
  }
  let sections: CapabilitiesSection[] | undefined;
  if (input.sections) {
    sections = input.sections.map((s) => {
      const known = SECTIONS.find((k) => k.toLowerCase() === s.toLowerCase());
      if (!known) throw invalid('sections', `Bagian "${s}" tidak dikenal. Nilai yang didukung: ${SECTIONS.join(', ')}.`);
      return known;
    });
  }
  return {
    operation: 'GetCapabilities',
    sections,
    acceptVersions: input.acceptVersions,
    acceptFormats: input.acceptFormats,
    updateSequence: input.updateSequence,
  };
}
